/**
 * The simulated encoder's fault switch (PUT /event/{id}/health/fault): the simulated world's own
 * control, for demos and rehearsals, labelled as such. A real encoder has none.
 */
import { useMutation } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { EncoderFault } from '#schema';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { FAULT_WORDS } from './health-words.ts';

export function FaultSwitch({ eventId, fault, disabled }: { eventId: string; fault: EncoderFault | null; disabled: boolean }) {
  const describe = useDescribeError();
  const set = useMutation({
    ...api.encoderHealth.setFault.mutationOptions(),
    onError: (error) => notify(`Could not switch the fault: ${describe.action(error, 'encoderHealth.setFault')}`, { severity: 'error' }),
  });
  return (
    <TextField
      select
      size="small"
      label="Simulate a fault"
      value={fault ?? ''}
      disabled={disabled || set.isPending}
      onChange={(e) => set.mutate({ params: { id: eventId }, body: { fault: (e.target.value || null) as EncoderFault | null } })}
      helperText={disabled ? 'Only while the event is live' : 'Simulated encoder only'}
      // Why it cannot be used now is read at full contrast, not greyed with the control.
      slotProps={{ formHelperText: { disabled: false } }}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">None</MenuItem>
      {EncoderFault.options.map((f) => (
        <MenuItem key={f} value={f}>
          {FAULT_WORDS[f].label}
        </MenuItem>
      ))}
    </TextField>
  );
}
