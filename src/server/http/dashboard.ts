/**
 * The dashboard (the Vite build in dist/) at /, and what answers when no route matches:
 * - a browser navigating to a dashboard URL (GET or HEAD, outside /api, accepting text/html)
 *   gets index.html, so that deep links and reloads work (SPA fallback); without a build, a
 *   short page that says to run `npm run build`;
 * - anything else is a 404 with the error body, or a 405 when the path is an operation's path
 *   under another method. The message says what is wrong: a path outside /api, or the trailing
 *   slash that the interface spells differently.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { HttpError, sendError } from './errors.ts';
import type { OperationMatcher } from './register.ts';

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Control Room</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1b2a3a}code{background:#eef;padding:0 .3em}</style></head>
<body>
<h1>Control Room</h1>
<p>The service is running, but the dashboard has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload this page.</p>
<p>The API is at <a href="/api/docs">/api/docs</a> in the meantime.</p>
</body>
</html>
`;

const METHODS: readonly HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface DashboardOptions {
  /** The Vite build output; served when it holds an index.html. */
  staticDir: string;
  /** Whether an operation answers a method at a path (register.ts). */
  operationAt: OperationMatcher;
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export async function dashboardRoutes(app: FastifyInstance, options: DashboardOptions): Promise<void> {
  const hasBuild = existsSync(join(options.staticDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      prefix: '/',
      index: 'index.html',
      // The build writes .br and .gz beside each text file (vite.config.ts): served as they are.
      preCompressed: true,
      // Vite fingerprints everything under /assets/; index.html must always be fetched afresh.
      setHeaders: (res, path) => {
        res.header('Cache-Control', path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const { operationAt } = options;

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && acceptsHtml(request)) {
      if (hasBuild) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(NO_BUILD_PAGE);
    }
    if (!isApiPath(path)) {
      return sendError(request, reply, new HttpError(404, 'NotFound', `No route ${request.method} ${path}: the operations of the service live under /api/ (for example GET /api/event/)`));
    }
    const allowed = METHODS.filter((m) => m !== request.method && operationAt(m, path));
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return sendError(request, reply, new HttpError(405, 'MethodNotAllowed', `${path} does not take ${request.method}; it takes ${allowed.join(', ')}`));
    }
    const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
    const hint = operationAt(request.method, other)
      ? ` Did you mean ${request.method} ${other}? Trailing slashes are part of the interface's paths.`
      : ' Check the method and the path; trailing slashes are part of the interface\'s paths (see /api/docs).';
    return sendError(request, reply, new HttpError(404, 'NotFound', `No operation ${request.method} ${path}.${hint}`));
  });
}
