/**
 * Open CORS for the token-authenticated surfaces, as new-api does (relay routes, `/api/usage/token`,
 * `/api/log/token`, `/dashboard/billing/*`): any origin may call them, with credentials, so browser chat
 * clients can talk to the gateway directly. The console's own `/api` routes stay same-origin: they get
 * no CORS headers at all.
 * @module
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Path prefixes that answer any origin (matched with `startsWith` on the request URL). */
export const OPEN_CORS_PREFIXES: readonly string[] = ['/v1/', '/v1beta/', '/dashboard/billing/', '/api/usage/token', '/api/log/token'];

export const CORS_ALLOW_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
/** Allowed on a preflight that does not list the headers it wants (it normally does, and gets them echoed). */
export const CORS_DEFAULT_ALLOW_HEADERS =
  'authorization, content-type, content-encoding, x-api-key, x-goog-api-key, anthropic-version, anthropic-beta, new-api-user, x-request-id';
/** How long a browser may cache a preflight answer (12 hours, gin-contrib/cors's default that new-api uses). */
export const CORS_MAX_AGE_SECONDS = '43200';

const ALLOW_ORIGIN = 'access-control-allow-origin';
const ALLOW_CREDENTIALS = 'access-control-allow-credentials';

/**
 * Adds the CORS headers to every request from a browser (one with an `Origin`) under `prefixes`, and
 * answers their preflight `OPTIONS` requests with 204 before any other hook (no API key, no session, no
 * body). Call it on the root instance before the routes are registered, so 404s and every plugin under
 * the prefixes inherit it. Like gin-contrib/cors (new-api), a request without an Origin — SDKs, scripts,
 * the benchmark — gets no CORS headers and costs one header lookup.
 * Routes that hijack the reply must copy the headers themselves ({@link copyOpenCorsHeaders}).
 */
export function openCors(app: FastifyInstance, prefixes: readonly string[] = OPEN_CORS_PREFIXES): void {
  const list = [...prefixes];
  app.addHook('onRequest', function openCorsHook(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const origin = req.headers.origin;
    if (!origin) return done();
    const url = req.url;
    let open = false;
    for (let i = 0; i < list.length; i++) {
      if (url.startsWith(list[i])) {
        open = true;
        break;
      }
    }
    if (!open) return done();
    reply.header(ALLOW_ORIGIN, origin);
    reply.header(ALLOW_CREDENTIALS, 'true');
    if (req.method === 'OPTIONS') {
      const requested = req.headers['access-control-request-headers'];
      reply
        .code(204)
        .header('vary', 'Origin, Access-Control-Request-Headers')
        .header('access-control-allow-methods', CORS_ALLOW_METHODS)
        .header('access-control-allow-headers', requested || CORS_DEFAULT_ALLOW_HEADERS)
        .header('access-control-max-age', CORS_MAX_AGE_SECONDS)
        .send();
      return;
    }
    reply.header('vary', 'Origin');
    done();
  });
}

/**
 * Copies the CORS headers {@link openCors} put on a Fastify reply into the headers of an answer that is
 * written to `reply.raw` directly: a hijacked reply never sends what was set on the Fastify reply. Copies
 * nothing outside the open prefixes.
 */
export function copyOpenCorsHeaders(reply: FastifyReply, into: Record<string, string>): void {
  const origin = reply.getHeader(ALLOW_ORIGIN);
  if (typeof origin !== 'string') return;
  into[ALLOW_ORIGIN] = origin;
  into[ALLOW_CREDENTIALS] = 'true';
  into.vary = 'Origin';
}
