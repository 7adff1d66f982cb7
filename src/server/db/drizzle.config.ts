import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from the difference between the tables and the
// last migration. Migrations are applied at start (see database.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/tables/index.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
