import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';
import { signIn } from '../../test/test-app.js';
import { LogType, Role } from '@gw/contracts';
import { testDialects } from '../../test/test-database.js';
import { nowSeconds } from '../platform/clock.js';
import { budgetWindow } from '../billing/spending-limit.js';

describe.each(testDialects())("a user's spending limit per period over all their keys (%s)", (dialect) => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext(dialect);
  });
  afterAll(() => r?.close());

  async function limitedUser(budget: number, period: 'daily' | 'weekly' | 'monthly' = 'daily') {
    const user = await r.createUser({ quota: 50_000_000 });
    await r.ctx.db.updateTable('users').set({ budget_quota: budget, budget_period: period }).where('id', '=', user.id).execute();
    r.ctx.services.events.changed('user', user.id);
    return user;
  }
  const spending = (userId: number) => r.ctx.db.selectFrom('users').select(['budget_used', 'budget_window']).where('id', '=', userId).executeTakeFirstOrThrow();
  /** The user, signed in to the console, asks `model` in the playground. */
  async function inPlayground(user: { username: string; password: string }, model: string): Promise<Response> {
    const session = await signIn(r.ctx.app, user);
    return fetch(`${r.gateway}/pg/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session.headers },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
  }
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

  it("counts what every key of the user spends, then refuses all of them (and the playground) until the period renews", async () => {
    const model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(1000, 500))));
    const perRequest = r.quotaFor(model, { prompt: 1000, completion: 500 });
    const user = await limitedUser(perRequest * 2 + 1, 'weekly');
    const keys = [await r.createApiKey(user.id, { unlimited: true }), await r.createApiKey(user.id, { remainQuota: 10_000_000 })];
    const ask = (key: string) => r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }] });

    expect((await ask(keys[0].key)).status).toBe(200);
    expect((await ask(keys[1].key)).status).toBe(200);
    expect((await ask(keys[0].key)).status).toBe(200);
    for (const key of keys) {
      const refused = await ask(key.key);
      expect(refused.status).toBe(429);
      const error = await errorOf(refused);
      expect(error.code).toBe('user_budget_exhausted');
      expect(error.message).toBe(`your account has spent its weekly limit; it renews at ${new Date(budgetWindow('weekly', nowSeconds()).next * 1000).toISOString()}`);
    }
    // The playground reads the user from the database, where the last charges land once their batch is written.
    await r.settled();
    const playground = await inPlayground(user, model);
    expect(playground.status).toBe(429);
    expect((await errorOf(playground)).code).toBe('user_budget_exhausted');

    await r.settled();
    const week = budgetWindow('weekly', nowSeconds()).start;
    expect(await spending(user.id)).toEqual({ budget_used: perRequest * 3, budget_window: week });
    expect((await r.logsOf(user.id, 2)).reduce((sum, l) => sum + l.quota, 0)).toBe(perRequest * 3);
    // Refusals cost nothing: the wallet paid the three answers only.
    expect((await r.quotaOf(user.id)).quota).toBe(50_000_000 - perRequest * 3);

    // The next week: what was spent last week no longer counts (simulated by moving the stored period back).
    await r.ctx.db.updateTable('users').set({ budget_window: week - 7 * 86_400 }).where('id', '=', user.id).execute();
    r.ctx.services.events.changed('user', user.id);
    expect((await ask(keys[1].key)).status).toBe(200);
    await r.settled();
    expect(await spending(user.id)).toEqual({ budget_used: perRequest, budget_window: week });
  });

  it('lets the keys spend again once an administrator resets the period, keeping the limit and logging it', async () => {
    const model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(1000, 500))));
    const perRequest = r.quotaFor(model, { prompt: 1000, completion: 500 });
    const user = await limitedUser(perRequest, 'daily');
    const key = (await r.createApiKey(user.id, { unlimited: true })).key;
    const ask = () => r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }] });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    await r.settled();

    const admin = await signIn(r.ctx.app, await r.createUser({ role: Role.Admin }));
    const manage = (id: number) => r.ctx.app.inject({ method: 'POST', url: '/api/user/manage', headers: admin.headers, payload: { id, action: 'reset_spending' } });
    expect((await manage(user.id)).json()).toMatchObject({ success: true });
    expect(await spending(user.id)).toEqual({ budget_used: 0, budget_window: 0 });
    const [log] = (await r.ctx.db.selectFrom('logs').select(['content', 'type']).where('user_id', '=', user.id).where('type', '=', LogType.Manage).execute()).slice(-1);
    expect(log.content).toContain(`reset this day's spending (${perRequest} of ${perRequest} spent)`);
    expect((await ask()).status).toBe(200);
    await r.settled();
    expect((await spending(user.id)).budget_used).toBe(perRequest);
    expect((await r.ctx.db.selectFrom('users').select('budget_quota').where('id', '=', user.id).executeTakeFirstOrThrow()).budget_quota).toBe(perRequest);

    // A user without a limit has nothing to reset; nothing is written.
    const free = await r.createUser();
    expect((await manage(free.id)).json()).toMatchObject({ success: false, message: 'this user has no spending limit to reset' });
  });

  it("counts the playground's spending toward the user's limit", async () => {
    const model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 50))));
    const user = await limitedUser(1_000_000_000, 'monthly');
    expect((await inPlayground(user, model)).status).toBe(200);
    await r.settled();
    expect(await spending(user.id)).toEqual({ budget_used: r.quotaFor(model, { prompt: 100, completion: 50 }), budget_window: budgetWindow('monthly', nowSeconds()).start });
  });

  it('counts every charge of concurrent requests over several keys exactly once', async () => {
    const model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 50))));
    const user = await limitedUser(1_000_000_000);
    const keys = await Promise.all([1, 2, 3].map(() => r.createApiKey(user.id, { unlimited: true })));
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => r.post('/v1/chat/completions', keys[i % 3].key, { model, messages: [{ role: 'user', content: 'hi' }] })),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    await r.settled();
    const logged = (await r.logsOf(user.id, 2)).reduce((sum, l) => sum + l.quota, 0);
    expect(logged).toBe(60 * r.quotaFor(model, { prompt: 100, completion: 50 }));
    expect((await spending(user.id)).budget_used).toBe(logged);
  });

  it('leaves users without a limit alone: nothing is counted', async () => {
    const model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 50))));
    const user = await r.createUser({ quota: 5_000_000 });
    const key = await r.createApiKey(user.id, { unlimited: true });
    expect((await r.post('/v1/chat/completions', key.key, { model, messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
    await r.settled();
    expect(await spending(user.id)).toEqual({ budget_used: 0, budget_window: 0 });
  });
});
