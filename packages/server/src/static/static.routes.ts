import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@gw/contracts';

const API_PREFIXES = ['/api/', '/v1/', '/v1beta/', '/mj/', '/suno/', '/pg/', '/dashboard/'];

/** Serves the built console with an SPA fallback; API paths that match nothing get a JSON 404. */
export async function staticRoutes(app: FastifyInstance, { root }: { root: string | undefined }) {
  const hasConsole = root !== undefined && existsSync(`${root}/index.html`);
  if (hasConsole) {
    await app.register(fastifyStatic, { root: root!, wildcard: false, cacheControl: false, setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    } });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = API_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1));
    // A missing file (an old asset name after a rebuild) is a 404, never the console page.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(path);
    if (isApi || isFile || request.method !== 'GET' || !hasConsole) {
      return reply.status(404).send({ success: false, message: `no route for ${request.method} ${path}`, code: ErrorCode.NotFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
