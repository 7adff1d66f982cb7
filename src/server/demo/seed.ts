/**
 * Demo data: a believable broadcaster tenant (src/server/demo/catalogue.ts) with about 200 events
 * over the two weeks either side of the clock's now, in the states such a schedule has: a few
 * events live right now, one starting, many upcoming with auto start, finished ones as instant
 * VOD or processed VOD, compositions, and the odd failure.
 *
 * Deterministic: the same client and the same now give the same rows (a seeded PRNG; ids are
 * derived from the client id, so two seeded tenants never collide). Inserted in one transaction,
 * one statement per table.
 */
import { seedDownloadsDemo } from './downloads.ts';
import { seedSyndicationDemo } from './syndication.ts';
import { seedArchiverDemo } from './archiver.ts';
import { seedMetadataDemo } from '../areas/chapter-point/index.ts';
import { seedComposeDemo } from './compose.ts';
import { insertEventRows, scheduleAutomation } from '../areas/event/index.ts';
import { createHash } from 'node:crypto';
import { and, count, eq, isNull, or } from 'drizzle-orm';
import { EventState, Mp4State, ProvisionState } from '#schema';
import type { DbOrTx } from '../db/database.ts';
import {
  categories,
  channels,
  customProperties,
  eventCategories,
  events,
  eventTags,
  eventTypes,
  infrastructureProfiles,
  propertyConfigurations,
  rooms,
  tags,
  xflows,
} from '../db/tables/index.ts';
import type { Clock } from '../jobs/clock.ts';
import {
  ARTISTS,
  BASKETBALL_TEAMS,
  CATEGORIES,
  CHANNELS,
  channelConfiguration,
  CONFERENCE_PANELS,
  CONFERENCE_WORKSHOPS,
  ESPORTS_TEAMS,
  EVENT_TYPES,
  FOOTBALL_CLUBS,
  INFRASTRUCTURE_PROFILE,
  LONG_TITLES,
  PROPERTY_CONFIGURATION,
  ROOMS,
  TAGS,
  TALK_GUESTS,
  XFLOWS,
  xflowConfiguration,
  type CategoryKey,
  type ChannelKey,
  type EventTypeKey,
  type RoomKey,
  type TagName,
  type XflowKey,
} from './catalogue.ts';

type EventInsert = typeof events.$inferInsert;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** mulberry32: small, fast and good enough to pick demo titles. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}
type Random = ReturnType<typeof prng>;

/** A stable id per client and name, shaped as a version 4 GUID. */
function demoId(clientId: string, name: string): string {
  const h = createHash('sha256').update(`${clientId}/${name}`).digest('hex');
  const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const hm = (d: Date) => `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const longDate = (d: Date) => `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
const abbr = (name: string) =>
  name
    .replace(/[^A-Za-z ]/g, '')
    .split(' ')
    .map((w) => w.slice(0, 3))
    .join('')
    .slice(0, 6)
    .toUpperCase();

type Genre = 'news' | 'football' | 'basketball' | 'sportsMagazine' | 'concert' | 'service' | 'conference' | 'esports' | 'talk' | 'civic' | 'vod';

/** An event before it becomes rows: what it is, when, and (for the fixed ones) its state. */
interface Planned {
  genre: Genre;
  title: string;
  description: string;
  channel: ChannelKey | null;
  room: RoomKey | null;
  type: EventTypeKey;
  categories: CategoryKey[];
  tags: TagName[];
  start: Date;
  /** Null: no scheduled end (rolling coverage). */
  end: Date | null;
  /** Minutes of pre-show before what viewers are told (display start = start + this). */
  preShowMinutes?: number;
  xflow?: XflowKey;
  refId: string;
  properties?: Record<string, string>;
  infrastructure?: boolean;
  /** Fixed events keep what is given here instead of a state derived from the time. */
  fixed?: Partial<EventInsert>;
}

const COMMENTATORS = ['Jo Whitfield', 'Sam Okafor', 'Elena Marsh', 'Dev Patel', 'Niamh Byrne', 'Marcus Lee'];

function footballFixture(
  r: Random,
  start: Date,
  competition: 'Premier Division' | 'Regional Cup',
  /** `Matchday 12`, `Round 4`, `Quarter-final`. */
  stage: string,
  pair?: readonly [string, string],
): Planned {
  const home = pair?.[0] ?? r.pick(FOOTBALL_CLUBS);
  let away = pair?.[1] ?? r.pick(FOOTBALL_CLUBS);
  while (away === home) away = r.pick(FOOTBALL_CLUBS);
  return {
    genre: 'football',
    title: `${home} vs ${away} — ${competition} ${stage}`,
    description: `Live coverage of ${home} against ${away} in the ${competition}, with build-up from 15 minutes before kick-off, full commentary and post-match reaction.`,
    channel: 'sport1',
    room: 'booth',
    type: 'sport',
    categories: ['football', 'sports'],
    tags: ['football', competition === 'Premier Division' ? 'premier-division' : 'regional-cup'],
    start: new Date(start.getTime() - 15 * MINUTE),
    end: new Date(start.getTime() + 120 * MINUTE),
    preShowMinutes: 15,
    xflow: 'standard',
    refId: `FB-${ymd(start)}-${abbr(home)}-${abbr(away)}`,
    properties: r.chance(0.6)
      ? { 'rights/holder': 'Premier Division Media Rights Ltd', 'rights/territory': 'Domestic only', 'production/commentator': r.pick(COMMENTATORS) }
      : undefined,
  };
}

/** The five fixtures of a league matchday: every club plays once (shuffled, Fisher–Yates). */
function matchdayPairs(r: Random): [string, string][] {
  const clubs = [...FOOTBALL_CLUBS];
  for (let i = clubs.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [clubs[i], clubs[j]] = [clubs[j]!, clubs[i]!];
  }
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < clubs.length; i += 2) pairs.push([clubs[i]!, clubs[i + 1]!]);
  return pairs;
}

/** The regular schedule: news, sport, culture, worship, conferences, e-sports, talk. */
function regularSchedule(r: Random, now: Date): Planned[] {
  const out: Planned[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const year = now.getUTCFullYear();
  let matchday = 11;
  const pairings = new Map<number, [string, string][]>();
  let basketballRound = 17;
  let esportsWeek = 4;
  const at = (day: number, h: number, m = 0) => new Date(today + day * DAY + h * HOUR + m * MINUTE);
  const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MINUTE);

  for (let day = -14; day <= 14; day++) {
    const date = at(day, 0);
    const weekday = date.getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const news = (h: number, m: number, minutes: number, name: string) => {
      const start = at(day, h, m);
      const weather = r.chance(0.3);
      out.push({
        genre: 'news',
        title: `${name} — ${longDate(start)}`,
        description: `${name}: the latest regional and national news${weather ? ', with the full weather forecast' : ''}.`,
        channel: 'news',
        room: 'newsroom',
        type: 'news',
        categories: ['news'],
        tags: weather ? ['weather', 'subtitled'] : ['subtitled'],
        start,
        end: plus(start, minutes),
        refId: `NEWS-${ymd(start)}-${hm(start)}`,
      });
    };
    if (!weekend) news(6, 30, 45, 'Morning Briefing');
    if (!weekend) news(12, 0, 30, 'Midday News');
    news(18, 0, 30, weekend ? 'Weekend News Review' : 'Evening News at Six');

    // Football: Saturday and Sunday in the league (one matchday, every club once), Wednesday
    // nights in the cup.
    const pairsOf = (md: number) => {
      const known = pairings.get(md) ?? matchdayPairs(r);
      pairings.set(md, known);
      return known;
    };
    if (weekday === 6) {
      matchday++;
      const pairs = pairsOf(matchday);
      out.push(footballFixture(r, at(day, 12, 30), 'Premier Division', `Matchday ${matchday}`, pairs[0]));
      out.push({ ...footballFixture(r, at(day, 15, 0), 'Premier Division', `Matchday ${matchday}`, pairs[1]), channel: 'sport2', room: 'ob1' });
      out.push(footballFixture(r, at(day, 17, 30), 'Premier Division', `Matchday ${matchday}`, pairs[2]));
    }
    if (weekday === 0) {
      const pairs = pairsOf(matchday);
      out.push(footballFixture(r, at(day, 13, 0), 'Premier Division', `Matchday ${matchday}`, pairs[3]));
      out.push({ ...footballFixture(r, at(day, 16, 0), 'Premier Division', `Matchday ${matchday}`, pairs[4]), channel: 'sport2', room: 'ob1' });
    }
    if (weekday === 3) out.push(footballFixture(r, at(day, 19, 45), 'Regional Cup', 'Round 4'));

    if (weekday === 2 || weekday === 5) {
      basketballRound++;
      const home = r.pick(BASKETBALL_TEAMS);
      let away = r.pick(BASKETBALL_TEAMS);
      while (away === home) away = r.pick(BASKETBALL_TEAMS);
      const start = at(day, 19, 30);
      out.push({
        genre: 'basketball',
        title: `${home} v ${away} | Basketball League Round ${basketballRound}`,
        description: `${home} host ${away}. Tip-off at 19:30, live from the arena with courtside commentary.`,
        channel: 'sport2',
        room: 'ob1',
        type: 'sport',
        categories: ['basketball', 'sports'],
        tags: r.chance(0.3) ? ['basketball', 'uhd'] : ['basketball'],
        start,
        end: plus(start, 120),
        xflow: 'standard',
        refId: `BB-${ymd(start)}-${abbr(home)}-${abbr(away)}`,
      });
    }

    if (!weekend) {
      const start = at(day, 23, 0);
      out.push({
        genre: 'sportsMagazine',
        title: `Sports Tonight — ${longDate(start)}`,
        description: 'Goals, results and reaction from every fixture of the day, with studio guests.',
        channel: 'sport1',
        room: 'studioB',
        type: 'talk',
        categories: ['sports', 'talk'],
        tags: ['highlights'],
        start,
        end: plus(start, 30),
        xflow: 'clips',
        refId: `SPT-${ymd(start)}`,
      });
    }

    if (weekday === 5 || weekday === 6) {
      const artist = r.pick(ARTISTS);
      const start = weekday === 5 ? at(day, 20, 0) : at(day, 20, 30);
      const classical = /Orchestra|Choir|Quartet/.test(artist.name);
      out.push({
        genre: 'concert',
        title: `${artist.name} — Live at ${artist.venue.replace(/^the /, 'the ')}`,
        description: `${artist.name} in concert at ${artist.venue}. ${classical ? 'Programme notes are available on the event page.' : 'Full set, plus a backstage interview after the encore.'}`,
        channel: 'culture',
        room: r.chance(0.5) ? 'ob1' : 'studioB',
        type: 'concert',
        categories: ['music'],
        tags: classical ? ['classical'] : ['live-music'],
        start,
        end: plus(start, r.pick([90, 120, 150, 180])),
        xflow: 'premium',
        refId: `MUS-${ymd(start)}-${abbr(artist.name)}`,
        properties: r.chance(0.5) ? { 'broadcast/ageRating': 'PG', 'rights/territory': 'Europe' } : undefined,
      });
    }

    const service = (h: number, m: number, minutes: number, title: string, description: string, choral: boolean) => {
      const start = at(day, h, m);
      out.push({
        genre: 'service',
        title,
        description,
        channel: 'culture',
        room: 'chapel',
        type: 'service',
        categories: choral ? ['worship', 'music'] : ['worship'],
        tags: choral ? ['choral'] : ['sunday-service'],
        start,
        end: plus(start, minutes),
        refId: `SVC-${ymd(start)}-${hm(start)}`,
      });
    };
    if (weekday === 0) {
      service(10, 0, 75, 'Sunday Morning Worship from St. Columba’s', 'Holy Communion with the parish choir; the sermon is signed for deaf viewers.', false);
      service(18, 0, 60, 'Choral Evensong from Castlebridge Cathedral', 'Sung by the Cathedral Choir: the Magnificat, Nunc Dimittis and an anthem by Stanford.', true);
    }
    if (weekday === 3) service(12, 30, 30, 'Midweek Prayer and Reflection', 'A short service of prayer and music from the chapel.', false);

    // Esports: weeknight matches, weekend playoff days.
    if (weekday === 4 || weekday === 5 || weekend) {
      if (weekday === 4) esportsWeek++;
      const a = r.pick(ESPORTS_TEAMS);
      let b = r.pick(ESPORTS_TEAMS);
      while (b === a) b = r.pick(ESPORTS_TEAMS);
      const cs = r.chance(0.5);
      const league = cs ? 'Northern Counter-Strike League' : 'Rift Masters Series';
      const start = weekend ? at(day, 14, 0) : at(day, 18, 0);
      out.push({
        genre: 'esports',
        title: weekend ? `${league} Playoffs Day — ${a}, ${b} and more` : `${a} vs ${b} — ${league} Week ${esportsWeek}`,
        description: weekend
          ? `A full day of ${league} playoff matches with analysis desk segments between series.`
          : `${a} take on ${b}, best of three, with the ${league} casting team.`,
        channel: 'esports',
        room: 'arena',
        type: 'esports',
        categories: ['esports'],
        tags: weekend ? [cs ? 'counter-strike' : 'rift-masters', 'playoffs'] : [cs ? 'counter-strike' : 'rift-masters'],
        start,
        end: plus(start, weekend ? 8 * 60 : 4 * 60),
        refId: `ESP-${ymd(start)}-${abbr(a)}-${abbr(b)}`,
      });
    }

    if (weekday >= 1 && weekday <= 4) {
      const start = at(day, 22, 0);
      const guest = r.pick(TALK_GUESTS);
      out.push({
        genre: 'talk',
        title: `The Late Table with Priya Anand — ${guest.replace(/^the /, 'The ')}`,
        description: `Priya Anand is joined by ${guest}, plus live music from the house band.`,
        channel: 'main',
        room: 'studioA',
        type: 'talk',
        categories: ['talk'],
        tags: r.chance(0.4) ? ['subtitled'] : [],
        start,
        end: plus(start, 50),
        xflow: 'standard',
        refId: `TLT-${ymd(start)}`,
      });
    }
  }

  // Two conferences: one last week, one next week, four sessions a day on the main channel.
  const conferences = [
    { name: `DevSummit North ${year}`, days: [-9, -8], ref: 'DSN' },
    { name: `Future of Media Forum ${year}`, days: [5, 6, 7], ref: 'FMF' },
  ];
  for (const conference of conferences) {
    conference.days.forEach((day, dayIndex) => {
      const slots: [number, number, number][] = [
        [9, 0, 90],
        [11, 0, 60],
        [14, 0, 120],
        [16, 30, 60],
      ];
      const last = dayIndex === conference.days.length - 1;
      const sessions = [
        dayIndex === 0 ? 'Opening Keynote' : `Day ${dayIndex + 1} Keynote`,
        CONFERENCE_PANELS[dayIndex % CONFERENCE_PANELS.length]!,
        CONFERENCE_WORKSHOPS[dayIndex % CONFERENCE_WORKSHOPS.length]!,
        last ? 'Closing Remarks & Community Awards' : 'Lightning Talks',
      ];
      slots.forEach(([h, m, minutes], i) => {
        const session = sessions[i]!;
        const start = at(day, h, m);
        out.push({
          genre: 'conference',
          title: `${conference.name}: Day ${dayIndex + 1} — ${session}`,
          description: `${session} at ${conference.name}, streamed from the Main Hall. Slides and captions are published after the session.`,
          channel: 'main',
          room: 'hall',
          type: 'conference',
          categories: ['conference'],
          tags: [session.startsWith('Panel') ? 'panel' : session.startsWith('Workshop') ? 'workshop' : 'keynote', 'subtitled'],
          start,
          end: plus(start, minutes),
          xflow: 'standard',
          refId: `${conference.ref}-${ymd(start)}-${i + 1}`,
          infrastructure: true,
          properties: { 'accessibility/subtitles': 'true', 'rights/holder': `${conference.name} Ltd` },
        });
      });
    });
  }

  // Council sessions, with the longest titles of the demo.
  for (const [day, title] of [
    [-4, LONG_TITLES[0]!],
    [9, 'Riverside Borough Council — Full Council Meeting'],
  ] as const) {
    const start = at(day, 18, 30);
    out.push({
      genre: 'civic',
      title,
      description: 'Live from the council chamber. Agenda items may run late; the stream continues until the session closes.',
      channel: 'main',
      room: 'ob1',
      type: 'civic',
      categories: ['civic', 'news'],
      tags: ['sign-language', 'subtitled'],
      start,
      end: plus(start, 210),
      refId: `CIV-${ymd(start)}`,
    });
  }
  return out;
}

/** Events placed by hand: what is live now, what is starting, compositions, failures, long ones. */
function fixedEvents(r: Random, now: Date): Planned[] {
  const t = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (day: number, h: number, m = 0) => new Date(today + day * DAY + h * HOUR + m * MINUTE);
  const live = (startedMinutesAgo: number, published: boolean): Partial<EventInsert> => ({
    state: published ? EventState.values.LIVE_PUBLISHED : EventState.values.LIVE_UNPUBLISHED,
    actualLiveStart: t(-startedMinutesAgo),
    publishedStart: published ? t(-startedMinutesAgo + 2) : null,
    autoStart: true,
    autoPublish: published,
    autoEnd: true,
  });
  // A cup tie between two non-league clubs, so that it cannot clash with today's league fixtures.
  const football = footballFixture(r, t(-50), 'Regional Cup', 'Quarter-final', ['Lowfield Rangers', 'Brannock Town']);
  const [champion, challenger] = [ESPORTS_TEAMS[0]!, ESPORTS_TEAMS[1]!];
  // The replay loop plays on the main channel from 01:00 the next night, unless that is less than
  // three hours away: then the Expo, live on that channel until now + 110 min, would overlap it.
  const overnight = at(1, 1, 0).getTime() - now.getTime() < 3 * HOUR ? 2 : 1;
  return [
    {
      genre: 'news',
      title: 'Live News Update',
      description: 'Rolling news update from the newsroom: headlines, travel and weather.',
      channel: 'news',
      room: 'newsroom',
      type: 'news',
      categories: ['news'],
      tags: ['breaking', 'subtitled'],
      start: t(-12),
      end: t(18),
      refId: `NEWS-${ymd(now)}-LIVE`,
      fixed: live(12, true),
    },
    { ...football, fixed: { ...live(66, true), mp4State: Mp4State.values.NONE, autoStartPublications: true } },
    {
      genre: 'football',
      title: 'Harbour City v Westmoor Albion — County T20 Cricket Final',
      description: 'Play is suspended for rain; the covers are on and the stream resumes when the umpires restart the match.',
      channel: 'sport2',
      room: 'ob1',
      type: 'sport',
      categories: ['sports'],
      tags: ['uhd'],
      start: t(-125),
      end: t(115),
      refId: `CRK-${ymd(now)}-FINAL`,
      fixed: { ...live(123, true), state: EventState.values.SUSPENDED },
    },
    {
      genre: 'esports',
      title: `Rift Masters Series Grand Final — ${champion} vs ${challenger} (pre-show and line check)`,
      description: 'Crew line check and pre-show, unpublished until the casters go on air.',
      channel: 'esports',
      room: 'arena',
      type: 'esports',
      categories: ['esports'],
      tags: ['rift-masters', 'playoffs'],
      start: t(-6),
      end: t(354),
      refId: `ESP-${ymd(now)}-GRANDFINAL`,
      fixed: live(6, false),
    },
    {
      genre: 'conference',
      title: `Green Cities Expo ${now.getUTCFullYear()} — Live from the Main Hall`,
      description: 'Talks and panels on urban mobility, heat resilience and community energy.',
      channel: 'main',
      room: 'hall',
      type: 'conference',
      categories: ['conference'],
      tags: ['keynote', 'subtitled'],
      start: t(-70),
      end: t(110),
      xflow: 'standard',
      refId: `GCE-${ymd(now)}`,
      infrastructure: true,
      fixed: { ...live(68, true), provisionState: ProvisionState.values.PROVISIONED },
    },
    {
      genre: 'concert',
      title: 'Hollow Pines — Live at Riverside Amphitheatre',
      description: 'Auto start is on: the show goes live by itself a couple of minutes after the demo starts.',
      channel: 'culture',
      room: 'ob1',
      type: 'concert',
      categories: ['music'],
      tags: ['live-music', 'uhd'],
      start: t(2),
      end: t(152),
      xflow: 'premium',
      refId: `MUS-${ymd(now)}-HOLPIN`,
      // Starts by itself shortly after `npm start`, so a newcomer sees automation and a live transition.
      fixed: { state: EventState.values.PRE_LIVE, autoStart: true, autoPublish: true, autoEnd: true },
    },
    {
      genre: 'vod',
      title: 'Matchday Highlights Compilation',
      description: 'Every goal of the weekend, composed from the instant VODs of the matches.',
      channel: null,
      room: null,
      type: 'sport',
      categories: ['football', 'sports'],
      tags: ['highlights', 'football'],
      start: t(-10),
      end: t(35),
      xflow: 'clips',
      refId: `CMP-${ymd(now)}-HL`,
      fixed: { state: EventState.values.COMPOSE_GENERATING },
    },
    {
      genre: 'vod',
      title: 'Weekend Football: All the Goals',
      description: 'A composition of every goal from the last Premier Division weekend.',
      channel: null,
      room: null,
      type: 'sport',
      categories: ['football', 'sports'],
      tags: ['highlights', 'football', 'replay'],
      start: at(-2, 21, 0),
      end: at(-2, 21, 40),
      xflow: 'clips',
      refId: `CMP-${ymd(at(-2, 0))}-GOALS`,
      fixed: { state: EventState.values.COMPOSE_PUBLIC, mp4State: Mp4State.values.AVAILABLE },
    },
    {
      genre: 'vod',
      title: 'Esports Weekly Recap',
      description: 'Best plays of the week from both leagues.',
      channel: null,
      room: null,
      type: 'esports',
      categories: ['esports'],
      tags: ['highlights'],
      start: at(-3, 20, 0),
      end: at(-3, 20, 25),
      xflow: 'clips',
      refId: `CMP-${ymd(at(-3, 0))}-ESP`,
      fixed: { state: EventState.values.COMPOSE_ERROR },
    },
    {
      genre: 'vod',
      title: 'Overnight Replay Loop: Best of the Week',
      description: 'An encoder composition playing the week’s most watched events through the night.',
      channel: 'main',
      room: null,
      type: 'talk',
      categories: ['talk'],
      tags: ['replay'],
      start: at(overnight, 1, 0),
      end: at(overnight, 5, 0),
      refId: `CMP-${ymd(at(overnight, 0))}-LOOP`,
      fixed: { state: EventState.values.COMPOSE_WAITING, autoStart: true, autoEnd: true },
    },
    {
      genre: 'vod',
      title: 'Archive: Riverside Rovers 1995 Cup Final (restored)',
      description: 'A restored archive recording. The transcode failed on the source tape capture and needs a new upload.',
      channel: null,
      room: null,
      type: 'sport',
      categories: ['football', 'sports'],
      tags: ['football', 'replay'],
      start: at(-5, 9, 0),
      end: at(-5, 10, 52),
      xflow: 'standard',
      refId: 'ARC-1995-CUPFINAL',
      fixed: { state: EventState.values.VOD_ERROR, mp4State: Mp4State.values.FAILED },
    },
    {
      genre: 'vod',
      title: 'Documentary: The River Keepers',
      description: 'A year with the volunteers who look after the river. Uploaded, now ingesting.',
      channel: null,
      room: null,
      type: 'talk',
      categories: ['talk'],
      tags: ['subtitled'],
      start: t(-20),
      end: t(32),
      xflow: 'premium',
      refId: 'DOC-RIVER-KEEPERS',
      fixed: { state: EventState.values.VOD_INGESTING },
    },
    {
      genre: 'vod',
      title: 'Documentary: Lights of the Harbour (premiere)',
      description: 'Premiere of the new documentary; the file is expected from the production company two days before.',
      channel: null,
      room: null,
      type: 'talk',
      categories: ['talk'],
      tags: ['uhd'],
      start: at(3, 20, 0),
      end: at(3, 21, 30),
      xflow: 'premium',
      refId: 'DOC-HARBOUR-LIGHTS',
      fixed: { state: EventState.values.PRE_VOD },
    },
    ...[-3, -1].map(
      (day, i): Planned => ({
        genre: 'vod',
        title: i === 0 ? 'Goal of the Week: Castlebridge Athletic’s 35-yard volley' : 'Save of the Week: Kingsport FC keeper’s triple stop',
        description: 'A clip cut from the match instant VOD with the clipping tool.',
        channel: null,
        room: null,
        type: 'sport',
        categories: ['football', 'sports'],
        tags: ['highlights', 'football'],
        start: at(day, 22, 15),
        end: at(day, 22, 16),
        xflow: 'clips',
        refId: `CLIP-${ymd(at(day, 0))}-${i + 1}`,
        fixed: { state: EventState.values.VOD_PUBLIC, mp4State: Mp4State.values.AVAILABLE, isClip: true },
      }),
    ),
    {
      genre: 'esports',
      title: 'Pixels for Good: 24-Hour Charity Gaming Marathon in Aid of the Riverside Children’s Hospital',
      description: 'Twenty-four hours of community streams, speedruns and guest creators. Donations open on the event page.',
      channel: 'esports',
      room: 'arena',
      type: 'esports',
      categories: ['esports'],
      tags: ['replay'],
      start: at(9, 12, 0),
      end: at(10, 12, 0),
      refId: `ESP-${ymd(at(9, 0))}-CHARITY24`,
      fixed: { state: EventState.values.PRE_LIVE, autoStart: true, autoPublish: true, autoEnd: true },
    },
    {
      genre: 'news',
      title: 'Election Night: Live Results Coverage',
      description: 'Results as they are declared, through the night; the stream ends when the last seat is called.',
      channel: 'news',
      room: 'newsroom',
      type: 'news',
      categories: ['news', 'civic'],
      tags: ['breaking', 'sign-language', 'subtitled'],
      start: at(10, 21, 0),
      end: null,
      refId: `NEWS-${ymd(at(10, 0))}-ELECTION`,
      fixed: { state: EventState.values.PRE_LIVE, autoStart: true, autoPublish: true, autoEnd: false },
    },
    {
      genre: 'service',
      title: LONG_TITLES[1]!,
      description: 'The traditional festival of lessons and carols, broadcast live.',
      channel: 'culture',
      room: 'chapel',
      type: 'service',
      categories: ['worship', 'music'],
      tags: ['choral', 'classical'],
      start: at(12, 15, 0),
      end: at(12, 16, 30),
      xflow: 'premium',
      refId: `SVC-${ymd(at(12, 0))}-CAROLS`,
      fixed: { state: EventState.values.PRE_LIVE, autoStart: true, autoPublish: false, autoEnd: true },
    },
    {
      genre: 'conference',
      title: LONG_TITLES[2]!,
      description: 'The forum’s second-day main stage, followed by delegates’ questions.',
      channel: 'main',
      room: 'hall',
      type: 'conference',
      categories: ['conference'],
      tags: ['panel'],
      start: at(6, 19, 0),
      end: at(6, 21, 0),
      xflow: 'standard',
      refId: `FMF-${ymd(at(6, 0))}-EVENING`,
      infrastructure: true,
    },
  ];
}

/** Deleted events: they leave every list but the deleted one (GET /event/deleted/). */
function deletedEvents(now: Date): Planned[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (day: number, h: number, m = 0) => new Date(today + day * DAY + h * HOUR + m * MINUTE);
  return [
    { title: 'Cancelled: Millbrook Town vs Kingsport FC (postponed, waterlogged pitch)', day: 2, ref: 'FB-POSTPONED-1', channel: 'sport1' as const },
    { title: 'Test stream — encoder 2 line-up (delete after use)', day: -6, ref: 'TEST-ENC2', channel: 'main' as const },
    { title: 'Duplicate: Evening News at Six', day: -1, ref: 'NEWS-DUPLICATE', channel: 'news' as const },
  ].map(({ title, day, ref, channel }) => ({
    genre: 'vod' as const,
    title,
    description: 'Removed by the scheduling desk.',
    channel,
    room: null,
    type: 'sport' as const,
    categories: [],
    tags: [],
    start: at(day, 15, 0),
    end: at(day, 17, 0),
    refId: ref,
    fixed: { dateDeleted: new Date(now.getTime() - (day < 0 ? 2 : 30) * HOUR), state: EventState.values.PRE_LIVE },
  }));
}

const overlaps = (a: Planned, b: Planned, marginMs: number) => {
  const aEnd = (a.end ?? new Date(a.start.getTime() + 6 * HOUR)).getTime();
  const bEnd = (b.end ?? new Date(b.start.getTime() + 6 * HOUR)).getTime();
  return a.start.getTime() < bEnd + marginMs && b.start.getTime() < aEnd + marginMs;
};

/** The fixed events win: a regular one on the same channel at the same time is left out. */
function plan(r: Random, now: Date): Planned[] {
  const fixed = fixedEvents(r, now);
  const regular = regularSchedule(r, now).filter(
    (p) => !fixed.some((f) => f.channel !== null && f.channel === p.channel && overlaps(f, p, 15 * MINUTE)),
  );
  return [...regular, ...fixed, ...deletedEvents(now)].sort((a, b) => a.start.getTime() - b.start.getTime() || a.refId.localeCompare(b.refId));
}

const NO_DRM = JSON.stringify({ drm_provider: 'NONE' });

function thirdPartyDrm(r: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');
  return JSON.stringify({
    drm_provider: 'THIRDPARTY',
    drm_data: [
      {
        name: 'CENC',
        key_id: hex(32),
        content_id: hex(16),
        widevine_drmspecific: Buffer.from(hex(24)).toString('base64'),
        widevine_laurl: 'https://drm.example.com/widevine/license',
        key_iv: hex(32),
        playready_laurl: 'https://drm.example.com/playready/rightsmanager.asmx',
      },
      { name: 'FAIRPLAY', key_id: hex(32), key_iv: hex(32), laurl: 'https://drm.example.com/fairplay/license' },
    ],
  });
}

/** State, times and flags of an event that follows its schedule. */
function lifecycle(r: Random, p: Planned, now: Date): Partial<EventInsert> {
  const start = p.start.getTime();
  const end = (p.end ?? new Date(start + 6 * HOUR)).getTime();
  if (start > now.getTime()) {
    const autoStart = r.chance(0.85);
    return {
      state: EventState.values.PRE_LIVE,
      autoStart,
      autoPublish: autoStart && r.chance(0.8),
      autoEnd: r.chance(0.8),
      autoStartPublications: p.genre === 'football' && r.chance(0.5),
      provisionState: p.infrastructure ? ProvisionState.values.SCHEDULED : null,
    };
  }
  const actualStart = new Date(start + r.int(-2, 3) * MINUTE);
  // Live events overrun more often than they finish early.
  const actualEnd = new Date(Math.min(end + r.int(-1, 9) * MINUTE, now.getTime() - MINUTE));
  const ageDays = (now.getTime() - end) / DAY;
  const base: Partial<EventInsert> = {
    autoStart: r.chance(0.85),
    autoPublish: r.chance(0.7),
    autoEnd: r.chance(0.8),
    actualLiveStart: actualStart,
    actualLiveEnd: actualEnd,
    publishedStart: new Date(actualStart.getTime() + r.int(1, 5) * MINUTE),
    publishedEnd: actualEnd,
    provisionState: p.infrastructure ? ProvisionState.values.TERMINATED : null,
  };
  if (p.preShowMinutes) {
    // The instant VOD starts at kick-off, without the pre-show.
    base.instantVodStart = new Date(start + p.preShowMinutes * MINUTE);
    base.instantVodEnd = actualEnd;
  }
  if (p.xflow) {
    const roll = r.next();
    const state =
      roll < 0.45 ? EventState.values.INSTANT_VOD : roll < 0.8 ? EventState.values.VOD_PUBLIC : EventState.values.VOD_PRIVATE;
    return {
      ...base,
      state,
      mp4State: state === EventState.values.INSTANT_VOD && r.chance(0.5) ? Mp4State.values.NONE : Mp4State.values.AVAILABLE,
      setPrivateAfterGeneration: state === EventState.values.VOD_PRIVATE,
    };
  }
  return {
    ...base,
    state: ageDays > 10 ? EventState.values.INSTANT_VOD_BACKUP : EventState.values.INSTANT_VOD,
    mp4State: Mp4State.values.NONE,
  };
}

interface Rows {
  channels: (typeof channels.$inferInsert)[];
  rooms: (typeof rooms.$inferInsert)[];
  categories: (typeof categories.$inferInsert)[];
  tags: (typeof tags.$inferInsert)[];
  eventTypes: (typeof eventTypes.$inferInsert)[];
  xflows: (typeof xflows.$inferInsert)[];
  infrastructureProfiles: (typeof infrastructureProfiles.$inferInsert)[];
  propertyConfigurations: (typeof propertyConfigurations.$inferInsert)[];
  events: EventInsert[];
  eventCategories: (typeof eventCategories.$inferInsert)[];
  eventTags: (typeof eventTags.$inferInsert)[];
  customProperties: (typeof customProperties.$inferInsert)[];
}

export interface DemoOptions {
  /** Also seed chapter points, client properties and channel profiles (default true). */
  metadata?: boolean;
}

/** Every row of the demo tenant, without touching the database. */
export function buildDemoRows(clientId: string, now: Date): Rows {
  const r = prng(0xc0_47_20_01);
  const id = (name: string) => demoId(clientId, name);
  const setUp = new Date(now.getTime() - 30 * DAY);
  const stamps = { dateCreated: setUp, dateModified: setUp };

  const channelId = (key: ChannelKey) => id(`channel/${key}`);
  const roomId = (key: RoomKey) => id(`room/${key}`);
  const categoryId = (key: CategoryKey) => id(`category/${key}`);
  const tagId = (name: TagName) => id(`tag/${name}`);
  const typeId = (key: EventTypeKey) => id(`eventType/${key}`);
  const xflowId = (key: XflowKey) => id(`xflow/${key}`);
  const infrastructureId = id('infrastructureProfile/0');
  const templateId = id('propertyConfiguration/0');

  const rows: Rows = {
    channels: CHANNELS.map((c) => ({
      id: channelId(c.key),
      clientId,
      name: c.name,
      referenceId: c.referenceId,
      configurationJson: JSON.stringify(channelConfiguration(c), null, 2),
      ...stamps,
    })),
    rooms: ROOMS.map((room) => ({ id: roomId(room.key), clientId, name: room.name, referenceId: room.referenceId, ...stamps })),
    categories: CATEGORIES.map((c) => ({
      id: categoryId(c.key),
      clientId,
      name: c.name,
      label: c.label,
      description: c.description,
      customProperties:
        c.key === 'football'
          ? [{ id: id('category/football/property/0'), category: 'rights', key: 'holder', value: 'Premier Division Media Rights Ltd' }]
          : [],
      ...stamps,
    })),
    tags: TAGS.map((name) => ({ id: tagId(name), clientId, name, dateCreated: setUp })),
    eventTypes: EVENT_TYPES.map((t) => ({ id: typeId(t.key), clientId, name: t.name, referenceId: t.referenceId, colour: t.colour, ...stamps })),
    xflows: XFLOWS.map((x) => ({
      id: xflowId(x.key),
      clientId,
      name: x.name,
      referenceId: x.referenceId,
      configurationJson: JSON.stringify(xflowConfiguration(x.tier), null, 2),
      ...stamps,
    })),
    infrastructureProfiles: [
      {
        id: infrastructureId,
        clientId,
        name: INFRASTRUCTURE_PROFILE.name,
        referenceId: INFRASTRUCTURE_PROFILE.referenceId,
        configurationJson: JSON.stringify(INFRASTRUCTURE_PROFILE.configuration, null, 2),
        ...stamps,
      },
    ],
    propertyConfigurations: [
      {
        id: templateId,
        clientId,
        name: PROPERTY_CONFIGURATION.name,
        referenceId: PROPERTY_CONFIGURATION.referenceId,
        configurationJson: JSON.stringify(PROPERTY_CONFIGURATION.content, null, 2),
        ...stamps,
      },
    ],
    events: [],
    eventCategories: [],
    eventTags: [],
    customProperties: [],
  };

  const planned = plan(r, now);
  planned.forEach((p, n) => {
    const eventId = id(`event/${n}`);
    const state = p.fixed?.state !== undefined ? { ...p.fixed } : { ...lifecycle(r, p, now), ...p.fixed };
    const drm = p.xflow === 'premium' ? thirdPartyDrm(r) : NO_DRM;
    const channel = p.channel ? CHANNELS.find((c) => c.key === p.channel) : undefined;
    const created = new Date(Math.min(p.start.getTime() - r.int(2, 21) * DAY, now.getTime() - HOUR));
    const lastChange = [state.actualLiveEnd, state.actualLiveStart, state.dateDeleted]
      .filter((d): d is Date => d instanceof Date)
      .map((d) => d.getTime());
    const modified = new Date(
      Math.min(now.getTime(), Math.max(created.getTime() + r.int(1, 48) * HOUR, ...lastChange.map((t) => t + r.int(1, 10) * MINUTE))),
    );
    const contentId = p.xflow ? `cnt-${ymd(p.start)}-${pad(n, 3)}` : null;
    const processed =
      state.state === EventState.values.VOD_PUBLIC || state.state === EventState.values.VOD_PRIVATE || state.state === EventState.values.COMPOSE_PUBLIC;
    rows.events.push({
      id: eventId,
      clientId,
      channelId: p.channel ? channelId(p.channel) : null,
      xflowId: p.xflow ? xflowId(p.xflow) : null,
      infrastructureProfileId: p.infrastructure ? infrastructureId : null,
      eventTypeId: typeId(p.type),
      roomId: p.room ? roomId(p.room) : null,
      customPropertyConfigurationId: p.properties ? templateId : null,
      title: p.title,
      refId: p.refId,
      externalId: r.chance(0.8) ? `PLN-${pad(40_000 + n * 7, 6)}` : null,
      contentId,
      description: p.description,
      scheduledStart: p.start,
      scheduledEnd: p.end,
      displayStart: p.preShowMinutes ? new Date(p.start.getTime() + p.preShowMinutes * MINUTE) : null,
      displayEnd: null,
      autoProvisionInfrastructure: p.infrastructure ?? false,
      autoTerminateInfrastructure: p.infrastructure ?? false,
      scheduledProvisionAt: p.infrastructure ? new Date(p.start.getTime() - 20 * MINUTE) : null,
      scheduledTerminateAt: p.infrastructure && p.end ? new Date(p.end.getTime() + 30 * MINUTE) : null,
      dvrLength: channel?.dvrWindowLength ?? null,
      drmJson: drm,
      vodDrm: p.xflow === 'premium',
      taskEngineJson: processed
        ? JSON.stringify({ tasks: [{ type: 'transcode', profile: p.xflow === 'premium' ? 'h264-ladder-drm' : 'h264-ladder', status: 'completed' }] })
        : null,
      dateCreated: created,
      dateModified: modified,
      ...state,
    });
    p.categories.forEach((key, position) => rows.eventCategories.push({ clientId, eventId, categoryId: categoryId(key), position }));
    for (const name of new Set(p.tags)) rows.eventTags.push({ clientId, eventId, tagId: tagId(name) });
    for (const [path, value] of Object.entries(p.properties ?? {})) {
      const [category, key] = path.split('/') as [string, string];
      rows.customProperties.push({ id: id(`event/${n}/property/${path}`), clientId, eventId, category, key, value });
    }
  });

  // A few MP4 states beyond the usual: the latest finished match is still generating its MP4,
  // and one talk show's MP4 failed.
  const finishedMatch = [...rows.events]
    .reverse()
    .find((e) => e.refId?.startsWith('FB-') && e.state === EventState.values.INSTANT_VOD && !e.dateDeleted);
  if (finishedMatch) finishedMatch.mp4State = Mp4State.values.GENERATING;
  const talk = rows.events.find((e) => e.refId?.startsWith('TLT-') && e.state === EventState.values.VOD_PUBLIC);
  if (talk) talk.mp4State = Mp4State.values.FAILED;
  return rows;
}

/**
 * Seeds the demo tenant. Only for an empty tenant: when the client already has events or
 * channels, nothing is written and `{ events: 0 }` is returned.
 */
export async function seedDemoData(
  db: DbOrTx,
  clientId: string,
  clock: Clock,
  options: DemoOptions = {},
): Promise<{ events: number }> {
  const seeded = await db.transaction(async (tx) => {
    const [existingEvents] = await tx.select({ n: count() }).from(events).where(eq(events.clientId, clientId));
    const [existingChannels] = await tx.select({ n: count() }).from(channels).where(eq(channels.clientId, clientId));
    if ((existingEvents?.n ?? 0) > 0 || (existingChannels?.n ?? 0) > 0) return { events: 0 };

    const rows = buildDemoRows(clientId, clock.now());
    await tx.insert(channels).values(rows.channels);
    await tx.insert(rooms).values(rows.rooms);
    await tx.insert(categories).values(rows.categories);
    await tx.insert(tags).values(rows.tags);
    await tx.insert(eventTypes).values(rows.eventTypes);
    await tx.insert(xflows).values(rows.xflows);
    await tx.insert(infrastructureProfiles).values(rows.infrastructureProfiles);
    await tx.insert(propertyConfigurations).values(rows.propertyConfigurations);
    // Through the event area, which owns the table (in batches under PostgreSQL's 65,535 parameters).
    await insertEventRows(tx, rows.events);
    if (rows.eventCategories.length) await tx.insert(eventCategories).values(rows.eventCategories);
    if (rows.eventTags.length) await tx.insert(eventTags).values(rows.eventTags);
    if (rows.customProperties.length) await tx.insert(customProperties).values(rows.customProperties);
    return { events: rows.events.filter((e) => !e.dateDeleted).length };
  });
  if (seeded.events === 0) return seeded;
  // Chapter points, client-property values and channel profiles of some demo events.
  if (options.metadata !== false) await seedMetadataDemo(db, clientId, clock);
  // Compose playlists of both kinds (src/server/demo/compose.ts).
  await seedComposeDemo(db, clientId, clock);
  // Two VOD downloads, made by the job worker once the service runs (src/server/demo/downloads.ts).
  await seedDownloadsDemo(db, clientId, clock).catch(() => 0);
  // Destinations and publications (src/server/demo/syndication.ts).
  await seedSyndicationDemo(db, clientId, clock);
  // A capture of a live channel with hours of segments, a profile and its stream (src/server/demo/archiver.ts).
  await seedArchiverDemo(db, clientId, clock);
  // Arm auto start/publish/end as every write path does, so seeded automation really runs.
  const automated = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.clientId, clientId), or(eq(events.autoStart, true), eq(events.autoPublish, true), eq(events.autoEnd, true))));
  await db.transaction(async (tx) => {
    for (const { id } of automated) await scheduleAutomation(tx, clock, clientId, id);
  });
  // Counted at the end: compose seeding adds the events its playlists create.
  const [live] = await db
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.clientId, clientId), isNull(events.dateDeleted)));
  return { events: live?.n ?? seeded.events };
}
