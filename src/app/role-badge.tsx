/**
 * The key's role in the top bar (DESIGN.md "Trust"): Viewer, Operator or Admin, with what it may
 * do on hover and focus. Nothing while the role is unknown (or on a service without roles).
 */
import Chip from '@mui/material/Chip';
import { Tooltip } from '#components/tooltip.tsx';
import { ROLE_LABEL, ROLE_MAY, useSession } from './use-role.ts';

export function RoleBadge() {
  const session = useSession();
  // A service without roles answers no role: nothing to show.
  const label = session ? ROLE_LABEL[session.role] : undefined;
  if (!session || !label) return null;
  const who = session.keyLabel ? `The key ‘${session.keyLabel}’` : 'This key';
  return (
    <Tooltip describeChild title={`${who} is ${session.role === 'admin' ? 'an' : 'a'} ${label.toLowerCase()} key: ${ROLE_MAY[session.role]}.`}>
      <Chip
        size="small"
        variant="outlined"
        color={session.role === 'viewer' ? 'warning' : session.role === 'admin' ? 'primary' : 'default'}
        label={label}
        // Focusable so a keyboard shows what the role may do (the tooltip describes it).
        role="note"
        tabIndex={0}
      />
    </Tooltip>
  );
}
