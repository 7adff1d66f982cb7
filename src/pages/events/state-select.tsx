/** The states filter: states grouped by family, each family under a heading with its colour; "All …" under a heading selects or clears the family. */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { Theme } from '@mui/material/styles';
import type { EventStateName } from '#schema';
import { eventStateInfo } from '#components/event-state.ts';
import { STATE_FAMILIES } from './event-filters.ts';
import { fieldSx } from './filter-fields.tsx';

function ToneDot({ tone }: { tone: keyof Theme['palette']['state'] }) {
  return <Box aria-hidden sx={(theme: Theme) => ({ width: 10, height: 10, borderRadius: '50%', bgcolor: theme.palette.state[tone].main, flex: '0 0 auto' })} />;
}

/**
 * A family's heading in the state list. Select makes every child an option (role, click); a
 * heading is not one, so it drops what Select adds and stays a plain label.
 */
function FamilyHeading({ children }: { children: ReactNode } & Record<string, unknown>) {
  return (
    <ListSubheader role="presentation" sx={{ lineHeight: '32px', display: 'flex', alignItems: 'center', gap: 1, bgcolor: 'background.paper' }}>
      {children}
    </ListSubheader>
  );
}

/** States, grouped by family; the "All …" row under a heading selects or clears the whole family. */
export function StateSelect({ value, onChange }: { value: EventStateName[]; onChange: (states: EventStateName[]) => void }) {
  const labelId = useId();
  const toggleFamily = (states: EventStateName[]) => {
    const all = states.every((s) => value.includes(s));
    onChange(all ? value.filter((s) => !states.includes(s)) : [...value, ...states.filter((s) => !value.includes(s))]);
  };
  const items: ReactNode[] = [];
  for (const family of STATE_FAMILIES) {
    const all = family.states.every((s) => value.includes(s));
    items.push(
      <FamilyHeading key={`family-${family.tone}`}>
        <ToneDot tone={family.tone} />
        {family.label}
      </FamilyHeading>,
    );
    if (family.states.length > 1) {
      items.push(
        <MenuItem key={`all-${family.tone}`} dense data-family={family.tone} onClick={() => toggleFamily(family.states)} sx={{ pl: 3 }}>
          <Checkbox size="small" checked={all} indeterminate={!all && family.states.some((s) => value.includes(s))} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={`All ${family.label.toLowerCase()}`} slotProps={{ primary: { variant: 'body2', sx: { fontStyle: 'italic' } } }} />
        </MenuItem>,
      );
    }
    for (const state of family.states) {
      items.push(
        <MenuItem key={state} value={state} dense sx={{ pl: 3 }}>
          <Checkbox size="small" checked={value.includes(state)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={eventStateInfo(state).label} slotProps={{ primary: { variant: 'body2' } }} />
        </MenuItem>,
      );
    }
  }
  return (
    <FormControl size="small" sx={fieldSx}>
      <InputLabel id={labelId} shrink>
        State
      </InputLabel>
      <Select<EventStateName[]>
        multiple
        notched
        labelId={labelId}
        label="State"
        value={value}
        onChange={(event) => {
          // The "All …" rows have no value; the Select reports them as undefined entries.
          const next = (event.target.value as (EventStateName | undefined)[]).filter((s): s is EventStateName => typeof s === 'string');
          if (next.length !== value.length || next.some((s) => !value.includes(s))) onChange(next);
        }}
        renderValue={(selected) =>
          selected.length === 0 ? 'Any state' : selected.length === 1 ? eventStateInfo(selected[0]!).label : `${selected.length} states`
        }
        displayEmpty
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 440 } } } }}
      >
        {items}
      </Select>
    </FormControl>
  );
}
