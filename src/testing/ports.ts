/**
 * A free TCP port on 127.0.0.1 for a child process to listen on (a service the test or the bench
 * spawns, a loopback receiver): the system picks one, the probe lets it go at once. Another
 * process could take it in between; on a test machine that is rare enough.
 */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}
