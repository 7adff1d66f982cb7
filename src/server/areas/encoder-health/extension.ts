/** The sampling starts with the job worker (main.ts starts it; tests run the ticks with runJobs): events streaming before a restart are sampled again. */
import type { AppExtension } from '../../http/extension.ts';
import { ensureSampling } from './sampling.ts';

export const encoderHealthSampling: AppExtension = {
  register(app, { db, clock, services }) {
    app.jobs.onStart(() => {
      void ensureSampling(db, clock, services.encoderHealth).catch((error: unknown) => app.log.error({ err: error }, 'could not start the encoder health sampling'));
    });
  },
};
