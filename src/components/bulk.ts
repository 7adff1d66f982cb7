/**
 * Acting on many at once (the events list, the publication monitor, a webhook's delivery log):
 * a task per selected item, a few at a time, and the outcome of each with the service's reason,
 * for the summary (bulk-summary-dialog.tsx). One failure does not stop the others.
 */
import { ApiError } from '#client';

/** Enough to be quick, few enough not to flood a service (or trip its rate limits). */
export const BULK_CONCURRENCY = 4;

/** What a summary needs of an item: its id and what to call it. */
export interface BulkItem {
  id: string;
  title: string;
}

export interface BulkOutcome<T extends BulkItem = BulkItem> {
  item: T;
  ok: boolean;
  /** The service's reason, in its words, when it refused. */
  reason?: string;
  /** What happened, when it did (the task's answer in words: "Starts when the event is live"). */
  detail?: string;
}

/** The service's message for a failed call, else a plain description. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.body?.exceptionMessage || (error.status === 0 ? 'The service could not be reached' : `HTTP ${error.status}`);
    // Field messages the exception message already says are not repeated.
    const fields = error.fieldErrors
      .filter((f) => !message.includes(f.message))
      .map((f) => `${f.field}: ${f.message}`)
      .join('; ');
    return fields ? `${message} (${fields})` : message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs `task` for every item, at most `concurrency` at once, and reports each outcome in the order
 * of `items` (not the order they finished). A task that answers text has it as the outcome's detail.
 */
export async function runBulk<T extends BulkItem>(
  items: readonly T[],
  task: (item: T) => Promise<unknown>,
  { concurrency = BULK_CONCURRENCY, onProgress }: { concurrency?: number; onProgress?: (done: number) => void } = {},
): Promise<BulkOutcome<T>[]> {
  const outcomes: BulkOutcome<T>[] = new Array(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index]!;
      try {
        const answer = await task(item);
        outcomes[index] = { item, ok: true, ...(typeof answer === 'string' ? { detail: answer } : {}) };
      } catch (error) {
        outcomes[index] = { item, ok: false, reason: failureReason(error) };
      }
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return outcomes;
}

/** "3 events", "1 publication". */
export const countOf = (n: number, noun: string, plural = `${noun}s`) => `${n.toLocaleString()} ${n === 1 ? noun : plural}`;

/** "3 events changed; 1 failed." */
export function summarise(outcomes: readonly BulkOutcome[], verb: string, noun = 'event', plural?: string): string {
  const ok = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.length - ok;
  if (failed === 0) return `${countOf(ok, noun, plural)} ${verb}.`;
  if (ok === 0) return `None of the ${countOf(failed, noun, plural)} ${verb}: every one failed.`;
  return `${countOf(ok, noun, plural)} ${verb}; ${failed} failed.`;
}
