import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RouteCatalogue } from './route-catalogue.js';
import { buildOpenApiDocument } from './openapi-document.js';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API documentation</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#docs', deepLinking: true });`;

/** GET /api/docs: Swagger UI over the generated OpenAPI document (served from the installed package, no CDN). */
export async function docsRoutes(app: FastifyInstance, deps: { catalogue: RouteCatalogue; version: string }) {
  let document: object | undefined;
  const assets = new Map<string, Buffer>();
  app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/docs/init.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(INIT));
  app.get('/docs/openapi.json', async () => {
    // Built on first use: by then every route is registered.
    document ??= buildOpenApiDocument(deps.catalogue.list(), deps.version);
    return document;
  });
  app.get('/docs/assets/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const type = ASSETS[file];
    if (!type) return reply.code(404).send({ success: false, message: 'no such file' });
    let body = assets.get(file);
    if (!body) {
      body = await readFile(join(swaggerDir, file));
      assets.set(file, body);
    }
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
  });
}
