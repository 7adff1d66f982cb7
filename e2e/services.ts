/**
 * How many services the browser tests start and where: one per Playwright worker, on consecutive
 * ports from E2E_PORT (default 8181), so two checkouts can run the suite side by side.
 * E2E_WORKERS sets the count (default 2).
 */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export function serviceUrl(workerIndex: number): string {
  return `http://localhost:${FIRST_PORT + (workerIndex % WORKERS)}`;
}
