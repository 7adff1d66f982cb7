/**
 * Helpers the metadata areas' tests share: the change log, failures (events: #testing/event-row.ts). Not a test itself, so it names the test app and the client's error structurally
 * (server code may not import #testing or #client).
 */
import type { FieldError } from '#schema';

/** What the tests read of an ApiError (#client). */
export interface CallFailure extends Error {
  status: number;
  fieldErrors: FieldError[];
  body: { data: unknown } | undefined;
}

export async function failure(promise: Promise<unknown>): Promise<CallFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error && typeof (error as Partial<CallFailure>).status === 'number') return error as CallFailure;
    throw error;
  }
  throw new Error('expected the call to fail');
}

export const MISSING = '00000000-0000-4000-8000-000000000000';
