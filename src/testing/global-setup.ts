/**
 * Vitest's global setup: migrates the database every test database of the run is copied from
 * (see openTestDatabase), once instead of once per test file.
 */
import { prepareTestTemplate } from '#server/db/test-database.ts';

export default function setup(): Promise<() => Promise<void>> {
  return prepareTestTemplate();
}
