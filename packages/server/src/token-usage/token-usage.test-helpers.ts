import type { LightMyRequestResponse } from 'fastify';
import { UserStatus } from '@gw/contracts';
import type { RelayContext } from '../../test/relay-harness.js';

/** Test helpers shared by the key usage and billing suites. */

export interface KeyOptions {
  remainQuota?: number;
  usedQuota?: number;
  unlimited?: boolean;
  expiredTime?: number;
  status?: number;
  modelLimits?: string[];
}

/** An API key of `userId` with its used amount set (the harness leaves it at 0). */
export async function keyWith(r: RelayContext, userId: number, opts: KeyOptions = {}): Promise<{ id: number; key: string }> {
  const token = await r.createApiKey(userId, opts);
  if (opts.usedQuota) await r.ctx.db.updateTable('tokens').set({ used_quota: opts.usedQuota }).where('id', '=', token.id).execute();
  return token;
}

/** A user with a set balance and used amount. */
export async function userWith(r: RelayContext, quota: number, usedQuota: number, status: number = UserStatus.Enabled): Promise<number> {
  const user = await r.createUser({ quota });
  await r.ctx.db.updateTable('users').set({ used_quota: usedQuota, status }).where('id', '=', user.id).execute();
  return user.id;
}

/** A GET with `Authorization: <authorization>` (none when undefined), through app.inject. */
export function getWith(r: RelayContext, url: string, authorization?: string): Promise<LightMyRequestResponse> {
  return r.ctx.app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });
}

/** The key without its `sk-` prefix. */
export const bare = (key: string) => key.replace(/^sk-/, '');
