/**
 * The OpenAI endpoints new-api routes but does not serve (image variations, files, the legacy fine-tunes
 * API, model deletion): after the key is checked they answer its 501 `api_not_implemented`, in the OpenAI
 * error shape, with no upstream call and no charge.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RelayError } from '../relay-error.js';
import { openAIErrorBody, openAISurface } from '../surfaces/openai-surface.js';

export const NOT_IMPLEMENTED_ROUTES = [
  ['POST', '/v1/images/variations'],
  ['GET', '/v1/files'],
  ['POST', '/v1/files'],
  ['GET', '/v1/files/:id'],
  ['DELETE', '/v1/files/:id'],
  ['GET', '/v1/files/:id/content'],
  ['GET', '/v1/fine-tunes'],
  ['POST', '/v1/fine-tunes'],
  ['GET', '/v1/fine-tunes/:id'],
  ['POST', '/v1/fine-tunes/:id/cancel'],
  ['GET', '/v1/fine-tunes/:id/events'],
  ['DELETE', '/v1/models/:model'],
] as const;

/** new-api's answer, word for word (status 501, type `new_api_error`, code `api_not_implemented`). */
export const apiNotImplemented = () => new RelayError(501, 'api_not_implemented', 'API not implemented', 'gateway', 'new_api_error');

/**
 * Registers the not-implemented routes on the relay plugin (whose body parser and error handler they use).
 * `checkKey` authenticates the caller: a bad key is still a 401, a disabled owner a 403.
 */
export function notImplementedRoutes(app: FastifyInstance, checkKey: (req: FastifyRequest) => Promise<unknown>): void {
  const body = openAIErrorBody(apiNotImplemented());
  for (const [method, url] of NOT_IMPLEMENTED_ROUTES) {
    app.route({
      method,
      url,
      config: { surface: openAISurface },
      handler: async function notImplemented(req, reply) {
        await checkKey(req);
        return reply.status(501).send(body);
      },
    });
  }
}
