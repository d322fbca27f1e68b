import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticateApiKey, type ApiKeyPrincipal } from '../relay/pipeline/authenticate-api-key.js';
import type { TaskDeps } from './task-deps.js';
import { admitRateLimits } from '../relay/limits/admit-rate-limits.js';

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) || undefined;
}

/**
 * The API key of a task request: `Authorization: Bearer sk-…`; Midjourney clients may instead send it
 * as `mj-api-secret` (used when Authorization is empty or the placeholder "midjourney-proxy").
 */
export function taskKeyOf(req: FastifyRequest, allowMjSecret: boolean): string | undefined {
  const auth = header(req, 'authorization')?.replace(/^bearer\s+/i, '').trim();
  if (allowMjSecret && (!auth || auth === 'midjourney-proxy')) return header(req, 'mj-api-secret')?.trim() || auth || undefined;
  return auth || undefined;
}

/** The same key checks as the relay (status, expiry, quota, IPs, group). */
export function authenticateTask(deps: TaskDeps, req: FastifyRequest, allowMjSecret: boolean): Promise<ApiKeyPrincipal> {
  return authenticateApiKey(taskKeyOf(req, allowMjSecret), req.ip, { db: deps.db, usableGroups: deps.usableGroups, cache: deps.keyCache });
}

/**
 * A task submission under the relay's limits: it holds one of the key's in-flight slots (TokenConcurrencyPolicy)
 * while it runs, and counts toward the per-user request limit and the key's rpm_limit (a key whose tpm_limit
 * is reached is refused too) — counted before (429 in the caller's error shape when over), the x-ratelimit-*
 * headers on the answer, a success counted after.
 */
export async function limitedSubmission<T>(deps: TaskDeps, principal: ApiKeyPrincipal, reply: FastifyReply, submit: () => Promise<T>): Promise<T> {
  const slot = deps.tokenConcurrency?.enter(principal.tokenId, principal.group);
  const lease = slot ? await slot : undefined;
  try {
    const limits = admitRateLimits(deps, principal);
    if (limits) reply.headers(await limits);
    const answer = await submit();
    if (deps.limiter) await deps.limiter.recordSuccess(principal.userId);
    return answer;
  } finally {
    lease?.release();
  }
}
