import type { OptionsService } from '../../options/options.service.js';
import type { RateLimiter } from '../../platform/rate-limiter.js';
import { RelayError } from '../relay-error.js';

/**
 * The per-user model request limit (ModelRequestRateLimit* options): at most Count requests of any
 * outcome and SuccessCount successful ones per period (or the pair ModelRequestRateLimitGroup sets for
 * the key's group), per user across all their tokens. Counters live
 * in the shared RateLimiter (memory on one node, Redis for many, so N nodes enforce one limit).
 */
export class UserRequestLimiter {
  constructor(private readonly options: OptionsService, private readonly limiter: RateLimiter) {}

  /** False when no limit applies; callers then skip the (asynchronous) counting altogether. */
  get active(): boolean {
    return this.options.get('ModelRequestRateLimitEnabled') && this.options.get('ModelRequestRateLimitDurationMinutes') > 0;
  }

  /**
   * Counts the request and throws 429 when over a limit; returns the x-ratelimit-* headers to send. The
   * limits are ModelRequestRateLimitGroup's for the key's group when it names one, else the global pair.
   */
  async admit(userId: number, group: string): Promise<Record<string, string>> {
    if (!this.options.get('ModelRequestRateLimitEnabled')) return {};
    const minutes = this.options.get('ModelRequestRateLimitDurationMinutes');
    if (minutes <= 0) return {};
    const window = minutes * 60;
    const [total, success] = this.limitsOf(group);
    const successSoFar = await this.limiter.peek(`model-ok:${userId}`, window);
    if (successSoFar.count >= success) {
      throw this.limited(`you reached the limit of ${success} successful requests per ${minutes} minute(s)`, success, successSoFar.resetSeconds);
    }
    let headers = limitHeaders(success, success - successSoFar.count, successSoFar.resetSeconds);
    if (total > 0) {
      const all = await this.limiter.hit(`model-all:${userId}`, total, window);
      if (!all.allowed) throw this.limited(`you reached the limit of ${total} requests per ${minutes} minute(s), failures included`, total, all.resetSeconds);
      headers = limitHeaders(total, Math.max(0, total - all.count), all.resetSeconds);
    }
    return headers;
  }

  /** Counts a successful request toward the success limit. */
  async recordSuccess(userId: number): Promise<void> {
    if (!this.options.get('ModelRequestRateLimitEnabled')) return;
    const minutes = this.options.get('ModelRequestRateLimitDurationMinutes');
    if (minutes <= 0) return;
    await this.limiter.hit(`model-ok:${userId}`, Number.MAX_SAFE_INTEGER, minutes * 60);
  }

  private limitsOf(group: string): readonly [total: number, success: number] {
    const byGroup = this.options.get('ModelRequestRateLimitGroup');
    if (Object.prototype.hasOwnProperty.call(byGroup, group)) return byGroup[group];
    return [this.options.get('ModelRequestRateLimitCount'), this.options.get('ModelRequestRateLimitSuccessCount')];
  }

  private limited(message: string, limit: number, resetSeconds: number): RelayError {
    return new RelayError(429, 'rate_limit_exceeded', message, 'rate_limit', 'rate_limit_error', {
      ...limitHeaders(limit, 0, resetSeconds),
      'retry-after': String(resetSeconds),
    });
  }
}

function limitHeaders(limit: number, remaining: number, resetSeconds: number): Record<string, string> {
  return {
    'x-ratelimit-limit-requests': String(limit),
    'x-ratelimit-remaining-requests': String(Math.max(0, remaining)),
    'x-ratelimit-reset-requests': `${resetSeconds}s`,
  };
}
