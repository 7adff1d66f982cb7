/**
 * Destinations as the two apis answer them (media: MediaDestination; direct: Destination with
 * its properties and link), and what their operations share: the one-or-404 lookup, the
 * activation workflow (asking the target is outside I/O: `checkActivationOnTarget` runs in the
 * operation's prepare step, the answer is written in its transaction) and the target filter.
 */
import { DestinationTarget, type ActivationResponse, type Destination, type MediaDestination, type MediaDestinationProperty } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { badField, notFound } from '../../http/errors.ts';
import type { Clock } from '../../jobs/clock.ts';
import type { AppServices } from '../../services.ts';
import { adapterFor, asTargetDestination, AUTHORISE_PATH, parseConfig, targetEnv } from './core.ts';
import type { Api } from './repo.ts';
import { findDestination, propertiesOf, setActivation, type DestinationRow, type PropertyRow } from './destination-repo.ts';
import type { ActivationStep } from './target.ts';
import { recordChange } from '../../changes/record-entity.ts';

export function toMediaDestination(row: DestinationRow): MediaDestination {
  return { id: row.id, name: row.name, target: row.target, configJson: row.configJson, active: row.active, version: row.version };
}

export function toProperty(row: PropertyRow, clientName: string): MediaDestinationProperty {
  return { id: row.id, category: row.category, key: row.key, value: row.value, client: clientName, destinationId: row.destinationId, version: row.version };
}

/** Direct destinations with their properties and their place on the platform. */
export async function toDestinations(db: DbOrTx, services: Pick<AppServices, 'targets'>, client: { clientId: string; clientName: string }, rows: readonly DestinationRow[]): Promise<Destination[]> {
  const properties = await propertiesOf(db, client.clientId, rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    target: row.target,
    configJson: row.configJson,
    client: client.clientName,
    active: row.active,
    link: adapterFor(services, row.target).link({ id: row.id, config: parseConfig(row.configJson) }),
    destinationProperties: properties.filter((p) => p.destinationId === row.id).map((p) => toProperty(p, client.clientName)),
    version: row.version,
  }));
}

export async function destinationOr404(db: DbOrTx, clientId: string, id: string, api: Api | 'any' = 'media'): Promise<DestinationRow> {
  const row = await findDestination(db, clientId, id, api);
  if (!row) throw notFound(`No ${api === 'media' ? 'media ' : ''}destination ${id}`);
  return row;
}

/** The columns an update writes: another target (another platform account) or active=false start the activation again; active=true repairs. */
export function updatedActivation(existing: DestinationRow, target: number, active: boolean | undefined): Partial<DestinationRow> {
  const reset = { active: false, activation: { status: 'none' as const } };
  return {
    ...(existing.target !== target ? reset : {}),
    ...(active === false ? reset : active === true ? { active: true } : {}),
  };
}

/** PUT .../state|active/{id}?active=: true repairs (active without the platform), false resets. */
export function activeFlag(active: boolean): Pick<DestinationRow, 'active'> & Partial<Pick<DestinationRow, 'activation'>> {
  return active ? { active: true } : { active: false, activation: { status: 'none' } };
}

/** PUT .../activate/{id}, prepare: the destination, and where the target says its activation stands. */
export async function checkActivationOnTarget(db: DbOrTx, clock: Clock, services: Pick<AppServices, 'targets'>, clientId: string, id: string, api: Api): Promise<{ destination: DestinationRow; step: ActivationStep }> {
  const destination = await destinationOr404(db, clientId, id, api);
  const step = await adapterFor(services, destination.target).checkActivation(targetEnv(db, clock), asTargetDestination(destination), AUTHORISE_PATH);
  return { destination, step };
}

/** PUT .../activate/{id}, write: keeps the target's answer. */
export async function keepActivation(db: DbOrTx, clock: Clock, clientId: string, checked: { destination: DestinationRow; step: ActivationStep }): Promise<ActivationResponse> {
  const { destination, step } = checked;
  if (!(await setActivation(db, clientId, destination.id, { active: step.active, activation: step.activation }))) throw notFound(`No destination ${destination.id}`);
  await recordChange(db, clock, clientId, { kind: 'destination', id: destination.id, action: 'Updated' });
  return { actionTitle: step.actionTitle, actionDescription: step.actionDescription, actionRequired: step.actionRequired };
}

/** A target filter given by name or value; undefined when it names no target. */
export function targetOf(filter: string): number | undefined {
  const text = filter.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const name = DestinationTarget.names.find((n) => n.toLowerCase() === text.toLowerCase());
  return name === undefined ? undefined : DestinationTarget.values[name];
}

/** A target filter of a query, parsed: undefined when none is given; a 400 naming the field when it names no target. */
export function targetFilterOf(text: string | undefined, field = 'query.targetFilter'): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const target = targetOf(text);
  if (target === undefined) throw badField(field, `not a target: expected one of ${DestinationTarget.names.join(', ')}`);
  return target;
}

export function normaliseConfig(text: string): string {
  // Kept as sent (the interface reads it back as configJson); `{}` for an empty configuration.
  return text.trim() === '' ? '{}' : text;
}
