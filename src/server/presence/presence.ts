/**
 * Presence (DESIGN.md "Trust"): which pages have a record open, so a record's page can say who
 * else is on it. A page announces the record (`POST /presence/`, again every 20 s while it stays
 * open, `leaving: true` when it goes); an announcement not renewed for a minute has lapsed. When
 * someone arrives or leaves, every process (NOTIFY at commit) sends the client's open change-feed
 * streams an `event: presence` message naming the record (changes/feed.ts `sendToClient`); the
 * pages showing it then ask `GET /presence/` who is there. Announcements live in the `presence`
 * table, so processes sharing a PostgreSQL database see each other's.
 */
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { endpoints, type Presence, type Role } from '#schema';
import type { DbOrTx } from '../db/database.ts';
import { presence } from '../db/tables/trust.ts';
import type { AppExtension } from '../http/extension.ts';
import { listenForChanges } from '../changes/listen.ts';
import { sendToClient } from '../changes/feed.ts';
import { implement, type Implementation } from '../http/implement.ts';

export const PRESENCE_CHANNEL = 'control_room_presence';
/** An announcement not renewed for this long has lapsed. */
export const PRESENCE_LAPSE_MS = 60_000;

interface Place {
  clientId: string;
  entity: string;
  id: string;
}

async function present(db: DbOrTx, place: Place, now: Date, exceptSession?: string): Promise<Presence> {
  const rows = await db
    .select()
    .from(presence)
    .where(
      and(
        eq(presence.clientId, place.clientId),
        eq(presence.entity, place.entity),
        eq(presence.entityId, place.id),
        gte(presence.seenAt, new Date(now.getTime() - PRESENCE_LAPSE_MS)),
        exceptSession ? ne(presence.session, exceptSession) : undefined,
      ),
    )
    .orderBy(presence.since);
  return {
    entity: place.entity as Presence['entity'],
    id: place.id,
    others: rows.map((r) => ({ session: r.session, keyId: r.keyId, keyLabel: r.keyLabel, role: r.role as Role, since: r.since.toISOString() })),
  };
}

/** Tells every process that someone arrived at or left a record (at commit). */
async function announceChange(db: DbOrTx, place: Place): Promise<void> {
  await db.execute(sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(place)})`);
}

export const presenceRoutes: Implementation[] = [
  implement(endpoints.presence.announce, async ({ body }, ctx) => {
    const now = ctx.clock.now();
    const place = { clientId: ctx.client.clientId, entity: body.entity, id: body.id };
    const key = and(eq(presence.clientId, place.clientId), eq(presence.entity, place.entity), eq(presence.entityId, place.id), eq(presence.session, body.session));
    // What has lapsed goes now and then: whenever a page of the client announces itself.
    await ctx.db.delete(presence).where(and(eq(presence.clientId, place.clientId), lt(presence.seenAt, new Date(now.getTime() - 10 * PRESENCE_LAPSE_MS))));
    const [known] = await ctx.db.select({ seenAt: presence.seenAt }).from(presence).where(key);
    const lapsed = !known || known.seenAt.getTime() < now.getTime() - PRESENCE_LAPSE_MS;
    if (body.leaving) {
      if (known) {
        await ctx.db.delete(presence).where(key);
        await announceChange(ctx.db, place);
      }
    } else if (known) {
      await ctx.db.update(presence).set({ seenAt: now, ...(lapsed ? { since: now } : {}) }).where(key);
      if (lapsed) await announceChange(ctx.db, place);
    } else {
      const { keyId, keyLabel, role } = ctx.client;
      await ctx.db.insert(presence).values({ ...place, entityId: place.id, session: body.session, keyId, keyLabel, role, since: now, seenAt: now });
      await announceChange(ctx.db, place);
    }
    return { status: 200, body: await present(ctx.db, place, now, body.session) };
  }),

  implement(endpoints.presence.get, async ({ query }, ctx) => {
    const place = { clientId: ctx.client.clientId, entity: query.entity, id: query.id };
    return { status: 200, body: await present(ctx.db, place, ctx.clock.now(), query.session) };
  }),
];

/** Passes the notices of arrivals and departures to the change feed's open streams of this process. */
export const presenceFeed: AppExtension = {
  register(app, { db }) {
    const listener = listenForChanges(db, {
      channel: PRESENCE_CHANNEL,
      onNotify: (payload) => {
        try {
          const { clientId, entity, id } = JSON.parse(payload) as Place;
          sendToClient(db, clientId, `event: presence\ndata: ${JSON.stringify({ entity, id })}\n\n`);
        } catch {
          // Not ours: nothing to pass on.
        }
      },
      log: app.log,
    });
    if (listener) app.addHook('onClose', () => listener.close());
  },
};
