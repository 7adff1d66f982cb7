/**
 * The front door of the mailbox area: what other page areas and the app may use of it. Anything else in
 * this folder is the area's own (lint: no-restricted-imports, "another page area's internals").
 * Its page is routed by src/app/router.tsx; it is exported for page tests that follow a message into the mailbox.
 */
export { default as MailboxPage } from './mailbox-page.tsx';
