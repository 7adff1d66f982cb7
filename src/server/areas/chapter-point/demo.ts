/**
 * Demo metadata for the demo tenant (src/server/demo/seed.ts seeds the events first): chapter
 * points on finished football matches, conference sessions and concerts; complete client
 * property values from the demo template; channel profiles for the events on sport, culture and
 * news channels. Only for a tenant without chapter points and channel profiles yet, and
 * deterministic for a given client: ids are derived from the client id.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { EventState, type PropertyField } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import {
  channelProfileAudioInputs,
  channelProfiles,
  chapterPointCustomProperties,
  chapterPoints,
  customProperties,
  events,
  propertyConfigurations,
} from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import { storedValue, templateFields, validateValues } from '../client-property/index.ts';
import { storedTime } from './tree.ts';
import { writeEvents } from '../event/index.ts';

export interface MetadataDemoResult {
  chapterPoints: number;
  clientProperties: number;
  channelProfiles: number;
}

/** A stable id per client and name, shaped as a version 4 GUID. */
function demoId(clientId: string, name: string): string {
  const h = createHash('sha256').update(`${clientId}/metadata/${name}`).digest('hex');
  const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A small deterministic pick, from a name: the same event always gets the same chapters. */
function picker(seed: string) {
  let n = 0;
  return <T>(list: readonly T[]): T => {
    const h = createHash('sha256').update(`${seed}/${n++}`).digest();
    return list[h.readUInt32BE(0) % list.length]!;
  };
}

const FINISHED = new Set<number>([
  EventState.values.INSTANT_VOD,
  EventState.values.INSTANT_VOD_BACKUP,
  EventState.values.VOD_PRIVATE,
  EventState.values.VOD_PUBLIC,
]);

const PLAYERS = ['J. Okonkwo', 'M. Lindqvist', 'R. Castellanos', 'T. Brennan', 'A. Haddad', 'L. Moreau', 'K. Osei', 'D. Novak', 'S. Ferreira', 'P. Kowalski'];
const SONGS = ['Northern Line', 'Paper Lanterns', 'The Long Way Home', 'Glasshouse', 'Tidewater', 'Evening Static', 'Copper Sky', 'Small Hours'];
const SPEAKERS = ['Dr. Amara Nwosu', 'Jonas Weber', 'Priya Raman', 'Hugo Almeida', 'Mei Tanaka', 'Olivia Grant'];

const hms = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

interface PlannedPoint {
  name: string;
  parent?: string;
  title: string;
  tag?: string;
  start: number;
  end?: number;
  properties?: Record<string, string>;
}

function footballChapters(title: string, pick: ReturnType<typeof picker>): PlannedPoint[] {
  const [home = 'Home', away = 'Away'] = title.split(' — ')[0]!.split(' vs ');
  const goals = (half: 'first' | 'second', from: number, count: number): PlannedPoint[] =>
    Array.from({ length: count }, (_, i) => {
      const minute = (half === 'first' ? 1 : 46) + Math.floor(((i + 1) * 44) / (count + 1));
      const team = pick([home, away]);
      const scorer = pick(PLAYERS);
      return {
        name: `${half}/goal/${i}`,
        parent: half,
        title: `Goal — ${scorer} (${team}) ${minute}'`,
        tag: 'goal',
        start: from + (half === 'first' ? minute : minute - 45),
        properties: { 'match/scorer': scorer, 'match/team': team, 'match/minute': String(minute) },
      };
    });
  return [
    { name: 'build-up', title: 'Build-up and team news', tag: 'studio', start: 0, end: 15 },
    { name: 'first', title: 'First half', tag: 'half', start: 15, end: 62, properties: { 'match/period': '1' } },
    ...goals('first', 15, pick([0, 1, 2])),
    { name: 'half-time', title: 'Half-time analysis', tag: 'studio', start: 62, end: 77 },
    { name: 'second', title: 'Second half', tag: 'half', start: 77, end: 125, properties: { 'match/period': '2' } },
    ...goals('second', 77, pick([1, 2, 3])),
    { name: 'reaction', title: 'Full-time reaction', tag: 'studio', start: 125, end: 135 },
  ];
}

function sessionChapters(title: string, pick: ReturnType<typeof picker>): PlannedPoint[] {
  const session = title.split(' — ').at(-1) ?? title;
  const speaker = pick(SPEAKERS);
  return [
    { name: 'welcome', title: 'Welcome and housekeeping', start: 0, end: 5 },
    {
      name: 'talk',
      title: session,
      tag: 'talk',
      start: 5,
      end: 45,
      properties: { 'session/speaker': speaker, 'session/slides': 'published after the session' },
    },
    { name: 'talk/demo', parent: 'talk', title: 'Live demo', tag: 'demo', start: 30, end: 40 },
    { name: 'qa', title: 'Questions from the floor', tag: 'q-and-a', start: 45, end: 60 },
  ];
}

function concertChapters(pick: ReturnType<typeof picker>): PlannedPoint[] {
  const first = pick(SONGS.map((_, i) => i));
  const songs = [...SONGS.slice(first), ...SONGS.slice(0, first)].slice(0, 4);
  return [
    { name: 'set', title: 'Main set', tag: 'set', start: 2, end: 70 },
    ...songs.map((song, i) => ({ name: `set/${i}`, parent: 'set', title: song, tag: 'song', start: 2 + i * 16, properties: { 'music/song': song } })),
    { name: 'encore', title: 'Encore', tag: 'set', start: 72, end: 85 },
    { name: 'interview', title: 'Backstage interview', tag: 'interview', start: 86, end: 95 },
  ];
}

/** Values for the demo template's fields that an event lacks; existing values are kept. */
function demoValue(field: PropertyField, event: { refId: string | null; scheduledStart: Date | null; state: number }): string | undefined {
  const ref = event.refId ?? '';
  switch (`${field.category}/${field.key}`) {
    case 'rights/holder':
      return ref.startsWith('FB-')
        ? 'Premier Division Media Rights Ltd'
        : ref.startsWith('MUS-')
          ? 'Riverside Live Music Ltd'
          : 'Control Room Demo Broadcasting';
    case 'broadcast/firstAired':
      return FINISHED.has(event.state) && event.scheduledStart ? event.scheduledStart.toISOString().slice(0, 10) : undefined;
    case 'production/notes':
      return ref.startsWith('FB-') ? 'Clean feed on audio channel 2 for international partners.' : undefined;
    default:
      return field.defaultValue || undefined;
  }
}

/** Audio inputs by the kind of event: [language, audio channel, enabled]. */
function demoInputs(refId: string): [string, number, boolean][] | undefined {
  if (refId.startsWith('FB-')) return [['en', 0, true], ['es', 1, true], ['zxx', 2, false]];
  if (refId.startsWith('BB-')) return [['en', 0, true], ['fr', 1, true]];
  if (refId.startsWith('MUS-')) return [['zxx', 0, true], ['en', 1, true]];
  if (/^(DSN|FMF|GCE)-/.test(refId)) return [['en', 0, true], ['fr', 1, true], ['de', 2, true]];
  if (refId.startsWith('NEWS-')) return [['en', 0, true], ['cy', 1, true]];
  return undefined;
}

export async function seedMetadataDemo(db: DbOrTx, clientId: string, clock: Clock): Promise<MetadataDemoResult> {
  return db.transaction(async (tx) => {
    const [points] = await tx.select({ n: count() }).from(chapterPoints).where(eq(chapterPoints.clientId, clientId));
    const [profiles] = await tx.select({ n: count() }).from(channelProfiles).where(eq(channelProfiles.clientId, clientId));
    if ((points?.n ?? 0) > 0 || (profiles?.n ?? 0) > 0) return { chapterPoints: 0, clientProperties: 0, channelProfiles: 0 };

    const now = clock.now();
    const all = await tx
      .select({
        id: events.id,
        refId: events.refId,
        title: events.title,
        state: events.state,
        channelId: events.channelId,
        scheduledStart: events.scheduledStart,
        templateId: events.customPropertyConfigurationId,
      })
      .from(events)
      .where(and(eq(events.clientId, clientId), isNull(events.dateDeleted)))
      .orderBy(asc(events.scheduledStart), asc(events.id));
    const ref = (e: (typeof all)[number]) => e.refId ?? '';

    // ---- Chapter points: the latest finished matches, sessions and concerts.
    const latest = (prefix: RegExp, n: number) =>
      all
        .filter((e) => prefix.test(ref(e)) && FINISHED.has(e.state))
        .slice(-n);
    const pointRows: (typeof chapterPoints.$inferInsert)[] = [];
    const propertyRows: (typeof chapterPointCustomProperties.$inferInsert)[] = [];
    const plans: [(typeof all)[number], PlannedPoint[]][] = [
      ...latest(/^FB-/, 5).map((e) => [e, footballChapters(e.title, picker(e.id))] as [(typeof all)[number], PlannedPoint[]]),
      ...latest(/^DSN-/, 4).map((e) => [e, sessionChapters(e.title, picker(e.id))] as [(typeof all)[number], PlannedPoint[]]),
      ...latest(/^MUS-/, 3).map((e) => [e, concertChapters(picker(e.id))] as [(typeof all)[number], PlannedPoint[]]),
    ];
    for (const [event, planned] of plans) {
      const idOf = (name: string) => demoId(clientId, `${event.id}/chapter/${name}`);
      for (const p of planned) {
        const start = storedTime(hms(p.start));
        pointRows.push({
          id: idOf(p.name),
          clientId,
          eventId: event.id,
          parentId: p.parent ? idOf(p.parent) : null,
          referenceId: `${ref(event)}-${p.name.replace(/\//g, '-').toUpperCase()}`,
          title: p.title,
          tag: p.tag ?? null,
          startTime: start.text,
          endTime: p.end === undefined ? null : hms(p.end),
          startKey: start.key,
          dateCreated: now,
          dateModified: now,
        });
        for (const [path, value] of Object.entries(p.properties ?? {})) {
          const [category, key] = path.split('/') as [string, string];
          propertyRows.push({ id: demoId(clientId, `${event.id}/chapter/${p.name}/${path}`), clientId, chapterPointId: idOf(p.name), category, key, value });
        }
      }
    }
    if (pointRows.length > 0) await tx.insert(chapterPoints).values(pointRows);
    if (propertyRows.length > 0) await tx.insert(chapterPointCustomProperties).values(propertyRows);

    // ---- Client properties: every event on the demo template gets a complete, valid set of values.
    let clientPropertyCount = 0;
    const [template] = await tx
      .select()
      .from(propertyConfigurations)
      .where(eq(propertyConfigurations.clientId, clientId))
      .orderBy(asc(propertyConfigurations.dateCreated), asc(propertyConfigurations.id))
      .limit(1);
    const parsed = template ? templateFields(template.configurationJson) : undefined;
    if (template && parsed?.ok) {
      // The events already on the template, and the upcoming football fixtures as well.
      const upcomingFootball = all.filter((e) => ref(e).startsWith('FB-') && e.state === EventState.values.PRE_LIVE && !e.templateId).slice(0, 5);
      const onTemplate = [...all.filter((e) => e.templateId === template.id), ...upcomingFootball];
      const ids = onTemplate.map((e) => e.id);
      const existing = ids.length
        ? await tx
            .select()
            .from(customProperties)
            .where(and(eq(customProperties.clientId, clientId), inArray(customProperties.eventId, ids)))
        : [];
      for (const event of onTemplate) {
        const values: Record<string, string> = {};
        const missing: (typeof customProperties.$inferInsert)[] = [];
        for (const field of parsed.fields) {
          const current = existing.find((p) => p.eventId === event.id && p.category === field.category && p.key === field.key);
          const value = current?.value ?? demoValue(field, event);
          if (value === undefined) continue;
          values[field.name] = value;
          if (!current) {
            missing.push({
              id: demoId(clientId, `${event.id}/property/${field.category}/${field.key}`),
              clientId,
              eventId: event.id,
              category: field.category,
              key: field.key,
              value: storedValue(field, value),
            });
          }
        }
        // Only valid sets: the demo shows what the service would accept.
        if (Object.keys(validateValues(parsed.fields, values)).length > 0) continue;
        if (missing.length > 0) await tx.insert(customProperties).values(missing);
        clientPropertyCount += missing.length;
      }
      if (upcomingFootball.length > 0) await writeEvents(tx, clientId, upcomingFootball.map((e) => e.id), { customPropertyConfigurationId: template.id });
    }

    // ---- Channel profiles: events on a channel, by kind.
    const profileRows: (typeof channelProfiles.$inferInsert)[] = [];
    const inputRows: (typeof channelProfileAudioInputs.$inferInsert)[] = [];
    for (const event of all) {
      const inputs = event.channelId ? demoInputs(ref(event)) : undefined;
      if (!inputs) continue;
      const profileId = demoId(clientId, `${event.id}/channelProfile`);
      profileRows.push({ id: profileId, clientId, eventId: event.id, dateCreated: now, dateModified: now });
      for (const [languageCode, audioChannel, audioEnabled] of inputs) {
        inputRows.push({ id: demoId(clientId, `${event.id}/channelProfile/${audioChannel}`), clientId, profileId, languageCode, audioChannel, audioEnabled });
      }
    }
    if (profileRows.length > 0) {
      await tx.insert(channelProfiles).values(profileRows);
      await tx.insert(channelProfileAudioInputs).values(inputRows);
      for (const profile of profileRows) await writeEvents(tx, clientId, profile.eventId, { channelProfileId: profile.id! });
    }
    return { chapterPoints: pointRows.length, clientProperties: clientPropertyCount, channelProfiles: profileRows.length };
  });
}
