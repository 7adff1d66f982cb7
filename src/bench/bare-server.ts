/**
 * The bench's baseline: a bare Fastify route that answers with the same bytes the service sent,
 * from memory. Whatever the service spends beyond this is its own work (auth, database, JSON).
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 50 * 1024 * 1024 });
let body = '{}';
app.addContentTypeParser('*', { parseAs: 'string' }, (_request, payload, done) => done(null, payload));
app.get('/health', async () => ({ ok: true }));
app.post('/set', async (request) => {
  body = String(request.body);
  return { bytes: body.length };
});
app.get('/same-bytes', async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
