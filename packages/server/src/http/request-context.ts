import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UserStatus } from '@gw/contracts';
import { UnauthorizedError } from './errors.js';
import type { SessionStore } from '../auth/session-store.js';
import type { Db } from '../db/database.js';
import { sha256Hex } from '../platform/crypto.js';

export const SESSION_COOKIE = 'session';

/** The signed-in user behind a management request. */
export interface Actor {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  viaAccessToken: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carries a valid session or access token (and a matching New-Api-User header). */
    actor: Actor | null;
    /** Why a presented credential was not accepted; guards answer 401 with it. */
    authFailure: string | null;
  }
}

/**
 * Resolves `request.actor` from the session cookie or `Authorization: Bearer <access token>`.
 * As in new-api, any credential must come with `New-Api-User: <id>` naming the same user (a CSRF guard):
 * a missing or different header is a 401. Deleted or disabled users are signed out at once.
 */
export const requestContext = fp(async function requestContext(app: FastifyInstance, opts: { db: Db; sessions: SessionStore }) {
  app.decorateRequest('actor', null);
  app.decorateRequest('authFailure', null);
  // A callback hook, not an async one: the relay's requests, which have no actor, pass without a promise.
  app.addHook('onRequest', function resolveActor(request, reply, done) {
    if (!request.url.startsWith('/api/')) return done();
    findActor(request, opts).then(
      (actor) => {
        request.actor = actor;
        done();
      },
      (err: unknown) => {
        if (!(err instanceof UnauthorizedError)) return done(err as Error);
        // A stale or refused credential makes the caller anonymous: public routes (status, login, logout)
        // keep working, protected ones answer 401 through their guard, and a dead cookie is cleared.
        request.authFailure = err.message;
        if (request.cookies?.[SESSION_COOKIE] && err.message !== HEADER_MISMATCH) reply.clearCookie(SESSION_COOKIE, { path: '/' });
        done();
      },
    );
  });
});

const HEADER_MISMATCH = 'the New-Api-User header is missing or does not match the signed-in user';

/** The actor of a request's session cookie or access token (null: none presented); a refused credential throws UnauthorizedError. */
export async function findActor(request: FastifyRequest, { db, sessions }: { db: Db; sessions: SessionStore }): Promise<Actor | null> {
  const cookie = request.cookies?.[SESSION_COOKIE];
  const auth = request.headers.authorization;
  let userId: number | null = null;
  let viaAccessToken = false;
  if (cookie) userId = await sessions.find(cookie);
  if (userId === null && auth) {
    const token = auth.replace(/^bearer\s+/i, '').trim();
    if (token && token.length <= 256) {
      const row = await db.selectFrom('users').select('id').where('access_token_hash', '=', sha256Hex(token)).executeTakeFirst();
      if (row) {
        userId = row.id;
        viaAccessToken = true;
      }
    }
  }
  if (userId === null) {
    // A credential that was presented but did not resolve is an expired/invalid session.
    if (cookie || auth) throw new UnauthorizedError();
    return null;
  }
  const header = request.headers['new-api-user'];
  const claimed = Array.isArray(header) ? header[0] : header;
  if (!claimed || !/^\d+$/.test(claimed.trim()) || Number(claimed) !== userId) {
    throw new UnauthorizedError(HEADER_MISMATCH);
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'status', 'group', 'deleted_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.deleted_at !== null || user.status !== UserStatus.Enabled) {
    if (cookie) await sessions.destroy(cookie);
    throw new UnauthorizedError(user && user.deleted_at === null ? 'this account has been disabled' : undefined);
  }
  return { id: user.id, username: user.username, role: user.role, status: user.status, group: user.group, viaAccessToken };
}
