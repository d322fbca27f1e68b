import { describe, expect, it } from 'vitest';
import { ChangeEvents } from '../../platform/change-events.js';
import type { TokenWithOwner } from '../../tokens/tokens.repository.js';
import { ApiKeyCache } from './api-key-cache.js';

const row = (id: number, userId: number, extra: Partial<TokenWithOwner> = {}): TokenWithOwner => ({
  id, user_id: userId, name: 'k', status: 1, expired_time: -1, remain_quota: 1000, unlimited_quota: 0, model_limits_enabled: 0, model_limits: null,
  allow_ips: null, group: '', cross_group_retry: 0, budget_quota: 0, budget_period: '', budget_used: 0, budget_window: 0, rpm_limit: 0, tpm_limit: 0, user_username: 'u', user_role: 1, user_status: 1, user_group: 'default', user_quota: 5000, user_setting: null, user_deleted_at: null, user_subscription_until: 0,
  user_budget_quota: 0, user_budget_period: '', user_budget_used: 0, user_budget_window: 0, ...extra,
});

describe('API key cache', () => {
  it('serves a key until its lifetime ends', () => {
    let now = 0;
    const cache = new ApiKeyCache(new ChangeEvents(), 1000, () => now);
    cache.set('a', row(1, 10));
    expect(cache.get('a')?.id).toBe(1);
    now = 999;
    expect(cache.get('a')).toBeDefined();
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops every key of a changed user and the entry of a changed token at once', () => {
    const events = new ChangeEvents();
    const cache = new ApiKeyCache(events);
    cache.set('a', row(1, 10));
    cache.set('b', row(2, 10));
    cache.set('c', row(3, 11));
    events.changed('user', 10);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    events.changed('token', 3);
    expect(cache.get('c')).toBeUndefined();
  });

  it('lowers cached balances by charges: the user on every key, a limited token on its own', () => {
    const cache = new ApiKeyCache(new ChangeEvents());
    cache.set('a', row(1, 10));
    cache.set('b', row(2, 10, { unlimited_quota: 1 }));
    cache.charge(10, 1, 300);
    cache.charge(10, 2, 200);
    expect(cache.get('a')).toMatchObject({ user_quota: 4500, remain_quota: 700 });
    expect(cache.get('b')).toMatchObject({ user_quota: 4500, remain_quota: 1000 });
  });

  it('a charge a subscription pays lowers only the limited token', () => {
    const cache = new ApiKeyCache(new ChangeEvents());
    cache.set('a', row(1, 10));
    cache.charge(10, 1, 300, false);
    expect(cache.get('a')).toMatchObject({ user_quota: 5000, remain_quota: 700 });
  });

  it('keeps its own copy, so a caller changing the row it passed in changes nothing cached', () => {
    const cache = new ApiKeyCache(new ChangeEvents());
    const original = row(1, 10);
    const cached = cache.set('a', original);
    original.user_quota = 0;
    expect(cached.user_quota).toBe(5000);
  });

  it("adds a charge to a budgeted token's spending in the current period, from nothing in a new one", () => {
    const day = 86_400_000;
    let now = 10 * day + 1000;
    const cache = new ApiKeyCache(new ChangeEvents(), 60 * day, () => now);
    const cached = cache.set('a', row(1, 10, { budget_quota: 500, budget_period: 'daily', budget_used: 300, budget_window: 9 * 86_400 }));
    cache.charge(10, 1, 40);
    // Yesterday's 300 no longer counts.
    expect([cached.budget_used, cached.budget_window]).toEqual([40, 10 * 86_400]);
    cache.charge(10, 1, 60);
    expect(cached.budget_used).toBe(100);
    now += day;
    cache.charge(10, 1, 5);
    expect([cached.budget_used, cached.budget_window]).toEqual([5, 11 * 86_400]);
  });

  it("adds a charge to the user's spending in every cached key of that user, and to nothing of other users", () => {
    const day = 86_400_000;
    const now = 10 * day + 1000;
    const cache = new ApiKeyCache(new ChangeEvents(), 60 * day, () => now);
    const limit = { user_budget_quota: 900, user_budget_period: 'daily', user_budget_used: 100, user_budget_window: 10 * 86_400 };
    const first = cache.set('a', row(1, 10, limit));
    const second = cache.set('b', row(2, 10, limit));
    const other = cache.set('c', row(3, 11, limit));
    cache.charge(10, 1, 50, false);
    expect([first.user_budget_used, second.user_budget_used, other.user_budget_used]).toEqual([150, 150, 100]);
    // A subscription paid it: the wallet is untouched, the limit still counts it.
    expect(first.user_quota).toBe(5000);
    const unlimited = cache.set('d', row(4, 12));
    cache.charge(12, 4, 50);
    expect([unlimited.user_budget_used, unlimited.user_budget_window]).toEqual([0, 0]);
  });

  it("gives a key loaded after another of its owner the owner's spending not yet settled in the database", () => {
    const now = 10 * 86_400_000 + 1000;
    const cache = new ApiKeyCache(new ChangeEvents(), 60_000, () => now);
    const limit = { user_budget_quota: 900, user_budget_period: 'daily', user_budget_used: 100, user_budget_window: 10 * 86_400 };
    cache.set('a', row(1, 10, limit));
    cache.charge(10, 1, 300);
    // The database still says 100 (the charge is queued); the cached sibling knows better.
    expect(cache.set('b', row(2, 10, limit)).user_budget_used).toBe(400);
    // A database copy further on (another node's charges) is kept.
    expect(cache.set('c', row(3, 10, { ...limit, user_budget_used: 650 })).user_budget_used).toBe(650);
  });
});
