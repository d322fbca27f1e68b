import type { FastifyRequest } from 'fastify';
import type { SessionStore } from '../../auth/session-store.js';
import type { Db } from '../../db/database.js';
import { UnauthorizedError } from '../../http/errors.js';
import { findActor } from '../../http/request-context.js';
import { forbidden, unauthorized } from '../relay-error.js';

const API_KEY_REFUSED = 'the playground takes a signed-in console session, not an API key; call /v1/chat/completions with a key';
const sentApiKey = (request: FastifyRequest) => /^bearer\s+sk-/i.test(request.headers.authorization ?? '');

export interface PlaygroundAuthDeps {
  db: Db;
  sessions: SessionStore;
}

/**
 * The playground route's own onRequest hook (it runs for that route only, never on the relay's other
 * requests): the console session with its `New-Api-User` header, exactly as /api checks it, answered in
 * OpenAI's error shape. An access token is refused, as new-api refuses it here, and so is an API key
 * (it is no console credential).
 */
export function playgroundAuth(deps: PlaygroundAuthDeps) {
  return async function authenticatePlaygroundUser(request: FastifyRequest): Promise<void> {
    let actor;
    try {
      actor = await findActor(request, deps);
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) throw err;
      throw unauthorized(sentApiKey(request) ? API_KEY_REFUSED : err.message, 'unauthorized');
    }
    if (!actor) throw unauthorized('sign in to the console to use the playground', 'unauthorized');
    if (actor.viaAccessToken) throw forbidden('the playground takes a signed-in console session; access tokens are not accepted', 'access_token_not_supported');
    request.actor = actor;
  };
}
