import type { Redis } from 'ioredis';
import type { OptionsService } from '../../../options/options.service.js';
import { RelayError } from '../../relay-error.js';
import { MemoryLeaseStore, RedisLeaseStore, ResilientLeaseStore, type Lease, type LeaseStore } from '../../../platform/lease-store.js';
import { groupPolicy } from './token-concurrency-policy.js';

/** new-api's answers, word for word (message = code), in the OpenAI error shape. */
export const tokenConcurrencyLimitReached = () =>
  new RelayError(429, 'token_concurrency_limit_reached', 'token_concurrency_limit_reached', 'rate_limit', 'new_api_error');
export const tokenConcurrencyUnavailable = () =>
  new RelayError(503, 'token_concurrency_unavailable', 'token_concurrency_unavailable', 'gateway', 'new_api_error');

/**
 * new-api's token concurrency gate: at most `limit` requests of one API key in flight at once, per the
 * TokenConcurrencyPolicy entry of the key's group. Refusal happens before any upstream call or charge.
 */
export class TokenConcurrencyGate {
  constructor(private readonly options: OptionsService, private readonly store: LeaseStore) {}

  /**
   * Undefined when the group has no policy — the common case costs one cached option read and no
   * promise. Otherwise a lease to release when the request ends, or a 429 / 503 RelayError (rejected).
   */
  enter(tokenId: number, group: string): Promise<Lease> | undefined {
    const value = this.options.get('TokenConcurrencyPolicy');
    if (!Object.hasOwn(value, group)) return undefined;
    return this.acquire(tokenId, group, value);
  }

  private async acquire(tokenId: number, group: string, value: Record<string, unknown>): Promise<Lease> {
    const policy = groupPolicy(value, group);
    if (!policy.ok || tokenId <= 0 || group === '') throw tokenConcurrencyUnavailable();
    let lease: Lease | null;
    try {
      lease = await this.store.acquire(`${tokenId}:${group}`, policy.limit, policy.leaseTtlMs);
    } catch {
      throw tokenConcurrencyUnavailable();
    }
    if (!lease) throw tokenConcurrencyLimitReached();
    return lease;
  }
}

/**
 * The gate with its state where the rate limiter keeps its own: Redis leases with REDIS_URL (counted per
 * process while Redis is unreachable), else `shared` (the cluster primary's) or this process's memory.
 */
export function createTokenConcurrencyGate(options: OptionsService, redis: Redis | undefined, shared?: LeaseStore, warn: (err: unknown) => void = () => {}): TokenConcurrencyGate {
  const store = redis ? new ResilientLeaseStore(new RedisLeaseStore(redis, warn), warn) : (shared ?? new MemoryLeaseStore());
  return new TokenConcurrencyGate(options, store);
}
