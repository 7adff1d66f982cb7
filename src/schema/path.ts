/**
 * Path templates as the interface spells them: `/event/{id}`, `/clientproperty/template{templateId}`
 * (a parameter glued to a literal), `/asset/sync/{event-id}` (a hyphen in the name), trailing
 * slashes kept, and a few paths written without their leading slash.
 */

/** The parameter names of a path template, as a type: `'/a/{id}/b{x}'` -> `'id' | 'x'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

const PARAM = /\{([^{}]+)\}/g;

/** The parameter names of a path template, in order of appearance. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(PARAM)].map((m) => m[1] as string);
}

/**
 * The path the interface means: a template written without its leading slash (`archiverstream`,
 * `media/destination/{id}`) is served at the same path with one.
 */
export function absolutePath(template: string): string {
  return template.startsWith('/') ? template : `/${template}`;
}

/** Fills a template with percent-encoded values. Throws when a parameter is missing. */
export function buildPath(template: string, params: Record<string, unknown> = {}): string {
  return absolutePath(template).replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Path parameter "${name}" is required for ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** A parameter name Fastify's router accepts (letters, digits, underscore). */
export function routerParamName(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '_');
}

/**
 * The Fastify route of a template, and how its router parameter names map back to the template's.
 * `{event-id}` becomes `:event_id`; `template{templateId}` becomes `template:templateId`.
 */
export function routerPath(template: string): { url: string; paramNames: Record<string, string> } {
  const paramNames: Record<string, string> = {};
  const url = absolutePath(template).replace(PARAM, (_, name: string) => {
    const routerName = routerParamName(name);
    paramNames[routerName] = name;
    return `:${routerName}`;
  });
  return { url, paramNames };
}
