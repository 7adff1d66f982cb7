/**
 * The front door of the schedule area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Its page is routed by src/app/router.tsx.
 */
/** The double-booking warning of the forms that set a channel and times (the event form, an encoder composition). */
export { BookingWarning } from './booking-warning.tsx';
