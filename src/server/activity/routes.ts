/**
 * The trail as the service answers it (`GET /activity/`) and the caller's own key (`GET
 * /session/`). A client reads only its own entries: every query filters by its client, and the
 * table's row-level security holds it to that.
 */
import { and, count, desc, eq, gte, isNull, like, lt, type SQL } from 'drizzle-orm';
import { endpoints, type ActivityEntry, type ResourceKind, type Role } from '#schema';
import { activity } from '../db/tables/trust.ts';
import { fitsColumn } from '../http/resources.ts';
import { implement, type Implementation } from '../http/implement.ts';

type ActivityRow = typeof activity.$inferSelect;

export function toActivityEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { clientId: row.clientId, keyId: row.keyId, keyLabel: row.keyLabel, role: (row.role as Role | null) ?? null, system: row.system },
    operation: row.operation,
    entity: row.entity as ResourceKind,
    entityId: row.entityId,
    changes: row.changes,
    transactionId: row.transactionId,
  };
}

/** `operation` names one operation, or an area with a trailing dot (`event.`). */
function operationFilter(operation: string): SQL {
  if (!operation.endsWith('.')) return eq(activity.operation, operation);
  return like(activity.operation, `${operation.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

export const activityRoutes: Implementation[] = [
  implement(endpoints.activity.list, async ({ query }, ctx) => {
    const where: (SQL | undefined)[] = [eq(activity.clientId, ctx.client.clientId)];
    if (query.entity) where.push(eq(activity.entity, query.entity));
    if (query.id) where.push(eq(activity.entityId, query.id));
    if (query.actor === 'system') where.push(isNull(activity.keyId));
    else if (query.actor) where.push(fitsColumn(activity.keyId, query.actor) ? eq(activity.keyId, query.actor) : eq(activity.system, query.actor));
    if (query.operation) where.push(operationFilter(query.operation));
    if (query.from) where.push(gte(activity.at, new Date(query.from)));
    if (query.to) where.push(lt(activity.at, new Date(query.to)));
    const condition = and(...where);
    const rows = await ctx.db
      .select()
      .from(activity)
      .where(condition)
      .orderBy(desc(activity.seq))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize);
    const [total] = await ctx.db.select({ n: count() }).from(activity).where(condition);
    return { status: 200, body: { items: rows.map(toActivityEntry), totalCount: Number(total?.n ?? 0), pageNumber: query.pageNumber, pageSize: query.pageSize } };
  }),

  implement(endpoints.session.get, async (_input, ctx) => {
    const { clientId, clientName, keyId, keyLabel, role } = ctx.client;
    return { status: 200, body: { clientId, clientName, keyId, keyLabel, role } };
  }),
];
