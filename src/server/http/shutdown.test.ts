/** Closing the service while clients hold connections, as browsers do. */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#testing/app.ts';

async function listen(t: Awaited<ReturnType<typeof createTestApp>>): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
}

describe('closing the service', () => {
  it('cuts a connection whose request never completes once the grace is over, rather than waiting on the client', async () => {
    const t = await createTestApp();
    const port = await listen(t);
    // A request whose body never arrives: the service is still reading it when it is asked to close.
    const received = new Promise((resolve) => t.app.server.once('request', resolve));
    const socket = connect(port, '127.0.0.1').resume();
    socket.write(`POST /api/event/ HTTP/1.1\r\nHost: x\r\nAPI-KEY: ${t.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"Title":`);
    await received;
    // Without the deadline this waits for the request timeout (a minute), far beyond the test's.
    await t.close();
    await closed(socket);
  });

  it('closes an idle keep-alive connection at once', async () => {
    const t = await createTestApp();
    const port = await listen(t);
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.write(`GET /api/event/?pageSize=1 HTTP/1.1\r\nHost: x\r\nAPI-KEY: ${t.key}\r\nConnection: keep-alive\r\n\r\n`);
    await expect.poll(() => answer, { timeout: 10_000 }).toMatch(/^HTTP\/1.1 200/);
    await t.close();
    await closed(socket);
  });
});
