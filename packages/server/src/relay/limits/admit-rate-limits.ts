import type { UserRequestLimiter } from '../pipeline/user-request-limit.js';
import { mergeLimitHeaders, type RateLimitedKey, type RateLimitHeaders, type TokenRateLimits } from './token-rate-limit/token-rate-limits.js';

/** The request-rate limits a relay surface applies before any upstream call. */
export interface RateLimitDeps {
  /** The per-user model request limit (ModelRequestRateLimit*). */
  limiter?: UserRequestLimiter;
  /** The key's own rpm_limit / tpm_limit. */
  keyRateLimits?: TokenRateLimits;
}

/**
 * Counts a request against the per-user limit, then against its key's own limits, and resolves to the
 * x-ratelimit-* headers to send (a 429 RelayError when over one). Undefined — no promise, nothing counted —
 * when neither applies, which is the usual case.
 */
export function admitRateLimits(deps: RateLimitDeps, key: RateLimitedKey & { userId: number; group: string }): Promise<RateLimitHeaders> | undefined {
  const user = deps.limiter?.active ? deps.limiter : undefined;
  const keyAdmission = user ? undefined : deps.keyRateLimits?.admit(key);
  if (!user) return keyAdmission;
  return admitBoth(user, deps.keyRateLimits, key);
}

async function admitBoth(user: UserRequestLimiter, keys: TokenRateLimits | undefined, key: RateLimitedKey & { userId: number; group: string }): Promise<RateLimitHeaders> {
  const userHeaders = await user.admit(key.userId, key.group);
  const keyAdmission = keys?.admit(key);
  return keyAdmission ? mergeLimitHeaders(userHeaders, await keyAdmission) : userHeaders;
}
