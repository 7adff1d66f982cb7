/**
 * What the log may carry of an error (README "Logs"): never the parameter values of a failed
 * query, never a connection string's password. Used by the HTTP error handler and the job worker.
 */

/**
 * An error as the log may carry it: no parameter values of a failed query (Drizzle puts them in
 * its message), no password of a connection string. The query text stays (it holds no values:
 * every value is a parameter).
 */
export function loggableError(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  const e = (error ?? {}) as { name?: string; message?: string; code?: unknown; stack?: string; cause?: unknown };
  const clean = (text: string) => text.replace(/\nparams: [\s\S]*$/, '').replace(/(\w+:\/\/[^:/@\s]+:)[^@\s]+@/g, '$1***@');
  const message = clean(String(e.message ?? error));
  const cause = e.cause as { message?: string; code?: unknown } | undefined;
  // The database's own words may quote the offending value (`invalid input syntax for type uuid: "…"`).
  const causeText = cause?.message ? clean(cause.message).replace(/: ".*"$/s, ': "…"') : undefined;
  const code = typeof e.code === 'string' ? e.code : typeof cause?.code === 'string' ? cause.code : undefined;
  const stackFrames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)).join('\n') : undefined;
  return {
    type: e.name ?? typeof error,
    message: causeText ? `${message} (cause: ${causeText})` : message,
    ...(code ? { code } : {}),
    ...(stackFrames ? { stack: stackFrames } : {}),
  };
}

