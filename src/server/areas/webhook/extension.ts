/**
 * The webhook dispatcher's place in the app's life:
 * - Waking: a writer that creates deliveries sends NOTIFY on WEBHOOKS_CHANNEL (changes/fanout.ts); every
 *   process listening claims what is due at commit, unless it is sending every lane the
 *   notification names (the claim at each lane's end takes them, dispatcher.ts `sendsAll`). Once
 *   the job worker runs (main.ts starts it; tests drive delivery with `settle` instead), its
 *   start, each notification, and each time the LISTEN comes (back) into place pump the
 *   dispatcher: deliveries committed while no process was up, or while this one was not
 *   listening, are claimed then. Retries and leases wake it by `webhook.dispatch` jobs
 *   (dispatcher.ts).
 * - Closing: it stops starting deliveries and gives those in flight a few seconds
 *   (shutdownGraceMs) before cutting them short; a cut one is sent again at once after the
 *   restart (dispatcher.ts).
 */
import type { AppExtension } from '../../http/extension.ts';
import { listenForChanges } from '../../changes/listen.ts';
import { closeDispatcher, dispatcherFor } from './dispatcher.ts';
import { WEBHOOKS_CHANNEL } from '../../changes/fanout.ts';

export const webhookDelivery: AppExtension = {
  register(app, { db, clock, services }) {
    const settings = services.webhooks;
    const dispatcher = dispatcherFor(db);
    dispatcher.attach({ db, clock, log: app.log, settings });
    const wake = () => {
      if (app.jobs.started) void dispatcher.pump();
    };
    const listener = listenForChanges(db, {
      channel: WEBHOOKS_CHANNEL,
      // A wake-up for lanes this process is sending waits for their ends (dispatcher.ts `sendsAll`).
      onNotify: (lanes) => dispatcher.sendsAll(lanes) || wake(),
      onState: (listening) => listening && wake(),
      log: app.log,
    });
    app.jobs.onStart(wake);
    app.addHook('onClose', async () => {
      await listener?.close();
      await closeDispatcher(db, settings.shutdownGraceMs);
    });
  },
};
