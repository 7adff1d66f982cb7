/**
 * The front door of the alerts area: the top bar's bell for the app shell. Its page is routed by
 * src/app/router.tsx.
 */
export { AlertsBell } from './alerts-bell.tsx';
