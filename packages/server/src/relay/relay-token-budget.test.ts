import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';
import { testDialects } from '../../test/test-database.js';
import { nowSeconds } from '../platform/clock.js';
import { budgetWindow } from '../billing/spending-limit.js';

describe('budgetWindow', () => {
  it('follows calendar periods in UTC: days from midnight, weeks from Monday, months from the 1st', () => {
    const at = Date.UTC(2026, 10, 27, 15, 30) / 1000; // a Friday
    expect(budgetWindow('daily', at)).toEqual({ start: Date.UTC(2026, 10, 27) / 1000, next: Date.UTC(2026, 10, 28) / 1000 });
    expect(budgetWindow('weekly', at)).toEqual({ start: Date.UTC(2026, 10, 23) / 1000, next: Date.UTC(2026, 10, 30) / 1000 });
    expect(budgetWindow('monthly', at)).toEqual({ start: Date.UTC(2026, 10, 1) / 1000, next: Date.UTC(2026, 11, 1) / 1000 });
    expect(budgetWindow('monthly', Date.UTC(2026, 11, 31, 23, 59) / 1000).next).toBe(Date.UTC(2027, 0, 1) / 1000);
  });
});

describe.each(testDialects())("a key's spending limit per period (%s)", (dialect) => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext(dialect);
  });
  afterAll(() => r?.close());

  async function budgetedKey(budget: number) {
    const user = await r.createUser({ quota: 50_000_000 });
    const token = await r.createApiKey(user.id, { unlimited: true });
    await r.ctx.db.updateTable('tokens').set({ budget_quota: budget, budget_period: 'daily' }).where('id', '=', token.id).execute();
    r.ctx.services.events.changed('token', token.id);
    return { user, token };
  }
  const spending = (tokenId: number) => r.ctx.db.selectFrom('tokens').select(['budget_used', 'budget_window']).where('id', '=', tokenId).executeTakeFirstOrThrow();

  it('serves until the period\'s limit is spent, then refuses with 429 until the next period', async () => {
    const model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(1000, 500))));
    const perRequest = r.quotaFor(model, { prompt: 1000, completion: 500 });
    const { user, token } = await budgetedKey(perRequest * 2 + 1);
    const ask = () => r.post('/v1/chat/completions', token.key, { model, messages: [{ role: 'user', content: 'hi' }] });

    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    const error = ((await refused.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('token_budget_exhausted');
    expect(error.message).toContain(`renews at ${new Date(budgetWindow('daily', nowSeconds()).next * 1000).toISOString()}`);
    await r.settled();
    const today = budgetWindow('daily', nowSeconds()).start;
    expect(await spending(token.id)).toEqual({ budget_used: perRequest * 3, budget_window: today });
    expect((await r.logsOf(user.id, 2)).reduce((sum, l) => sum + l.quota, 0)).toBe(perRequest * 3);

    // The next day: what was spent yesterday no longer counts (simulated by moving the stored period back).
    await r.ctx.db.updateTable('tokens').set({ budget_window: today - 86_400 }).where('id', '=', token.id).execute();
    r.ctx.services.events.changed('token', token.id);
    expect((await ask()).status).toBe(200);
    await r.settled();
    expect(await spending(token.id)).toEqual({ budget_used: perRequest, budget_window: today });
  });

  it('counts every charge of concurrent requests exactly once', async () => {
    const model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 50))));
    const { user, token } = await budgetedKey(1_000_000_000);
    const answers = await Promise.all(Array.from({ length: 60 }, () => r.post('/v1/chat/completions', token.key, { model, messages: [{ role: 'user', content: 'hi' }] })));
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    await r.settled();
    const logged = (await r.logsOf(user.id, 2)).reduce((sum, l) => sum + l.quota, 0);
    expect(logged).toBe(60 * r.quotaFor(model, { prompt: 100, completion: 50 }));
    expect((await spending(token.id)).budget_used).toBe(logged);
  });
});
