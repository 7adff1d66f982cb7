/**
 * The front door of the live area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts.
 */
export { momentInRecording, offsetInRecording, pausesOf, playsTestProgramme, RECORDED_STATES, type Recording, recordingsOf, testProgrammeDurationMs } from './recording.ts';
export { type Encoder, type EncoderRef, type EncoderState, type EncoderStatus, type PublishingPointStatus } from './encoder.ts';
export { DEFAULT_WAIT_POLL_MS, DEFAULT_WAIT_TIMEOUT_MS, type LiveSettings } from './settings.ts';
export { compositionRequestedKind } from './operations.ts';
export { S, stateName } from './state-machine.ts';
export { streamOf } from './streams.ts';
export { type ArchiverUrls } from './video.ts';
