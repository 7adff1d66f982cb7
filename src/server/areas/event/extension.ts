/**
 * The event list's statistics are folded now and then (list-stats.ts), once the job worker runs
 * (main.ts starts it; tests fold when they want to). Not a job: folding changes no answer, so it
 * must not drop the response cache as a finished job does, and it needs no retry.
 */
import type { AppExtension } from '../../http/extension.ts';
import { compactEventListStats } from './list-stats.ts';

/** How often: a client's rows grow by one or two per event written in between. */
const FOLD_EVERY_MS = 10_000;

export const eventListMaintenance: AppExtension = {
  register(app, { db }) {
    let timer: NodeJS.Timeout | undefined;
    app.jobs.onStart(() => {
      timer ??= setInterval(() => {
        compactEventListStats(db).catch((error: unknown) => app.log.warn({ err: String(error) }, 'event list statistics: folding failed; tried again later'));
      }, FOLD_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
};
