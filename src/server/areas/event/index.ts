/**
 * The front door of the event area: what other areas (and the demo, the sim, the bench) may use
 * of it. Anything else in this folder is the area's own (lint: no-restricted-imports, "another
 * area's internals"). Its routes and jobs are wired in areas/index.ts, its app
 * extensions in app.ts.
 */
export { AUTO_END_JOB, AUTO_PUBLISH_JOB, AUTO_START_JOB, automationKinds, type AutomationPayload, scheduleAutomation } from './automation.ts';
export { eventCollection } from './collection.ts';
export { clearEventType, type EventColumns, eventIdInUse, insertEventRows, writeEvents } from './columns.ts';
export { recordEventUpdate } from './changes.ts';
export { countLiveEvents } from './list-stats.ts';
export { mp4StateSetKind, setMp4State } from './mp4-state.ts';
export { eventExists, findEventBy, getEvent, getEvents, instant, lockEventRow, readEventForWrite } from './repo.ts';
export { addedFlags } from './rules.ts';
export { type EventRecord, type EventRow, serializeEvent } from './serialize.ts';
export { changeEvent, type EventInsert } from './write.ts';
