/**
 * GET /event/statuscounts/ (beyond the interface): the counts of the statuses the dashboard watches
 * (EVENT_STATUS_GROUPS), each the totalCount of GET /event/ with that group's filter, in one
 * statement that reads only the client's live events in any of the groups' states or provisioning
 * states, instead of six list queries each counting its own.
 */
import { and, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { EVENT_STATUS_GROUPS, EventState, ProvisionState, type EventStateName, type EventStatusCounts, type EventStatusGroup, type ProvisionStateName } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/index.ts';

interface Group {
  states?: readonly EventStateName[];
  provisionStates?: readonly ProvisionStateName[];
  inRange?: true;
}

const stateNumbers = (names: readonly EventStateName[] = []) => names.map((name) => EventState.values[name]);
const provisionNumbers = (names: readonly ProvisionStateName[] = []) => names.map((name) => ProvisionState.values[name]);

/** The condition of one group, as GET /event/ would filter (its states, provisioning states and, for `inRange`, the day). */
function matches(group: Group, range: { from?: Date; to?: Date }): SQL {
  const where: SQL[] = [];
  if (group.states) where.push(inArray(events.state, stateNumbers(group.states)));
  if (group.provisionStates) where.push(inArray(events.provisionState, provisionNumbers(group.provisionStates)));
  if (group.inRange && range.from) where.push(gte(events.scheduledStart, range.from));
  if (group.inRange && range.to) where.push(lte(events.scheduledStart, range.to));
  return and(...where)!;
}

export async function countEventStatuses(db: DbOrTx, clientId: string, range: { from?: Date; to?: Date }): Promise<EventStatusCounts> {
  const groups = Object.entries(EVENT_STATUS_GROUPS) as [EventStatusGroup, Group][];
  const counts = Object.fromEntries(groups.map(([name, group]) => [name, sql<number>`(count(*) filter (where ${matches(group, range)}))::int`]));
  const anyState = stateNumbers(groups.flatMap(([, group]) => group.states ?? []));
  const anyProvision = provisionNumbers(groups.flatMap(([, group]) => group.provisionStates ?? []));
  const [row] = await db
    .select(counts)
    .from(events)
    .where(and(eq(events.clientId, clientId), isNull(events.dateDeleted), or(inArray(events.state, anyState), inArray(events.provisionState, anyProvision))));
  return row as EventStatusCounts;
}
