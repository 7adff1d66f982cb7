/**
 * Trust (beyond the interface; DESIGN.md "Trust"): the activity trail, the caller's own key, and
 * presence (who else has a record open), each an extension record.
 */
import { defineArea } from '../define.ts';
import {
  ActivityPageSchema,
  ActivityQuery,
  PresenceBody,
  PresenceQuery,
  PresenceSchema,
  SessionSchema,
} from '../models/trust.ts';

export const activity = defineArea('activity', {
  list: {
    method: 'GET',
    path: '/activity/',
    summary: 'The activity trail',
    description:
      'Every successful write of the caller\'s client, newest first: who (the key, its label and role, or `system` for background work), when, ' +
      'the operation, the record, and each field changed with its value before and after (secrets masked). ' +
      '`entity` and `id` give one record\'s history; `actor`, `operation`, `from` and `to` filter. A refused write (400, 403, 409, 412) leaves nothing.',
    query: ActivityQuery,
    responses: { 200: ActivityPageSchema },
    extension: true,
    // Whatever changed has an entry in the trail (the Activity page, History tabs).
    feed: 'everyChange',
  },
});

export const session = defineArea('session', {
  get: {
    method: 'GET',
    path: '/session/',
    summary: 'The caller\'s key and role',
    description: 'The client, the key (id and label) and its role. Each operation\'s role is in its `x-role`.',
    responses: { 200: SessionSchema },
    extension: true,
  },
});

export const presence = defineArea('presence', {
  announce: {
    method: 'POST',
    path: '/presence/',
    summary: 'Say that a page has a record open',
    description:
      'A page that shows a record announces it (and again every 20 s while it stays open; an announcement lapses after 60 s), ' +
      'and withdraws it with `leaving: true`. Answers who else has the record open. The change feed tells the client\'s other ' +
      'pages with an `event: presence` message naming the record. Any role may announce; it leaves no activity entry.',
    body: PresenceBody,
    responses: { 200: PresenceSchema },
    role: 'viewer',
    trail: false,
    invalidates: [],
    extension: true,
  },
  get: {
    method: 'GET',
    path: '/presence/',
    summary: 'Who has a record open',
    query: PresenceQuery,
    responses: { 200: PresenceSchema },
    extension: true,
  },
});
