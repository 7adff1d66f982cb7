/**
 * A `#rrggbb` colour bound to a react-hook-form field: suggested swatches (a radio group moved
 * through with the arrow keys), the browser's own colour picker for any other colour, and a hex
 * text input. What is typed is tidied on leaving the input (`1e88e5`, `#1E8` → `#1e88e5`, `#11ee88`);
 * the form's schema says whether it is valid. A preview shows the colour as the schedule does.
 */
import { useId, useRef, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { Tooltip } from './tooltip.tsx';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import ColorizeIcon from '@mui/icons-material/ColorizeOutlined';
import { DEFAULT_SWATCHES, HEX, normaliseHexColour, type Swatch } from './colour-swatches.ts';

export type ColourFieldProps<T extends FieldValues, TT = T> = {
  name: FieldPath<T>;
  control: Control<T, unknown, TT>;
  label: string;
  swatches?: readonly Swatch[];
  /** Colours already used elsewhere, named in the swatch's tooltip ("also Concert"). */
  usedBy?: ReadonlyMap<string, string[]>;
  /** The text of the preview chip (the item's name). */
  previewLabel?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

/**
 * @example
 * <ColourField control={form.control} name="colour" label="Colour" previewLabel={watch('name')} />
 */
export function ColourField<T extends FieldValues, TT = T>({
  name,
  control,
  label,
  swatches = DEFAULT_SWATCHES,
  usedBy,
  previewLabel,
  helperText,
  required,
  disabled,
}: ColourFieldProps<T, TT>) {
  const { field, fieldState } = useController({ name, control });
  const theme = useTheme();
  const groupLabelId = useId();
  const helperId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const value = typeof field.value === 'string' ? field.value : '';
  const valid = HEX.test(value);
  const current = valid ? value.toLowerCase() : null;
  const selectedIndex = swatches.findIndex((s) => s.colour === current);
  // Roving focus: the selected swatch (or the first) is the group's one tab stop.
  const tabStop = selectedIndex >= 0 ? selectedIndex : 0;

  const choose = (colour: string) => {
    field.onChange(colour);
    field.onBlur();
  };

  const onSwatchKey = (event: KeyboardEvent, index: number) => {
    const columns = 9;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: columns, ArrowLeft: -1, ArrowUp: -columns };
    let next: number | undefined;
    if (event.key in moves) next = Math.min(swatches.length - 1, Math.max(0, index + moves[event.key]!));
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = swatches.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    choose(swatches[next]!.colour);
  };

  const error = fieldState.error?.message;
  const previewColour = current ?? theme.palette.text.disabled;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} disabled={disabled} aria-describedby={helperId}>
      <Typography component="legend" id={groupLabelId} variant="body2" sx={{ fontWeight: 600, mb: 1, color: error ? 'error.main' : 'text.primary' }}>
        {label}
        {required && <span aria-hidden> *</span>}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby={groupLabelId}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 32px)', gap: 0.75, mb: 1.5, maxWidth: 9 * 32 + 8 * 6 }}
      >
        {swatches.map((swatch, index) => {
          const selected = index === selectedIndex;
          const others = usedBy?.get(swatch.colour);
          const tip = `${swatch.name} ${swatch.colour}${others && others.length > 0 ? ` — also ${others.join(', ')}` : ''}`;
          return (
            <Tooltip key={swatch.colour} title={tip} enterDelay={600}>
              <ButtonBase
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                role="radio"
                aria-checked={selected}
                aria-label={tip}
                tabIndex={index === tabStop ? 0 : -1}
                disabled={disabled}
                onClick={() => choose(swatch.colour)}
                onKeyDown={(event) => onSwatchKey(event, index)}
                sx={{
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  bgcolor: swatch.colour,
                  color: '#fff',
                  border: 2,
                  borderColor: selected ? 'text.primary' : 'transparent',
                  boxShadow: `inset 0 0 0 2px ${selected ? theme.palette.background.paper : 'transparent'}`,
                  '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
                  '& svg': { fontSize: 18, filter: 'drop-shadow(0 0 1px rgba(0,0,0,0.8))' },
                }}
              >
                {selected && <CheckIcon aria-hidden />}
                {!selected && others && others.length > 0 && (
                  <Box aria-hidden sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: 'rgba(255,255,255,0.9)' }} />
                )}
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          label="Hex colour"
          size="small"
          name={field.name}
          value={value}
          disabled={disabled}
          required={required}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={() => {
            const tidy = normaliseHexColour(value);
            if (tidy !== value) field.onChange(tidy);
            field.onBlur();
          }}
          inputRef={field.ref}
          error={Boolean(error)}
          placeholder="#1e88e5"
          sx={{ width: 150 }}
          slotProps={{
            htmlInput: { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off', maxLength: 7, 'aria-describedby': helperId, style: { fontFamily: 'monospace' } },
            input: {
              startAdornment: (
                <Box aria-hidden sx={{ width: 18, height: 18, mr: 1, flex: '0 0 auto', borderRadius: '4px', border: 1, borderColor: 'divider', bgcolor: current ?? 'transparent' }} />
              ),
            },
          }}
        />
        <Box
          component="label"
          sx={{
            position: 'relative',
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.75,
            height: 40,
            px: 1.5,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            cursor: disabled ? 'default' : 'pointer',
            typography: 'body2',
            fontWeight: 600,
            color: 'primary.main',
            '&:hover': { bgcolor: 'action.hover' },
            '&:focus-within': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
          }}
        >
          <ColorizeIcon fontSize="small" aria-hidden />
          Custom…
          <Box
            component="input"
            type="color"
            aria-label="Pick any colour"
            disabled={disabled}
            value={current ?? '#000000'}
            onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.value.toLowerCase())}
            // Visually hidden but focusable: the label around it is what shows.
            sx={{ position: 'absolute', inset: 0, opacity: 0, width: '100%', height: '100%', cursor: 'inherit', border: 0, p: 0 }}
          />
        </Box>
        <Box
          aria-hidden
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            height: 40,
            px: 1.25,
            minWidth: 0,
            maxWidth: '100%',
            borderRadius: 1,
            borderLeft: `4px solid ${previewColour}`,
            bgcolor: alpha(previewColour, theme.palette.mode === 'dark' ? 0.28 : 0.16),
          }}
        >
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: 220 }}>
            {previewLabel?.trim() || 'Preview'}
          </Typography>
        </Box>
      </Box>
      <FormHelperText id={helperId} error={Boolean(error)} sx={{ mx: 1.75 }}>
        {error ?? helperText ?? 'Events of this type show in this colour in the schedule.'}
      </FormHelperText>
    </Box>
  );
}
