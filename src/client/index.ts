/** The browser side of the schema module: one fetch path, typed errors, react-query factories. */
export * from './http.ts';
export * from './query.ts';
