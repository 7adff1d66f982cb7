/**
 * The front door of the encoder health area: what other areas (the alert centre) may use of it.
 * Its routes and jobs are wired in areas/index.ts, its extension in app.ts.
 */
export { streamingFaults } from './repo.ts';
export { ensureSampling } from './sampling.ts';
