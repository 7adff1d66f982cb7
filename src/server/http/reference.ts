/**
 * The OpenAPI document at /api/openapi.json (built once, on first request) and the interactive
 * reference at /api/docs, from the bundled swagger-ui-dist (served from node_modules, never a
 * CDN). The reference page is pre-authorised with the demo key when the service exposes one
 * (GET /api/connection), otherwise "Authorize" takes any key.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '#schema';
import { buildOpenApiDocument, type ExtensionRoute } from './openapi.ts';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page needs; its own index and initializer (the petstore demo) stay unserved. */
const SWAGGER_FILES = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png', '/favicon-16x16.png']);

// Relative URLs (the page lives at /api/docs) so the reference also works behind a path prefix.
const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Control Room API reference</title>
  <link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png" sizes="32x32">
  <link rel="stylesheet" href="docs/assets/swagger-ui.css">
  <style>
    body { margin: 0; background: #fafafa; }
    .cr-header { font: 14px/1.5 system-ui, sans-serif; padding: 12px 20px; background: #1b2a3a; color: #fff; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
    .cr-header strong { font-size: 16px; }
    .cr-header a { color: #9fd3ff; }
    .swagger-ui .info { margin: 24px 0; }
  </style>
</head>
<body>
  <header class="cr-header">
    <strong>Control Room API reference</strong>
    <span>Every operation of the interface, served under <code>/api</code>. Use <em>Authorize</em> to call them with your API key.</span>
    <a href="openapi.json">openapi.json</a>
    <a href="../">Dashboard</a>
  </header>
  <div id="swagger-ui"></div>
  <script src="docs/assets/swagger-ui-bundle.js"></script>
  <script src="docs/init.js"></script>
</body>
</html>
`;

const INIT = `'use strict';
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: 'openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: true,
    displayOperationId: true,
    displayRequestDuration: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    filter: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    onComplete: function () {
      // A local demo exposes its key; anywhere else this answers 404 and the reader authorises by hand.
      fetch('connection').then(function (response) {
        return response.ok ? response.json() : null;
      }).then(function (connection) {
        if (connection && connection.apiKey) window.ui.preauthorizeApiKey('ApiKey', connection.apiKey);
      }).catch(function () {});
    },
  });
});
`;

export interface ReferenceOptions {
  endpoints: readonly Endpoint[];
  extensionRoutes: readonly ExtensionRoute[];
}

export async function referenceRoutes(app: FastifyInstance, options: ReferenceOptions): Promise<void> {
  let documentText: string | undefined;
  const documentJson = () => (documentText ??= JSON.stringify(buildOpenApiDocument(options).document));

  app.get('/api/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(documentJson()));
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE));
  app.get('/api/docs/', async (_request, reply) => reply.redirect('../docs'));
  app.get('/api/docs/init.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(INIT));
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => SWAGGER_FILES.has(pathName),
    maxAge: '1d',
  });
}
