import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@gw/contracts';
import { RelayError } from '../relay/relay-error.js';
import { openAISurface } from '../relay/surfaces/openai-surface.js';
import { geminiSurface } from '../relay/surfaces/gemini-surface.js';

const API_PREFIXES = ['/api/', '/v1/', '/v1beta/', '/mj/', '/suno/', '/pg/', '/dashboard/'];

/** The gateway's own surfaces: an unknown path there answers in the SDKs' error shape (as OpenAI does: "Invalid URL"). */
function gatewaySurfaceOf(path: string) {
  if (path.startsWith('/v1beta/') || path === '/v1beta') return geminiSurface;
  if (path.startsWith('/v1/') || path === '/v1') return openAISurface;
  return undefined;
}

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
    const surface = gatewaySurfaceOf(path);
    if (surface) {
      const error = new RelayError(404, 'invalid_url', `Invalid URL (${request.method} ${path})`, 'client', 'invalid_request_error');
      return reply.status(404).send(surface.errorBody(error));
    }
    if (isApi || isFile || request.method !== 'GET' || !hasConsole) {
      return reply.status(404).send({ success: false, message: `no route for ${request.method} ${path}`, code: ErrorCode.NotFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
