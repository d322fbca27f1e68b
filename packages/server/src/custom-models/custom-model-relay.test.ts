import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LogType, Role } from '@gw/contracts';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply, type RecordedRequest } from '../../test/fake-upstream/index.js';
import { signIn, type CreatedUser, type SignedIn } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

const USER_KEY = 'sk-users-own-openai-key-0001';
const CLAUDE_KEY = 'sk-ant-users-own-key-0002';

/** Custom models at the gateway: the user's own key, no quota, a log row. */
describe.each(testDialects())('custom models at the gateway (%s)', (dialect) => {
  let r: RelayContext;
  let admin: SignedIn;
  let openaiSupplier: number;
  let claudeSupplier: number;

  const inject = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    r.ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) }).then((res) => res.json());
  const chat = (key: string, model: string) => r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }] });
  const lastTo = (path: string): RecordedRequest | undefined => r.upstream.requests.filter((q) => q.path === path).at(-1);

  beforeAll(async () => {
    r = await createRelayContext(dialect);
    admin = await signIn(r.ctx.app, await r.createUser({ role: Role.Admin }));
    openaiSupplier = (await inject(admin, 'POST', '/api/supplier/admin/', { name: 'Own OpenAI', type: 1, sdk: 'openai', base_url: `${r.upstream.url}/own`, disable: false })).data.id;
    claudeSupplier = (await inject(admin, 'POST', '/api/supplier/admin/', { name: 'Own Claude', type: 14, sdk: 'claude', base_url: `${r.upstream.url}/own-claude`, disable: false })).data.id;
    r.upstream.setRoute('POST /own/v1/chat/completions', jsonReply(chatCompletion('from your own key', chatUsage(30, 10))));
    r.upstream.setRoute('POST /own-claude/v1/messages', jsonReply({
      id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-own', content: [{ type: 'text', text: 'claude says hi' }],
      stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 11, output_tokens: 4 },
    }));
  });
  afterAll(() => r?.close());

  async function userWithConfig(supplierId: number, key: string, models: string[]): Promise<{ user: CreatedUser; session: SignedIn; apiKey: string; configId: number }> {
    const user = await r.createUser({ quota: 1_000_000 });
    const session = await signIn(r.ctx.app, user);
    const created = await inject(session, 'POST', '/api/user/custom-models/conf', { supplier_id: supplierId, key, models });
    expect(created.success, created.message).toBe(true);
    return { user, session, apiKey: (await r.createApiKey(user.id)).key, configId: created.data.id };
  }

  it("relays a configured model through the user's own key, charges nothing and logs the call", async () => {
    const model = `own-model-${dialect}`; // no channel serves it and it has no price
    const { user, apiKey } = await userWithConfig(openaiSupplier, USER_KEY, [model]);
    const res = await chat(apiKey, model);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('from your own key');
    const sent = lastTo('/own/v1/chat/completions')!;
    expect(sent.headers.authorization).toBe(`Bearer ${USER_KEY}`);
    expect((sent.body as { model: string }).model).toBe(model);

    await r.settled();
    expect(await r.quotaOf(user.id)).toMatchObject({ quota: 1_000_000, used_quota: 0 });
    expect(await r.holdsOf(user.id)).toEqual([]);
    // The log row is written right after the answer is sent.
    const log = await vi.waitFor(async () => (await r.logsOf(user.id, LogType.Consume))[0] ?? Promise.reject(new Error('no log yet')));
    expect(log).toMatchObject({ quota: 0, model_name: model, prompt_tokens: 30, completion_tokens: 10, channel_id: 0 });
    expect(JSON.parse(log.other!)).toMatchObject({ own_key: true });
  });

  it('passes service_tier and the other fields routed channels hold back: the user pays their own supplier', async () => {
    const model = `own-tier-${dialect}`;
    const { apiKey } = await userWithConfig(openaiSupplier, USER_KEY, [model]);
    const res = await r.post('/v1/chat/completions', apiKey, { model, messages: [{ role: 'user', content: 'hi' }], service_tier: 'priority', safety_identifier: 'u-1' });
    expect(res.status).toBe(200);
    expect(lastTo('/own/v1/chat/completions')!.body).toMatchObject({ service_tier: 'priority', safety_identifier: 'u-1' });
  });

  it('lists the own-key models in /v1/models beside the routed ones, within the key\'s model limits', async () => {
    const model = `own-listed-${dialect}`; // unpriced and on no channel: listed only because of the config
    const { user } = await userWithConfig(openaiSupplier, USER_KEY, [model]);
    await r.createChannel({ models: 'gpt-4o-mini' });
    const ids = async (key: string) =>
      ((await (await fetch(`${r.gateway}/v1/models`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { id: string }[] }).data.map((m) => m.id);
    const all = await ids((await r.createApiKey(user.id)).key);
    expect(all).toContain(model);
    expect(all).toContain('gpt-4o-mini');
    expect(await ids((await r.createApiKey(user.id, { modelLimits: ['gpt-4o-mini'] })).key)).not.toContain(model);
    const stranger = await r.createUser();
    expect(await ids((await r.createApiKey(stranger.id)).key)).not.toContain(model);
  });

  it('serves a user with no balance left through their own key, and refuses them any other model', async () => {
    const model = `own-broke-${dialect}`;
    const { user, apiKey } = await userWithConfig(openaiSupplier, USER_KEY, [model]);
    await r.ctx.db.updateTable('users').set({ quota: 0 }).where('id', '=', user.id).execute();
    r.ctx.services.events.changed('user', user.id);
    expect((await chat(apiKey, model)).status).toBe(200);
    const other = await chat(apiKey, 'gpt-4o-mini');
    expect(other.status).toBe(429);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('insufficient_user_quota');
  });

  it('speaks the Anthropic protocol with x-api-key for a claude-sdk supplier', async () => {
    const model = `claude-own-${dialect}`;
    const { user, apiKey } = await userWithConfig(claudeSupplier, CLAUDE_KEY, [model]);
    const res = await chat(apiKey, model);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('claude says hi');
    const sent = lastTo('/own-claude/v1/messages')!;
    expect(sent.headers['x-api-key']).toBe(CLAUDE_KEY);
    expect(sent.headers.authorization).toBeUndefined();
    expect(await r.quotaOf(user.id)).toMatchObject({ quota: 1_000_000 });
  });

  it('leaves other users and other models on normal routing and billing', async () => {
    const priced = await r.uniqueModel();
    await r.createChannel({ models: priced });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('normal channel')));
    const ownModel = `mine-only-${dialect}`;
    const { user, apiKey } = await userWithConfig(openaiSupplier, USER_KEY, [ownModel]);

    const normal = await chat(apiKey, priced);
    expect(normal.status).toBe(200);
    expect(lastTo('/v1/chat/completions')!.headers.authorization).toBe('Bearer sk-upstream-secret');
    await r.settled();
    expect((await r.quotaOf(user.id)).quota).toBeLessThan(1_000_000);

    const stranger = await r.createUser({ quota: 1_000_000 });
    const refused = await chat((await r.createApiKey(stranger.id)).key, ownModel);
    expect(refused.status).not.toBe(200);
  });

  it('stops using the own key at once when the config is deleted or its supplier disabled', async () => {
    const model = `short-lived-${dialect}`;
    const { session, apiKey, configId } = await userWithConfig(openaiSupplier, USER_KEY, [model]);
    expect((await chat(apiKey, model)).status).toBe(200);
    expect((await inject(session, 'DELETE', `/api/user/custom-models/conf/${configId}`)).success).toBe(true);
    expect((await chat(apiKey, model)).status).not.toBe(200);

    const again = await inject(session, 'POST', '/api/user/custom-models/conf', { supplier_id: openaiSupplier, key: USER_KEY, models: [model] });
    expect(again.success).toBe(true);
    expect((await chat(apiKey, model)).status).toBe(200);
    await inject(admin, 'PUT', `/api/supplier/admin/${openaiSupplier}`, { name: 'Own OpenAI', type: 1, sdk: 'openai', base_url: `${r.upstream.url}/own`, disable: true });
    expect((await chat(apiKey, model)).status).not.toBe(200);
    await inject(admin, 'PUT', `/api/supplier/admin/${openaiSupplier}`, { name: 'Own OpenAI', type: 1, sdk: 'openai', base_url: `${r.upstream.url}/own`, disable: false });
  });

  it("answers the supplier's refusal with an error log and no charge", async () => {
    const model = `refused-${dialect}`;
    r.upstream.setRoute('POST /own-claude/v1/messages', jsonReply({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }, 401));
    const { user, apiKey } = await userWithConfig(claudeSupplier, CLAUDE_KEY, [model]);
    const res = await chat(apiKey, model);
    expect(res.status).toBe(401);
    expect(await r.quotaOf(user.id)).toMatchObject({ quota: 1_000_000 });
    const errors = await vi.waitFor(async () => {
      const rows = await r.logsOf(user.id, LogType.Error);
      return rows.length > 0 ? rows : Promise.reject(new Error('no log yet'));
    });
    expect(errors).toHaveLength(1);
    expect(errors[0].content).toContain('invalid x-api-key');
  });
});
