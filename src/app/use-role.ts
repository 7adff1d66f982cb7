/**
 * The key's role (DESIGN.md "Trust"): what the dashboard offers. `GET /session/` says the role; a
 * service without it (another implementation of the interface, which has no roles) lets every
 * key do everything, so the dashboard offers everything there too.
 *
 * @example
 * const can = useCan();
 * const edit = can(api.webhook.update);
 * <Button disabled={!edit.allowed} title={edit.reason}>Edit</Button>    // or <RoleGate operation={api.webhook.update}>
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { roleAllows, type Endpoint, type Role, type Session } from '#schema';
import { api } from './api.ts';

export const ROLE_LABEL: Record<Role, string> = { viewer: 'Viewer', operator: 'Operator', admin: 'Admin' };

/** What each role may do, in the words the dashboard uses. */
export const ROLE_MAY: Record<Role, string> = {
  viewer: 'reads only: it can look at everything and change nothing',
  operator: 'day-to-day work: events and their live states, properties, playlists, assets, publications, downloads, captures',
  admin: 'everything, configuration included: webhooks, destinations, lookups, archiver flows and playout profiles',
};

export interface Permission {
  allowed: boolean;
  /** Why not, in words, when not allowed. */
  reason?: string;
}

/** The caller's key, or undefined while unknown (and on a service that has no roles). */
export function useSession(): Session | undefined {
  const { data } = useQuery({ ...api.session.get.queryOptions({}), staleTime: 60_000, retry: false });
  return data ?? undefined;
}

/** Whether the key may call an operation, and why not. */
export function permissionOf(role: Role | undefined, endpoint: Endpoint): Permission {
  if (!role || roleAllows(role, endpoint.role)) return { allowed: true };
  const needs = endpoint.role === 'admin' ? 'an admin key' : 'an operator or admin key';
  const article = role === 'viewer' ? 'a' : 'an';
  return { allowed: false, reason: `Needs ${needs}: this key is ${article} ${role} key (${ROLE_MAY[role]}).` };
}

/** `can(api.x.y)`: whether this key may call it, and why not. */
export function useCan(): (operation: { endpoint: Endpoint }) => Permission {
  const role = useSession()?.role;
  return useCallback((operation) => permissionOf(role, operation.endpoint), [role]);
}
