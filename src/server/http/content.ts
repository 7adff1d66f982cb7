/**
 * Request bodies: JSON only, under any JSON media type (`application/json`,
 * `application/json-patch+json` for PATCH /event/{id}, `application/*+json`). Anything else is 415.
 * An empty body is "no body" (the operation's schema then says whether one was required).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** 5 MB: far above any body of the interface (a compose playlist, a configuration JSON). */
export const BODY_LIMIT = 5 * 1024 * 1024;

const JSON_SUFFIX = /^application\/[\w!#$%&'*.^`|~-]+\+json(?:\s*;.*)?$/i;

/**
 * Object keys that would reach an object's prototype once the body is copied around
 * (`normalizeKeys` assigns keys one by one). Fastify's own JSON parser refuses them too.
 */
function hasPoisonedKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasPoisonedKey);
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, '__proto__')) return true;
  const ctor = Object.hasOwn(record, 'constructor') ? record.constructor : undefined;
  if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
  return Object.values(record).some(hasPoisonedKey);
}

/** Deepest nesting of arrays and objects a body may have: far beyond any body of the interface. */
export const MAX_BODY_DEPTH = 64;

/**
 * How deep the text nests arrays and objects, counted without parsing (strings skipped), stopping
 * as soon as it passes `limit`: a body nested thousands of levels deep is refused before anything
 * (JSON.parse, the schemas, the walks below) recurses through it.
 */
export function nestingDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (nestingDepthExceeds(text, MAX_BODY_DEPTH)) {
    throw new HttpError(400, 'TooDeep', `The request body nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels`, { maxDepth: MAX_BODY_DEPTH });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, 'MalformedJson', `The request body is not valid JSON: ${(error as Error).message}`);
  }
  // Only walk the value when the text could hold such a key (plainly or escaped).
  if ((text.includes('proto') || text.includes('prototype') || text.includes('\\u')) && hasPoisonedKey(value)) {
    throw new HttpError(400, 'MalformedJson', 'The request body contains a "__proto__" or "constructor.prototype" key');
  }
  return value;
}

export function installBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parser = (_request: unknown, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
    } catch (error) {
      done(error as Error);
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parser);
  app.addContentTypeParser(JSON_SUFFIX, { parseAs: 'string' }, parser);
}
