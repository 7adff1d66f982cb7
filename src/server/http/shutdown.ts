import type { FastifyInstance } from 'fastify';

/** How long requests still in hand may run once the service is closing, before their sockets are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_SWEEP_MS = 100;

/**
 * Lets the server close while browsers hold keep-alive connections. Node closes the connections
 * that are idle at the moment `close()` is called, but a connection whose request was still in hand
 * then (a dashboard refetching, a change-feed stream being ended) goes idle a moment later and
 * keeps the server (and `app.close()`) waiting until the client gives it up, which a browser does
 * not. So while closing, idle connections are closed as they appear, and after the grace whatever
 * is left is cut.
 */
export function closeConnectionsOnShutdown(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): void {
  let sweep: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    deadline = setTimeout(() => app.server.closeAllConnections(), graceMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearTimeout(deadline);
  });
}
