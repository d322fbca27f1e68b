import type { LightMyRequestResponse } from 'fastify';
import type { Member, TestContext } from '../../test/test-app.js';
import { callJson } from '../users/users.test-helpers.js';

/**
 * How the desktop assistant calls the reads it needs (README "Reads for the desktop assistant"): the
 * user's access token in Authorization (as is, or after "Bearer ") and the user's id in New-Api-User,
 * with no session cookie.
 */
export interface AccessTokenCaller {
  /** A GET with `Authorization: <access token>` and `New-Api-User: <id>`. */
  get(url: string, opts?: { bearer?: boolean; userHeader?: string | null }): Promise<LightMyRequestResponse>;
}

/** Issues a fresh access token for `who` (GET /api/user/token with their session) and returns a caller using it. */
export async function accessTokenCaller(ctx: TestContext, who: Member): Promise<AccessTokenCaller> {
  const issued = await callJson(ctx, 'GET', '/api/user/token', who);
  if (!issued.success || typeof issued.data !== 'string') throw new Error(`no access token for ${who.username}: ${issued.message}`);
  const token = issued.data;
  return {
    get(url, { bearer = false, userHeader = String(who.id) } = {}) {
      const headers: Record<string, string> = { authorization: bearer ? `Bearer ${token}` : token };
      if (userHeader !== null) headers['new-api-user'] = userHeader;
      return ctx.app.inject({ method: 'GET', url, headers });
    },
  };
}
