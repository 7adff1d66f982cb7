/**
 * What the key's role keeps it from doing on a page, said once above what it concerns (DESIGN.md
 * "Trust"): the buttons it cannot use are disabled (or left out) and this says why. Nothing for a
 * key that may do it.
 *
 * @example
 * const configure = useCan()(api.webhook.upsert);
 * <RoleNotice permission={configure}>Webhooks are configuration: adding, editing and deleting them is for admin keys.</RoleNotice>
 * <Button disabled={!configure.allowed}>Add webhook</Button>
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import type { Permission } from './use-role.ts';

export function RoleNotice({ permission, children }: { permission: Permission; children?: ReactNode }) {
  if (permission.allowed) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="role-notice">
      {permission.reason} {children}
    </Alert>
  );
}
