import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CUSTOM_MODEL_CONFIG_NOT_FOUND,
  CUSTOM_MODEL_DUPLICATE,
  CUSTOM_MODEL_KEY_REQUIRED,
  CUSTOM_MODEL_SUPPLIER_FIXED,
  CUSTOM_MODEL_SUPPLIER_REQUIRED,
  Role,
  SUPPLIER_NOT_FOUND,
} from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { errorReply, hangReply, jsonReply, startFakeUpstream, type FakeUpstream } from '../../test/fake-upstream/index.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { getAdapter } from '../relay/providers/registry.js';
import { CustomModelsService, KEY_UNREADABLE, NO_BALANCE_SUPPORT } from './custom-models.service.js';
import { CustomModelKeys } from './custom-model-keys.js';

const USER_KEY = 'sk-user-own-key-1234567890abcd';

describe.each(testDialects())('custom models (%s)', (dialect) => {
  let ctx: TestContext;
  let upstream: FakeUpstream;
  let admin: Member;
  let openaiSupplier: number;
  let claudeSupplier: number;
  let deepseekSupplier: number;
  let disabledSupplier: number;

  beforeAll(async () => {
    upstream = await startFakeUpstream({ routes: {} });
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    admin = await member(ctx, { role: Role.Admin });
    const supplier = async (fields: Record<string, unknown>) =>
      (await callJson(ctx, 'POST', '/api/supplier/admin/', admin, { type: 1, sdk: 'openai', base_url: upstream.url, disable: false, ...fields })).data.id as number;
    openaiSupplier = await supplier({ name: 'OpenAI-like' });
    claudeSupplier = await supplier({ name: 'Claude-like', type: 14, sdk: 'claude', base_url: `${upstream.url}/anthropic` });
    deepseekSupplier = await supplier({ name: 'DeepSeek-like', type: 43, base_url: `${upstream.url}/deepseek` });
    disabledSupplier = await supplier({ name: 'Off', base_url: `${upstream.url}/off`, disable: true });
  });
  afterAll(async () => {
    await ctx?.close();
    await upstream?.close();
  });
  beforeEach(() => {
    upstream.requests.length = 0;
  });

  const create = (who: Member, body: Record<string, unknown>) => callJson(ctx, 'POST', '/api/user/custom-models/conf', who, body);
  const storedKey = async (id: number) => (await ctx.db.selectFrom('user_custom_models').select('key').where('id', '=', id).executeTakeFirstOrThrow()).key;

  describe('configs', () => {
    it('saves a config with the key encrypted at rest and answered only masked', async () => {
      const user = await member(ctx);
      const body = await create(user, { supplier_id: openaiSupplier, key: USER_KEY, models: ['gpt-a', 'gpt-b', 'gpt-a'] });
      expect(body).toMatchObject({ success: true, data: { supplier_id: openaiSupplier, key: 'sk-****abcd', models: ['gpt-a', 'gpt-b'], supplier: { name: 'OpenAI-like', sdk: 'openai', base_url: upstream.url } } });
      const sealed = await storedKey(body.data.id);
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain('own-key');
      expect(new CustomModelKeys('test-secret-test-secret').open(sealed)).toBe(USER_KEY);

      const list = await callJson(ctx, 'GET', '/api/user/custom-models/conf', user);
      expect(list.data).toHaveLength(1);
      expect(JSON.stringify(list)).not.toContain(USER_KEY);
    });

    it('allows one config per supplier, even when two creations race', async () => {
      const user = await member(ctx);
      const answers = await Promise.all(Array.from({ length: 4 }, () => create(user, { supplier_id: claudeSupplier, key: USER_KEY })));
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      expect(answers.filter((a) => !a.success).every((a) => a.message === CUSTOM_MODEL_DUPLICATE)).toBe(true);
      expect(await ctx.db.selectFrom('user_custom_models').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    });

    const invalid: [what: string, body: Record<string, unknown>, message: string][] = [
      ['no supplier', { key: USER_KEY }, CUSTOM_MODEL_SUPPLIER_REQUIRED],
      ['a negative supplier id', { supplier_id: -1, key: USER_KEY }, CUSTOM_MODEL_SUPPLIER_REQUIRED],
      ['no key', { supplier_id: 1 }, CUSTOM_MODEL_KEY_REQUIRED],
      ['an empty key', { supplier_id: 1, key: '  ' }, CUSTOM_MODEL_KEY_REQUIRED],
      ['an unknown supplier id', { supplier_id: 999999, key: USER_KEY }, SUPPLIER_NOT_FOUND],
    ];
    it.each(invalid)('refuses %s with the spec message', async (_what, body, message) => {
      const user = await member(ctx);
      expect(await create(user, body)).toMatchObject({ success: false, message });
      expect(await ctx.db.selectFrom('user_custom_models').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    });

    it('refuses a disabled supplier', async () => {
      const user = await member(ctx);
      expect(await create(user, { supplier_id: disabledSupplier, key: USER_KEY })).toMatchObject({ success: false, message: SUPPLIER_NOT_FOUND });
    });

    it('edits key and models but never the supplier; the masked key keeps the stored one', async () => {
      const user = await member(ctx);
      const { data } = await create(user, { supplier_id: openaiSupplier, key: USER_KEY, models: ['m1'] });
      const sealed = await storedKey(data.id);
      const kept = await callJson(ctx, 'PUT', `/api/user/custom-models/conf/${data.id}`, user, { key: data.key, models: ['m2', 'm3'] });
      expect(kept).toMatchObject({ success: true, data: { models: ['m2', 'm3'], key: 'sk-****abcd' } });
      expect(await storedKey(data.id)).toBe(sealed);

      const replaced = await callJson(ctx, 'PUT', `/api/user/custom-models/conf/${data.id}`, user, { key: 'sk-brand-new-key-999999zzzz' });
      expect(replaced.data).toMatchObject({ key: 'sk-****zzzz', models: ['m2', 'm3'] });

      const moved = await callJson(ctx, 'PUT', `/api/user/custom-models/conf/${data.id}`, user, { supplier_id: claudeSupplier, key: 'x'.repeat(20) });
      expect(moved).toMatchObject({ success: false, message: CUSTOM_MODEL_SUPPLIER_FIXED });
      expect((await callJson(ctx, 'GET', '/api/user/custom-models/conf', user)).data[0]).toMatchObject({ supplier_id: openaiSupplier, key: 'sk-****zzzz' });
    });

    it("cannot touch another user's config", async () => {
      const owner = await member(ctx);
      const other = await member(ctx);
      const { data } = await create(owner, { supplier_id: openaiSupplier, key: USER_KEY });
      expect(await callJson(ctx, 'PUT', `/api/user/custom-models/conf/${data.id}`, other, { models: ['x'] })).toMatchObject({ success: false, message: 'custom model configuration not found' });
      expect(await callJson(ctx, 'DELETE', `/api/user/custom-models/conf/${data.id}`, other)).toMatchObject({ success: false });
      expect((await callJson(ctx, 'GET', '/api/user/custom-models/conf', other)).data).toEqual([]);
      expect(await callJson(ctx, 'DELETE', `/api/user/custom-models/conf/${data.id}`, owner)).toMatchObject({ success: true });
      expect((await callJson(ctx, 'GET', '/api/user/custom-models/conf', owner)).data).toEqual([]);
    });

    it('gives administrators an overview with owner, balance, models as JSON text and masked keys', async () => {
      const user = await member(ctx, { quota: 4242, username: `overview_${dialect}` });
      await create(user, { supplier_id: openaiSupplier, key: USER_KEY, models: ['o1'] });
      const body = await callJson(ctx, 'GET', `/api/user/custom-models/conf/all?keyword=overview_${dialect}`, admin);
      expect(body.data.total).toBe(1);
      expect(body.data.items[0]).toMatchObject({ user_id: user.id, username: user.username, balance: 4242, key: 'sk-****abcd', models: '["o1"]', supplier: { name: 'OpenAI-like' } });
      expect((await call(ctx, 'GET', '/api/user/custom-models/conf/all', user)).statusCode).toBe(403);
    });
  });

  describe('loading a supplier’s models', () => {
    const load = (who: Member, body: Record<string, unknown>) => callJson(ctx, 'POST', '/api/user/custom-models/models', who, body);

    it('calls an OpenAI-type supplier with the key as Bearer', async () => {
      upstream.setRoute('GET /v1/models', jsonReply({ object: 'list', data: [{ id: 'gpt-b' }, { id: 'gpt-a' }] }));
      const user = await member(ctx);
      expect(await load(user, { base_url: upstream.url, key: USER_KEY, type: 'openai' })).toMatchObject({ success: true, data: ['gpt-a', 'gpt-b'] });
      expect(await load(user, { base_url: `${upstream.url}/`, key: USER_KEY, type: 1 })).toMatchObject({ success: true, data: ['gpt-a', 'gpt-b'] });
      const seen = upstream.requests.at(-1)!;
      expect(seen.path).toBe('/v1/models');
      expect(seen.headers.authorization).toBe(`Bearer ${USER_KEY}`);
    });

    it('calls a Claude-type supplier with x-api-key and anthropic-version', async () => {
      upstream.setRoute('GET /anthropic/v1/models', jsonReply({ data: [{ id: 'claude-x', type: 'model' }], has_more: false }));
      const user = await member(ctx);
      expect(await load(user, { supplier_id: claudeSupplier, key: USER_KEY })).toMatchObject({ success: true, data: ['claude-x'] });
      const seen = upstream.requests.at(-1)!;
      expect(seen.headers['x-api-key']).toBe(USER_KEY);
      expect(seen.headers['anthropic-version']).toBe('2023-06-01');
      expect(seen.headers.authorization).toBeUndefined();
    });

    it('uses the stored key when the masked key is sent back', async () => {
      upstream.setRoute('GET /v1/models', jsonReply({ data: [{ id: 'm' }] }));
      const user = await member(ctx);
      const { data } = await create(user, { supplier_id: openaiSupplier, key: USER_KEY });
      expect(await load(user, { supplier_id: openaiSupplier, key: data.key })).toMatchObject({ success: true, data: ['m'] });
      expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Bearer ${USER_KEY}`);
      const stranger = await member(ctx);
      expect(await load(stranger, { supplier_id: openaiSupplier, key: data.key })).toMatchObject({ success: false, message: KEY_UNREADABLE });
    });

    it('explains a refusal by the supplier without echoing the key', async () => {
      upstream.setRoute('GET /v1/models', errorReply(401, { error: { message: `Incorrect API key provided: ${USER_KEY}` } }));
      const user = await member(ctx);
      const body = await load(user, { base_url: upstream.url, key: USER_KEY, type: 'openai' });
      expect(body.success).toBe(false);
      expect(body.message).toContain('HTTP 401');
      expect(body.message).toContain('Incorrect API key provided');
      expect(body.message).not.toContain(USER_KEY);
    });

    it('refuses addresses that are not an enabled supplier (no calls to arbitrary URLs)', async () => {
      const user = await member(ctx);
      expect(await load(user, { base_url: 'http://169.254.169.254', key: USER_KEY, type: 'openai' })).toMatchObject({ success: false, message: SUPPLIER_NOT_FOUND });
      expect(await load(user, { base_url: `${upstream.url}/off`, key: USER_KEY, type: 'openai' })).toMatchObject({ success: false, message: SUPPLIER_NOT_FOUND });
      expect(await load(user, { supplier_id: 999999, key: USER_KEY })).toMatchObject({ success: false, message: SUPPLIER_NOT_FOUND });
      expect(await load(user, { key: USER_KEY })).toMatchObject({ success: false, message: CUSTOM_MODEL_SUPPLIER_REQUIRED });
      expect(await load(user, { supplier_id: openaiSupplier })).toMatchObject({ success: false, message: CUSTOM_MODEL_KEY_REQUIRED });
      expect(upstream.requests).toHaveLength(0);
    });

    it('gives up after the timeout with a clear message', async () => {
      upstream.setRoute('GET /v1/models', hangReply());
      const service = new CustomModelsService({ db: ctx.db, keys: new CustomModelKeys('test-secret-test-secret'), events: ctx.services.events, http: ctx.services.upstream, getAdapter, timeoutMs: 300 });
      const user = await member(ctx);
      await expect(service.listSupplierModels(user.id, { supplier_id: openaiSupplier, key: USER_KEY })).rejects.toThrow('failed to reach the supplier: timed out');
    });

    it('reports an unreachable supplier', async () => {
      const user = await member(ctx);
      const dead = (await callJson(ctx, 'POST', '/api/supplier/admin/', admin, { name: 'dead', type: 1, sdk: 'openai', base_url: 'http://127.0.0.1:1', disable: false })).data.id;
      const body = await load(user, { supplier_id: dead, key: USER_KEY });
      expect(body).toMatchObject({ success: false, message: 'failed to reach the supplier: connection refused' });
    });
  });

  describe('balance check', () => {
    const check = (who: Member, q: string) => callJson(ctx, 'GET', `/api/user/custom-models/conf/check?${q}`, who);

    it("asks the supplier for the balance with the user's stored key", async () => {
      upstream.setRoute('GET /deepseek/user/balance', jsonReply({ is_available: true, balance_infos: [{ currency: 'CNY', total_balance: '12.50' }] }));
      const user = await member(ctx);
      await create(user, { supplier_id: deepseekSupplier, key: USER_KEY });
      const body = await check(user, `channel_type=43&base_url=${encodeURIComponent(`${upstream.url}/deepseek`)}&key=ignored`);
      expect(body).toMatchObject({ success: true, data: { balance: 12.5 } });
      expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Bearer ${USER_KEY}`);
    });

    it('answers the spec message when the user has no config for that supplier', async () => {
      const user = await member(ctx);
      const body = await check(user, `channel_type=43&base_url=${encodeURIComponent(`${upstream.url}/deepseek`)}`);
      expect(body).toMatchObject({ success: false, message: CUSTOM_MODEL_CONFIG_NOT_FOUND });
    });

    it('says so when the supplier type reports no balance', async () => {
      const user = await member(ctx);
      await create(user, { supplier_id: openaiSupplier, key: USER_KEY });
      expect(await check(user, `channel_type=1&base_url=${encodeURIComponent(upstream.url)}`)).toMatchObject({ success: false, message: NO_BALANCE_SUPPORT });
    });
  });
});
