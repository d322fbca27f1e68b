import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserStatus } from '@gw/contracts';
import { createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { testDialects } from '../../test/test-database.js';
import { nowSeconds } from '../platform/clock.js';
import { TokenStatus } from '../tokens/token-status.js';
import { bare, getWith, keyWith, userWith } from './token-usage.test-helpers.js';

const DEFAULTS = { DisplayTokenStatEnabled: true, DisplayInCurrencyEnabled: true, QuotaPerUnit: 500_000 };

describe.each(testDialects())('OpenAI legacy billing: /dashboard/billing/* with an API key (%s)', (dialect) => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext(dialect);
  });
  afterEach(() => r.setOptions(DEFAULTS));
  afterAll(() => r?.close());

  const subscription = (key?: string, url = '/v1/dashboard/billing/subscription') => getWith(r, url, key === undefined ? undefined : `Bearer ${key}`);
  const usage = (key?: string, url = '/v1/dashboard/billing/usage') => getWith(r, url, key === undefined ? undefined : `Bearer ${key}`);
  const subscriptionBody = (amount: number, accessUntil: number) => ({
    object: 'billing_subscription',
    has_payment_method: true,
    soft_limit_usd: amount,
    hard_limit_usd: amount,
    system_hard_limit_usd: amount,
    access_until: accessUntil,
  });

  it("reports the key's limit and use in dollars on every path, ignoring start_date and end_date", async () => {
    const user = await userWith(r, 9_000_000, 4_000_000);
    const expires = nowSeconds() + 3_600;
    const token = await keyWith(r, user, { remainQuota: 1_500_000, usedQuota: 35_000, expiredTime: expires });
    // (1,500,000 + 35,000) / 500,000 = 3.07 dollars; 35,000 / 500,000 = 0.07 dollars = 7 cents.
    for (const url of ['/dashboard/billing/subscription', '/v1/dashboard/billing/subscription', '/v1/dashboard/billing/subscription/']) {
      const res = await subscription(token.key, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual(subscriptionBody(3.07, expires));
      expect(res.body).not.toContain(bare(token.key));
    }
    for (const url of ['/dashboard/billing/usage', '/v1/dashboard/billing/usage', '/v1/dashboard/billing/usage?start_date=2024-01-01&end_date=2024-02-01', '/dashboard/billing/usage/?start_date=2024-01-01']) {
      const res = await usage(token.key, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ object: 'list', total_usage: 7 });
    }
    expect((await usage(bare(token.key))).json()).toEqual({ object: 'list', total_usage: 7 });
  });

  it('reports 100,000,000 for an unlimited key, and access_until 0 when it never expires', async () => {
    const user = await userWith(r, 9_000_000, 0);
    const token = await keyWith(r, user, { unlimited: true, usedQuota: 1_000_000 });
    expect((await subscription(token.key)).json()).toEqual(subscriptionBody(100_000_000, 0));
    expect((await usage(token.key)).json()).toEqual({ object: 'list', total_usage: 200 });
  });

  it("reports the owner's balance instead when DisplayTokenStatEnabled is off, even an empty one", async () => {
    const user = await userWith(r, 2_000_000, 500_000);
    const limited = await keyWith(r, user, { remainQuota: 100, usedQuota: 7, expiredTime: nowSeconds() + 60 });
    const unlimited = await keyWith(r, user, { unlimited: true });
    await r.setOptions({ DisplayTokenStatEnabled: false });
    for (const token of [limited, unlimited]) {
      expect((await subscription(token.key)).json()).toEqual(subscriptionBody(5, 0));
      expect((await usage(token.key)).json()).toEqual({ object: 'list', total_usage: 100 });
    }
    const broke = await userWith(r, 0, 250_000);
    const brokeKey = await keyWith(r, broke, { unlimited: true });
    const res = await subscription(brokeKey.key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(subscriptionBody(0.5, 0));
  });

  it('reports raw quota when DisplayInCurrencyEnabled is off, and divides by QuotaPerUnit when on', async () => {
    const user = await userWith(r, 9_000_000, 0);
    const token = await keyWith(r, user, { remainQuota: 1_500_000, usedQuota: 250_000 });
    await r.setOptions({ DisplayInCurrencyEnabled: false });
    expect((await subscription(token.key)).json()).toMatchObject({ hard_limit_usd: 1_750_000, soft_limit_usd: 1_750_000 });
    expect((await usage(token.key)).json()).toEqual({ object: 'list', total_usage: 25_000_000 });
    await r.setOptions({ DisplayInCurrencyEnabled: true, QuotaPerUnit: 1_000_000 });
    expect((await subscription(token.key)).json()).toMatchObject({ hard_limit_usd: 1.75 });
    expect((await usage(token.key)).json()).toEqual({ object: 'list', total_usage: 25 });
  });

  it('refuses missing, malformed and unknown keys with 401 in the OpenAI error shape', async () => {
    for (const key of [undefined, 'sk-bad', `sk-${'y'.repeat(48)}`]) {
      for (const call of [subscription, usage]) {
        const res = await call(key, undefined);
        expect(res.statusCode, String(key)).toBe(401);
        expect(res.json()).toEqual({ error: { message: expect.any(String), type: 'authentication_error', param: null, code: expect.any(String) } });
      }
    }
    expect((await subscription(undefined, '/dashboard/billing/subscription')).statusCode).toBe(401);
  });

  it('refuses disabled, expired and used-up keys as the relay does, and keys of banned users with 403', async () => {
    const user = await userWith(r, 9_000_000, 0);
    const cases = [
      { opts: { remainQuota: 10, status: TokenStatus.Disabled }, status: 401, code: 'token_disabled' },
      { opts: { remainQuota: 10, status: TokenStatus.Expired, expiredTime: nowSeconds() - 60 }, status: 401, code: 'token_expired' },
      { opts: { remainQuota: 10, expiredTime: nowSeconds() - 60 }, status: 401, code: 'token_expired' },
      { opts: { remainQuota: 0, usedQuota: 500, status: TokenStatus.Exhausted }, status: 429, code: 'token_quota_exhausted' },
    ];
    for (const c of cases) {
      const token = await keyWith(r, user, c.opts);
      for (const call of [subscription, usage]) {
        const res = await call(token.key, undefined);
        expect(res.statusCode, c.code).toBe(c.status);
        expect(res.json().error).toMatchObject({ code: c.code });
      }
    }
    const banned = await userWith(r, 9_000_000, 0, UserStatus.Disabled);
    const bannedKey = await keyWith(r, banned, { remainQuota: 10 });
    const res = await usage(bannedKey.key, '/dashboard/billing/usage');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'user_banned', type: 'permission_error' });
  });
});
