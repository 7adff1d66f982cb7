/**
 * PATCH /event/{id} and /event/reference/{referenceid}: JSON Patch (RFC 6902) operations `add`,
 * `replace` and `remove` on the event's body, the fields of POST /event/ (`/Title`, `/DrmJson`,
 * `/Tags/0`, `/Tags/-`). The event is mapped to its body, the operations are applied in order, and
 * the result is validated and saved with the same rules as POST /event/. Any failure names the
 * operation (its index in the array and its path) and nothing is changed.
 *
 * The first path segment matches a body field in any case, as body fields do; deeper segments
 * (inside Tags) are exact. Removing a field clears it: null, false for a flag, no tags; Title,
 * which an event cannot be without, cannot be removed.
 */
import { EVENT_BODY_FIELDS, EventBody, normalizeKeys, type FieldError, type JsonPatchOperation } from '#schema';
import { issueMessage, validationError, type HttpError } from '../../http/errors.ts';
import type { EventRecord } from './serialize.ts';
import { EventBodyError, updateEvent, type BodyFieldError, type ParsedEventBody, type SaveResult, type WriteContext } from './write.ts';

type BodyField = (typeof EVENT_BODY_FIELDS)[number];
type Document = Record<string, unknown>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** An event as the body of POST /event/ would carry it: what a patch is applied to. */
export function eventToBody(record: EventRecord): Record<BodyField, unknown> {
  const e = record.event;
  return {
    Id: e.id,
    Title: e.title,
    RefId: e.refId,
    ExternalId: e.externalId,
    Description: e.description,
    ScheduledStart: iso(e.scheduledStart),
    ScheduledEnd: iso(e.scheduledEnd),
    PublishedStart: iso(e.publishedStart),
    PublishedEnd: iso(e.publishedEnd),
    InstantVodStart: iso(e.instantVodStart),
    InstantVodEnd: iso(e.instantVodEnd),
    ScheduledProvisionAt: iso(e.scheduledProvisionAt),
    ScheduledTerminateAt: iso(e.scheduledTerminateAt),
    ArchiverStart: iso(e.archiverStart),
    ArchiverEnd: iso(e.archiverEnd),
    RoomId: e.roomId,
    EventTypeId: e.eventTypeId,
    CategoryId: record.categories[0]?.id ?? null,
    ChannelId: e.channelId,
    XflowId: e.xflowId,
    RemixflowId: e.remixflowId,
    InfrastructureProfileId: e.infrastructureProfileId,
    ArchiverflowId: e.archiverflowId,
    AutoStart: e.autoStart,
    AutoEnd: e.autoEnd,
    AutoProvisionInfrastructure: e.autoProvisionInfrastructure,
    AutoTerminateInfrastructure: e.autoTerminateInfrastructure,
    AutoPublish: e.autoPublish,
    AutoStartPublications: e.autoStartPublications,
    VodEnableDrm: e.vodDrm,
    SetPrivateAfterGeneration: e.setPrivateAfterGeneration,
    RefreshIndex: false,
    Tags: record.tags.map((t) => ({ id: t.id, name: t.name })),
    DrmJson: e.drmJson,
    AdditionalStreamingOptions: e.additionalStreamingOptions,
    TaskEngineJson: e.taskEngineJson,
    Thumbnail: e.thumbnail,
    EventState: e.state,
    DvrLength: e.dvrLength,
    MaxBitrate: e.maxBitrateUrlParam,
    MinBitrate: e.minBitrateUrlParam,
    AutoExpirePublishingPoints: e.autoExpirePublishingPoints,
  };
}

/** What removing a top-level field leaves: null where the body accepts it, false for a flag, no tags. */
function removedValue(field: BodyField): unknown {
  const schema = EventBody.shape[field];
  for (const candidate of [null, false, []]) if (schema.safeParse(candidate).success) return candidate;
  return undefined;
}

const fieldsByLower = new Map(EVENT_BODY_FIELDS.map((f) => [f.toLowerCase(), f]));

/** Where a failure is: operation `index`, its `path` or its `value`. */
class PatchFailure extends Error {
  constructor(
    readonly index: number,
    readonly part: 'path' | 'value',
    message: string,
  ) {
    super(message);
  }
}

/** RFC 6901: `~1` is `/`, `~0` is `~`. */
function tokens(path: string): string[] {
  return path
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isContainer(value: unknown): value is Document | unknown[] {
  return value !== null && typeof value === 'object';
}

function arrayIndex(token: string, length: number, allowEnd: boolean, index: number): number {
  if (allowEnd && token === '-') return length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw new PatchFailure(index, 'path', `"${token}" is not an array index`);
  const n = Number(token);
  if (n > length || (!allowEnd && n === length)) throw new PatchFailure(index, 'path', `there is no item ${n} (the array has ${length})`);
  return n;
}

function applyOne(doc: Document, op: JsonPatchOperation, index: number): void {
  const [head, ...rest] = tokens(op.path);
  const field = fieldsByLower.get((head ?? '').toLowerCase());
  if (!field) throw new PatchFailure(index, 'path', `not a field of an event: expected one of /${EVENT_BODY_FIELDS.join(', /')}`);
  const value = structuredClone(op.value);
  if (rest.length === 0) {
    // Every field of the body exists, so add and replace both set it.
    doc[field] = op.op === 'remove' ? removedValue(field) : value;
    return;
  }
  let parent: unknown = doc[field];
  const walked: string[] = [field];
  for (const token of rest.slice(0, -1)) {
    if (!isContainer(parent)) throw new PatchFailure(index, 'path', `/${walked.join('/')} holds no object or array`);
    parent = Array.isArray(parent) ? parent[arrayIndex(token, parent.length, false, index)] : (parent as Document)[token];
    walked.push(token);
  }
  const last = rest[rest.length - 1]!;
  if (!isContainer(parent)) throw new PatchFailure(index, 'path', `/${walked.join('/')} holds no object or array`);
  if (Array.isArray(parent)) {
    const at = arrayIndex(last, parent.length, op.op === 'add', index);
    if (op.op === 'add') parent.splice(at, 0, value);
    else if (op.op === 'replace') parent[at] = value;
    else parent.splice(at, 1);
    return;
  }
  const object = parent as Document;
  if (op.op !== 'add' && !Object.hasOwn(object, last)) throw new PatchFailure(index, 'path', `there is no member "${last}" to ${op.op}`);
  if (op.op === 'remove') delete object[last];
  else object[last] = value;
}

const describe = (ops: readonly JsonPatchOperation[], index: number): string => `operation ${index} (${ops[index]!.op} ${ops[index]!.path})`;

/** The last operation that touched a body field; the last operation when none did (the result as a whole is wrong). */
function operationFor(ops: readonly JsonPatchOperation[], field: string): number {
  const top = field.split('.')[0]!.toLowerCase();
  for (let i = ops.length - 1; i >= 0; i--) {
    if ((tokens(ops[i]!.path)[0] ?? '').toLowerCase() === top) return i;
  }
  return ops.length - 1;
}

function patchError(ops: readonly JsonPatchOperation[], problems: { index: number; part: 'path' | 'value'; message: string }[]): HttpError {
  const fields: FieldError[] = problems.map((p) => ({ field: `body.${p.index}.${p.part}`, message: `${describe(ops, p.index)}: ${p.message}` }));
  return validationError(fields, 'The patch cannot be applied');
}

function bodyFieldProblems(ops: readonly JsonPatchOperation[], errors: readonly BodyFieldError[]) {
  return errors.map((e) => ({ index: operationFor(ops, e.field), part: 'value' as const, message: `${e.field}: ${e.message}` }));
}

/**
 * Applies the operations to the event and saves the result. Throws a 400 naming the operation
 * (`body.<index>.path` or `body.<index>.value`) for an operation that cannot be applied or a
 * result that breaks a rule of the event body.
 */
export async function patchEvent(w: WriteContext, record: EventRecord, ops: readonly JsonPatchOperation[]): Promise<SaveResult> {
  const doc: Document = structuredClone(eventToBody(record));
  for (const [index, op] of ops.entries()) {
    try {
      applyOne(doc, op, index);
    } catch (error) {
      if (error instanceof PatchFailure) throw patchError(ops, [error]);
      throw error;
    }
  }
  const parsed = EventBody.safeParse(normalizeKeys(EventBody, doc), { error: issueMessage });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path.map(String).join('.') || 'body';
      return { index: operationFor(ops, field), part: 'value' as const, message: `${field}: ${issue.message}` };
    });
    throw patchError(ops, problems);
  }
  const body: ParsedEventBody = parsed.data;
  if (body.Id !== record.event.id) {
    throw patchError(ops, [{ index: operationFor(ops, 'Id'), part: 'value', message: `Id: the id of an event cannot be changed (it is ${record.event.id})` }]);
  }
  try {
    return await updateEvent(w, record, body);
  } catch (error) {
    if (error instanceof EventBodyError) throw patchError(ops, bodyFieldProblems(ops, error.fields));
    throw error;
  }
}
