/** Every table of the service, one file per area. drizzle-kit reads this module to generate migrations. */
export * from './clients.ts';
export * from './jobs.ts';
export * from './lookups.ts';
export * from './events.ts';
export * from './changes.ts';
export * from './metadata.ts';
export * from './live.ts';
export * from './webhooks.ts';
export * from './compose.ts';
export * from './assets.ts';
export * from './downloads.ts';
export * from './archiver.ts';
export * from './syndication.ts';
export * from './operations.ts';
export * from './versions.ts';
export * from './trust.ts';
