/**
 * Demo VOD downloads: two downloads of recorded demo events, requested as the demo starts and made
 * by the job worker (real ffmpeg) — one mailed to the service's mailbox in German, one to an
 * address a mail server refuses, so the Downloads page shows a mail that could not be sent.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { clients, events } from '../db/tables/index.ts';
import type { Clock } from '../jobs/clock.ts';
import { serviceClient } from '../db/keys.ts';
import { requestDownload } from '../areas/vod-download/index.ts';
import { S } from '../areas/live/index.ts';

export async function seedDownloadsDemo(db: DbOrTx, clientId: string, clock: Clock): Promise<number> {
  const [client] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  const recorded = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.clientId, clientId), inArray(events.state, [S.VOD_PUBLIC, S.INSTANT_VOD]), isNotNull(events.channelId), isNotNull(events.actualLiveStart), isNull(events.dateDeleted)))
    .orderBy(asc(events.actualLiveStart))
    .limit(2);
  if (recorded.length < 2 || !client) return 0;
  const ctx = { db: db as never, clock, client: serviceClient(clientId, client.name) };
  await db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx as never };
    await requestDownload(inTx, {
      emailAddress: 'sports.desk@example.com',
      emailLanguage: 'de',
      frameAccurate: false,
      contentId: 'demo-cup-highlights',
      mp4Filename: 'Cup highlights',
      downloadClips: [
        { eventId: recorded[0]!.id, start: '00:00:10', end: '00:00:40', isMasterClip: true },
        { eventId: recorded[1]!.id, start: '00:01:00', end: '00:01:20', isMasterClip: false },
      ],
    });
    await requestDownload(inTx, {
      emailAddress: 'archive@newsroom.invalid',
      frameAccurate: false,
      contentId: 'demo-archive-copy',
      downloadClips: [{ eventId: recorded[1]!.id, start: '00:00:00', end: '00:00:30', isMasterClip: false }],
    });
  });
  return 2;
}
