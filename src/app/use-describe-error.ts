/**
 * The one way a page says what went wrong outside a form (forms: `applyServerErrors`): a hook that
 * knows the connection, so no component is handed the service's address to word an error.
 *
 * @example
 * const describe = useDescribeError();
 * notify(`Could not save: ${describe(error).message}`, { severity: 'error' });
 * <ErrorState title="Could not load the events" {...describe(query.error)} />
 */
import { useMemo } from 'react';
import { ApiError } from '#client';
import { describeApiError, type ErrorDescription } from './api-errors.ts';
import { useConnectionValue } from './connection-context.tsx';
import { resolveBaseUrl } from './connection.ts';

/** The service's absolute base URL (for links to its files and for messages). */
export function useServiceUrl(): string {
  return resolveBaseUrl(useConnectionValue((state) => state.baseUrl));
}

export interface DescribeError {
  (error: unknown): ErrorDescription;
  /** For an action: an operation the service answers 501 to is "not offered", not a failure. */
  action(error: unknown, operationId: string): string;
}

export function useDescribeError(): DescribeError {
  const serviceUrl = resolveBaseUrl(useConnectionValue((state) => state.baseUrl));
  const hasKey = useConnectionValue((state) => state.apiKey !== null);
  return useMemo(
    () =>
      Object.assign((error: unknown) => describeApiError(error, { serviceUrl, hasKey }), {
        action: (error: unknown, operationId: string) =>
          error instanceof ApiError && error.status === 501
            ? `This service does not offer this action (${operationId}).`
            : describeApiError(error, { serviceUrl, hasKey }).message,
      }),
    [serviceUrl, hasKey],
  );
}
