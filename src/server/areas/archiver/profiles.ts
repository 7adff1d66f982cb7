/** What the playout profile operations (profile-routes.ts) write and answer, beyond the queries. */
import type { PlayoutProfileBody } from '#schema';
import { notFound, validationError, type FieldError } from '../../http/errors.ts';
import type { RequestContext } from '../../http/implement.ts';
import { createMissingStreams } from './capture-streams.ts';
import { scheduleTick } from './recorder.ts';
import { getCapture, getProfile, replaceProfileCaptures } from './repo.ts';
import { contentRange } from './content-repo.ts';
import { toProfile } from './serialize.ts';

export const noSuchProfile = (id: string) => notFound(`There is no playout profile ${id}`);

export function profileValues(body: PlayoutProfileBody) {
  return {
    expiresIn: body.expiresIn ?? null,
    key: body.key ?? null,
    issKeyIv: body.issKeyIv ?? null,
    issLicenseUrl: body.issLicenseUrl ?? null,
    widevineDrmData: body.widevineDrmData ?? null,
    widevineLicenseUrl: body.widevineLicenseUrl ?? null,
    aesKey: body.aesKey ?? null,
    aesKeyIv: body.aesKeyIv ?? null,
    aesLicenseUrl: body.aesLicenseUrl ?? null,
  };
}

/** Checks the profile's captures (each once, each an existing capture of the client) and stores them in order. */
export async function writeProfileCaptures(ctx: RequestContext, profileId: string, captures: PlayoutProfileBody['captures']): Promise<void> {
  const clientId = ctx.client.clientId;
  const fields: FieldError[] = [];
  const seen = new Set<string>();
  for (const [i, c] of captures.entries()) {
    if (seen.has(c.captureId)) fields.push({ field: `body.captures.${i}.captureId`, message: `names capture ${c.captureId} a second time` });
    else if (!(await getCapture(ctx.db, clientId, c.captureId))) fields.push({ field: `body.captures.${i}.captureId`, message: `there is no capture ${c.captureId}` });
    seen.add(c.captureId);
  }
  if (fields.length > 0) throw validationError(fields);
  // Streams of captures the profile no longer names go; those with content get one.
  await replaceProfileCaptures(ctx.db, clientId, profileId, captures.map((c) => ({ captureId: c.captureId, liveRedirectUrl: c.liveRedirectUrl ?? null })));
  const now = ctx.clock.now();
  for (const c of captures) {
    const range = await contentRange(ctx.db, clientId, c.captureId);
    if (range) await createMissingStreams(ctx.db, clientId, c.captureId, range.start, range.end, now, profileId);
  }
  await scheduleTick(ctx.db, ctx.clock, ctx.archiver);
}

export async function profileAnswer(ctx: RequestContext, id: string) {
  const found = await getProfile(ctx.db, ctx.client.clientId, id);
  if (!found) throw noSuchProfile(id);
  return toProfile(found.profile, found.captures);
}
