/** Test data for media syndication: events in a given state, destinations activated through their workflow. */
import { randomUUID } from 'node:crypto';
import { endpoints, type Destination, type MediaDestination } from '#schema';
import type { ApiClient } from '#client';
import type { TestApp } from './app.ts';
import { events } from '#server/db/tables/events.ts';
import { channelProfileAudioInputs, channelProfiles } from '#server/db/tables/metadata.ts';
import { eq } from 'drizzle-orm';

export async function setEventState(t: TestApp, eventId: string, state: number): Promise<void> {
  await t.database.db.update(events).set({ state }).where(eq(events.id, eventId));
}

export async function addAudioInput(t: TestApp, eventId: string, clientId = t.clientId): Promise<string> {
  const now = t.clock.now();
  const [profile] = await t.database.db.insert(channelProfiles).values({ clientId, eventId, dateCreated: now, dateModified: now }).returning();
  const [input] = await t.database.db.insert(channelProfileAudioInputs).values({ clientId, profileId: profile!.id, languageCode: 'en', audioChannel: 1 }).returning();
  return input!.id;
}

/** A destination created and taken through its activation: the authorisation page, allowed. */
export async function activeDestination(t: TestApp, api: ApiClient, target: string, name = `${target} ${randomUUID().slice(0, 4)}`, destinationJson = '{}'): Promise<MediaDestination> {
  const created = await api.call(endpoints.mediaDestination.create, { body: { name, target, destinationJson } });
  const step = await api.call(endpoints.mediaDestination.activate, { params: { id: created.id } });
  if (step.actionRequired) {
    const path = /\/api\/sim\/targets\/authorise\/\S+/.exec(step.actionDescription ?? '')![0];
    const response = await t.app.inject({ method: 'POST', url: path, payload: 'decision=allow', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    if (response.statusCode !== 200) throw new Error(`authorisation page answered ${response.statusCode}`);
  }
  return api.call(endpoints.mediaDestination.get, { params: { id: created.id } });
}

/** A direct destination (/destination/) created and taken through the same activation. */
export async function activeDirectDestination(t: TestApp, api: ApiClient, target: string, name = `${target} ${randomUUID().slice(0, 4)}`, configJson = '{}'): Promise<Destination> {
  const created = await api.call(endpoints.destination.create, { body: { name, target, configJson } });
  const step = await api.call(endpoints.destination.activate, { params: { id: created.id } });
  if (step.actionRequired) await authorise(t, step.actionDescription ?? '');
  return api.call(endpoints.destination.get, { params: { id: created.id } });
}

/** Allows on the simulated target's authorisation page named in an activation step's description. */
export async function authorise(t: TestApp, actionDescription: string): Promise<void> {
  const path = /\/api\/sim\/targets\/authorise\/\S+/.exec(actionDescription)![0];
  const response = await t.app.inject({ method: 'POST', url: path, payload: 'decision=allow', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  if (response.statusCode !== 200) throw new Error(`authorisation page answered ${response.statusCode}`);
}

export async function setFaults(api: ApiClient, destinationId: string, faults: string): Promise<void> {
  await api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId, category: 'simulation', key: 'faults', value: faults } });
}

/** Moves the clock by `ms` in steps, running due jobs after each. */
export async function advance(t: TestApp, ms: number, stepMs = 500): Promise<void> {
  for (let done = 0; done < ms; done += stepMs) {
    t.clock.advance(Math.min(stepMs, ms - done));
    await t.runJobs();
  }
}
