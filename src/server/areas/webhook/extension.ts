/**
 * The webhook dispatcher's place in the app's life: on close it stops starting deliveries and
 * gives those in flight a few seconds (shutdownGraceMs) before cutting them short; a cut one is
 * sent again at once after the restart (dispatcher.ts).
 */
import type { AppExtension } from '../../app.ts';
import { closeDispatcher } from './dispatcher.ts';
import { parseRetentionDays, resolveSettings } from './settings.ts';

export const webhookDelivery: AppExtension = {
  register(app, { db, services }) {
    // An unreadable retention keeps the default; say so at start rather than nowhere.
    const { problem } = parseRetentionDays(process.env.WEBHOOKS_RETENTION_DAYS);
    if (problem && services.webhooks?.retentionMs === undefined) app.log.warn(problem);
    app.addHook('onClose', async () => {
      await closeDispatcher(db, resolveSettings(services.webhooks).shutdownGraceMs);
    });
  },
};
