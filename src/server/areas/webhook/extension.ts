/**
 * The webhook dispatcher's place in the app's life: on close it stops starting deliveries and
 * gives those in flight a few seconds (shutdownGraceMs) before cutting them short; a cut one is
 * sent again at once after the restart (dispatcher.ts).
 */
import type { AppExtension } from '../../app.ts';
import { closeDispatcher } from './dispatcher.ts';
import { resolveSettings } from './settings.ts';

export const webhookDelivery: AppExtension = {
  register(app, { db, services }) {
    app.addHook('onClose', async () => {
      await closeDispatcher(db, resolveSettings(services.webhooks).shutdownGraceMs);
    });
  },
};
