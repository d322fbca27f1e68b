import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply, sseReply } from '../../test/fake-upstream/index.js';

/** The relay paid from subscriptions: the official OpenAI client against the gateway and a fake upstream. */
describe('relay billed to subscriptions', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    model = await r.uniqueModel(2);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', (req) =>
      (req.body as { stream?: boolean }).stream ? sseReply(chatStreamEvents(['a', 'b', 'c'], chatUsage(100, 40))) : jsonReply(chatCompletion('ok', chatUsage(100, 40))),
    );
  });
  afterAll(() => r?.close());

  const ask = (key: string, stream = false) =>
    stream
      ? r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, max_tokens: 50 }).then(async (s) => {
          for await (const chunk of s) void chunk;
        })
      : r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 50 });

  /** A user with `wallet` quota, a plan with `budget` given to them, and a key; `preference` saved when given. */
  async function subscriber(wallet: number, budget: number, preference?: string) {
    const user = await r.createUser({ quota: wallet });
    const plan = await r.ctx.services.subscriptions.createPlan({
      title: `plan-${user.id}`, subtitle: '', price_amount: 1, currency: 'USD', duration_unit: 'month', duration_value: 1, custom_seconds: 0, enabled: true, sort_order: 0,
      stripe_price_id: '', creem_product_id: '', max_purchase_per_user: 0, upgrade_group: '', total_amount: budget, quota_reset_period: 'never', quota_reset_custom_seconds: 0,
    });
    const sub = (await r.ctx.services.subscriptions.grant(user.id, plan.id)).subscription;
    if (preference) await r.ctx.services.subscriptions.setPreference(user.id, preference as 'wallet_first');
    const token = await r.createApiKey(user.id, { remainQuota: 10_000_000 });
    return { user, plan, sub, token };
  }
  const usedOf = async (id: number) => Number((await r.ctx.db.selectFrom('user_subscriptions').select('amount_used').where('id', '=', id).executeTakeFirstOrThrow()).amount_used);

  it('serves a subscriber with an empty wallet and charges the subscription, streaming or not', async () => {
    const { user, plan, sub, token } = await subscriber(0, 5_000_000);
    await ask(token.key);
    await ask(token.key, true);
    await r.settled();
    const cost = r.quotaFor(model, { prompt: 100, completion: 40 });
    const logs = await r.logsOf(user.id, 2);
    expect(logs.map((l) => l.quota)).toEqual([cost, cost]);
    expect(JSON.parse(logs[0]!.other!)).toMatchObject({ billing_source: 'subscription', subscription_id: sub.id, subscription_plan_id: plan.id, subscription_plan_title: plan.title });
    expect(await usedOf(sub.id)).toBe(2 * cost);
    expect(await r.quotaOf(user.id)).toEqual({ quota: 0, used_quota: 2 * cost, request_count: 2 });
    expect(await r.tokenOf(token.id)).toMatchObject({ remain_quota: 10_000_000 - 2 * cost, used_quota: 2 * cost });
    expect(await r.holdsOf(user.id)).toEqual(['settled', 'settled']);
  });

  it('falls back to the wallet when the budget is used up, unless the user pays only from subscriptions', async () => {
    const fallback = await subscriber(5_000_000, 10);
    await ask(fallback.token.key);
    await r.settled();
    const cost = r.quotaFor(model, { prompt: 100, completion: 40 });
    expect(await usedOf(fallback.sub.id)).toBe(0);
    expect((await r.quotaOf(fallback.user.id)).quota).toBe(5_000_000 - cost);
    expect(JSON.parse((await r.logsOf(fallback.user.id, 2))[0]!.other!).billing_source).toBeUndefined();

    const only = await subscriber(5_000_000, 10, 'subscription_only');
    const before = r.upstream.requests.length;
    await expect(ask(only.token.key)).rejects.toMatchObject({ status: 429, code: 'insufficient_subscription_quota' });
    expect(r.upstream.requests.length).toBe(before);
    expect((await r.quotaOf(only.user.id)).quota).toBe(5_000_000);
  });

  it('wallet_only ignores subscriptions: an empty wallet is refused before any upstream call', async () => {
    const { user, sub, token } = await subscriber(0, 5_000_000, 'wallet_only');
    const before = r.upstream.requests.length;
    await expect(ask(token.key)).rejects.toMatchObject({ code: 'insufficient_user_quota' });
    expect(r.upstream.requests.length).toBe(before);
    expect(await usedOf(sub.id)).toBe(0);
    expect(await r.quotaOf(user.id)).toMatchObject({ quota: 0, request_count: 0 });
  });

  it('an invalidated subscription stops paying at once', async () => {
    const { user, sub, token } = await subscriber(0, 5_000_000);
    await ask(token.key);
    await r.ctx.services.subscriptions.invalidate(sub.id);
    await expect(ask(token.key)).rejects.toMatchObject({ code: 'insufficient_user_quota' });
    await r.settled();
    expect((await r.logsOf(user.id, 2))).toHaveLength(1);
  });
});
