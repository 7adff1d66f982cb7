/**
 * Errors in words an operator can act on. One place, so the connection dialog and every page
 * say the same thing about the same failure.
 */
import { ApiError } from '#client';

export type ErrorKind = 'unauthorized' | 'no-key' | 'unreachable' | 'not-api' | 'service' | 'unknown';

export interface ErrorDescription {
  kind: ErrorKind;
  title: string;
  message: string;
  /** Operation, status and exception type, for a bug report. */
  detail?: string;
}

export interface DescribeOptions {
  /** The service's absolute base URL, named in messages. */
  serviceUrl: string;
  /** False when no key was sent: a 401 then means "enter a key", not "this key is wrong". */
  hasKey?: boolean;
}

const notApiHint = 'check the URL (it usually ends in /api).';

/** True when the fix is in the connection settings rather than in the request. */
export function isConnectionProblem(kind: ErrorKind): boolean {
  return kind === 'unauthorized' || kind === 'no-key' || kind === 'unreachable' || kind === 'not-api';
}

export function describeApiError(error: unknown, { serviceUrl, hasKey = true }: DescribeOptions): ErrorDescription {
  if (error instanceof ApiError) {
    const detail = [error.operationId, error.status ? `HTTP ${error.status}` : 'no answer', error.body?.exceptionType]
      .filter(Boolean)
      .join(' · ');
    if (error.status === 401) {
      return hasKey
        ? { kind: 'unauthorized', title: 'Key refused', message: 'The key was refused — check it.', detail }
        : { kind: 'no-key', title: 'No API key', message: 'This service needs an API key — enter it in the connection settings.', detail };
    }
    if (error.status === 0) {
      return { kind: 'unreachable', title: 'Service unreachable', message: `Cannot reach ${serviceUrl} — is the service running?`, detail };
    }
    if (error.body) {
      return {
        kind: 'service',
        title: 'The service reported an error',
        message: error.body.exceptionMessage || `The service answered HTTP ${error.status}.`,
        detail,
      };
    }
    if (error.status === 404 || error.status === 405) {
      return {
        kind: 'not-api',
        title: 'Not the service’s API',
        message: `${serviceUrl} answered ${error.status}, which does not look like the service’s API — ${notApiHint}`,
        detail,
      };
    }
    if (error.status === 500 || error.status >= 502) {
      return {
        kind: 'unreachable',
        title: 'Service unavailable',
        message: `${serviceUrl} answered ${error.status} without details — the service, or a proxy in front of it, may be down. Is the service running?`,
        detail,
      };
    }
    return { kind: 'service', title: 'The service reported an error', message: `The service answered HTTP ${error.status}.`, detail };
  }
  if (error instanceof SyntaxError) {
    return {
      kind: 'not-api',
      title: 'Not the service’s API',
      message: `${serviceUrl} answered, but not with the service’s JSON — ${notApiHint}`,
    };
  }
  return {
    kind: 'unknown',
    title: 'Something went wrong',
    message: error instanceof Error ? error.message : String(error),
  };
}
