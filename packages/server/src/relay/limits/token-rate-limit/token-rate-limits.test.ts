import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../../platform/rate-limiter.js';
import { RelayError } from '../../relay-error.js';
import { mergeLimitHeaders, TokenRateLimits } from './token-rate-limits.js';

const requests = (limit: number, remaining: number, reset: number) => ({
  'x-ratelimit-limit-requests': String(limit),
  'x-ratelimit-remaining-requests': String(remaining),
  'x-ratelimit-reset-requests': `${reset}s`,
});

describe('TokenRateLimits', () => {
  it('answers no promise at all for a key without limits', () => {
    const limits = new TokenRateLimits(new MemoryRateLimiter());
    expect(limits.admit({ tokenId: 1, rpmLimit: 0, tpmLimit: 0 })).toBeUndefined();
  });

  it('counts requests and refuses the one past rpm_limit with its headers and Retry-After', async () => {
    const limits = new TokenRateLimits(new MemoryRateLimiter());
    const key = { tokenId: 2, rpmLimit: 2, tpmLimit: 0 };
    expect(await limits.admit(key)).toEqual(requests(2, 1, 60));
    expect(await limits.admit(key)).toEqual(requests(2, 0, 60));
    const refused = await limits.admit(key)!.catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RelayError);
    expect(refused).toMatchObject({ status: 429, code: 'token_rate_limit_exceeded', headers: { ...requests(2, 0, 60), 'retry-after': '60' } });
  });

  it('adds used tokens only for a key with a tpm_limit, and refuses once they reach it', async () => {
    const limiter = new MemoryRateLimiter();
    const limits = new TokenRateLimits(limiter);
    limits.used({ tokenId: 3, rpmLimit: 5, tpmLimit: 0 }, 500);
    expect((await limiter.peek('key-tpm:3', 60)).count).toBe(0);
    const key = { tokenId: 4, rpmLimit: 0, tpmLimit: 100 };
    limits.used(key, 60);
    expect(await limits.admit(key)).toEqual({ 'x-ratelimit-limit-tokens': '100', 'x-ratelimit-remaining-tokens': '40', 'x-ratelimit-reset-tokens': '60s' });
    limits.used(key, 40);
    await expect(limits.admit(key)).rejects.toMatchObject({ status: 429, code: 'token_tpm_limit_exceeded', headers: { 'x-ratelimit-remaining-tokens': '0' } });
  });
});

describe('mergeLimitHeaders', () => {
  it("keeps the per-user or the key's pair of request headers, whichever has fewer requests remaining", () => {
    const tokens = { 'x-ratelimit-limit-tokens': '1000', 'x-ratelimit-remaining-tokens': '10', 'x-ratelimit-reset-tokens': '5s' };
    expect(mergeLimitHeaders(requests(10, 9, 30), { ...requests(2, 1, 60), ...tokens })).toEqual({ ...requests(2, 1, 60), ...tokens });
    expect(mergeLimitHeaders(requests(10, 0, 30), requests(50, 49, 60))).toEqual(requests(10, 0, 30));
    // A key with only a token limit leaves the user's request headers as they are.
    expect(mergeLimitHeaders(requests(10, 3, 30), tokens)).toEqual({ ...requests(10, 3, 30), ...tokens });
    expect(mergeLimitHeaders(undefined, tokens)).toEqual(tokens);
    expect(mergeLimitHeaders(requests(1, 1, 1), undefined)).toEqual(requests(1, 1, 1));
  });
});
