/**
 * The front door of the alert area: nothing of it is used by other areas. Its routes are wired in
 * areas/index.ts.
 */
export {};
