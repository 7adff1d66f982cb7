/**
 * Services the process wires once, which request handlers (RequestContext) and background jobs
 * (JobContext) both receive: the simulated world's adapters and the like. Each part that adds one
 * declares it here and wires it in `buildApp` (main and tests alike); tests may pass doubles
 * through `buildApp({ services })`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by later parts
export interface AppServices {}
