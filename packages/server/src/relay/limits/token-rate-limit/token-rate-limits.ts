import type { RateLimiter } from '../../../platform/rate-limiter.js';
import { RelayError } from '../../relay-error.js';

/** Both limits count per fixed window of this many seconds, starting with the key's first request (or tokens) in it. */
export const TOKEN_RATE_WINDOW_SECONDS = 60;

/** A key as its rate limits see it: its token id and its limits per minute (0 = none). */
export interface RateLimitedKey {
  tokenId: number;
  rpmLimit: number;
  tpmLimit: number;
}

/** The x-ratelimit-* headers a request gets (OpenAI's names). */
export type RateLimitHeaders = Record<string, string>;

/**
 * A key's own rate limits, LiteLLM's virtual-key `rpm_limit` / `tpm_limit`: at most `rpm_limit` requests of
 * any outcome per minute, and no new request once its answers used `tpm_limit` tokens (prompt + completion,
 * as billed) in the current minute. Refusals come before any upstream call or hold. The counters are the
 * shared RateLimiter's: this process's memory, the cluster primary's, or Redis (N nodes enforce one limit).
 */
export class TokenRateLimits {
  constructor(private readonly limiter: RateLimiter, private readonly warn: (obj: object, msg: string) => void = () => {}) {}

  /**
   * Undefined for a key without limits — the usual case costs two comparisons, no promise. Otherwise
   * counts the request and resolves to the headers to send, or rejects with a 429 RelayError.
   */
  admit(key: RateLimitedKey): Promise<RateLimitHeaders> | undefined {
    if (!(key.rpmLimit > 0) && !(key.tpmLimit > 0)) return undefined;
    return this.check(key);
  }

  /** Adds an answer's tokens to the key's current minute (nothing for a key without a token limit); never fails the request. */
  used(key: RateLimitedKey, tokens: number): void {
    if (!(key.tpmLimit > 0) || !(tokens > 0)) return;
    this.limiter.add(tpmKey(key.tokenId), tokens, TOKEN_RATE_WINDOW_SECONDS).catch((err: unknown) => this.warn({ err, tokenId: key.tokenId }, 'token rate limit count failed'));
  }

  private async check(key: RateLimitedKey): Promise<RateLimitHeaders> {
    const [requests, tokens] = await Promise.all([
      key.rpmLimit > 0 ? this.limiter.hit(`key-rpm:${key.tokenId}`, key.rpmLimit, TOKEN_RATE_WINDOW_SECONDS) : undefined,
      key.tpmLimit > 0 ? this.limiter.peek(tpmKey(key.tokenId), TOKEN_RATE_WINDOW_SECONDS) : undefined,
    ]);
    const headers: RateLimitHeaders = {};
    if (tokens) Object.assign(headers, tokenHeaders(key.tpmLimit, key.tpmLimit - tokens.count, tokens.resetSeconds));
    if (requests) Object.assign(headers, requestHeaders(key.rpmLimit, key.rpmLimit - requests.count, requests.resetSeconds));
    if (requests && !requests.allowed) {
      throw refusal('token_rate_limit_exceeded', `this API key may send at most ${key.rpmLimit} requests per minute (its rpm_limit); retry in ${requests.resetSeconds}s`, headers, requests.resetSeconds);
    }
    if (tokens && tokens.count >= key.tpmLimit) {
      throw refusal('token_tpm_limit_exceeded', `this API key may use at most ${key.tpmLimit} tokens per minute (its tpm_limit) and used ${tokens.count}; retry in ${tokens.resetSeconds}s`, headers, tokens.resetSeconds);
    }
    return headers;
  }
}

const tpmKey = (tokenId: number) => `key-tpm:${tokenId}`;

function refusal(code: string, message: string, headers: RateLimitHeaders, resetSeconds: number): RelayError {
  return new RelayError(429, code, message, 'rate_limit', 'rate_limit_error', { ...headers, 'retry-after': String(Math.max(1, resetSeconds)) });
}

function requestHeaders(limit: number, remaining: number, resetSeconds: number): RateLimitHeaders {
  return {
    'x-ratelimit-limit-requests': String(limit),
    'x-ratelimit-remaining-requests': String(Math.max(0, remaining)),
    'x-ratelimit-reset-requests': `${resetSeconds}s`,
  };
}

function tokenHeaders(limit: number, remaining: number, resetSeconds: number): RateLimitHeaders {
  return {
    'x-ratelimit-limit-tokens': String(limit),
    'x-ratelimit-remaining-tokens': String(Math.max(0, remaining)),
    'x-ratelimit-reset-tokens': `${resetSeconds}s`,
  };
}

/**
 * The per-user limit's headers and the key's together. Both may describe requests: then the pair with
 * fewer requests remaining is sent, since that one is hit first.
 */
export function mergeLimitHeaders(user: RateLimitHeaders | undefined, key: RateLimitHeaders | undefined): RateLimitHeaders {
  if (!key) return user ?? {};
  if (!user) return key;
  const merged = { ...user, ...key };
  const userRemaining = user['x-ratelimit-remaining-requests'];
  const keyRemaining = key['x-ratelimit-remaining-requests'];
  if (userRemaining !== undefined && (keyRemaining === undefined || Number(userRemaining) < Number(keyRemaining))) {
    for (const name of ['x-ratelimit-limit-requests', 'x-ratelimit-remaining-requests', 'x-ratelimit-reset-requests']) {
      if (user[name] !== undefined) merged[name] = user[name];
    }
  }
  return merged;
}
