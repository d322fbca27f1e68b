import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_NAME_TAKEN, Role, type ModelHubEntry, type PricingEntry } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { UNSET_MODEL_RATIO } from '../billing/default-ratios.js';

/** A chat model's endpoint types: the gateway converts between the four chat surfaces; its channels' native one first. */
const CHAT = ['openai', 'openai-response', 'anthropic', 'gemini'];
const CLAUDE_FIRST = ['anthropic', 'openai', 'openai-response', 'gemini'];

describe.each(testDialects())('pricing, model lists and model hub (%s)', (dialect) => {
  let ctx: TestContext;
  let admin: Member;
  let alice: Member;
  let svipUser: Member;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    admin = await member(ctx, { role: Role.Admin });
    alice = await member(ctx);
    svipUser = await member(ctx, { group: 'svip' });
    await ctx.services.options.set({
      GroupRatio: { default: 1, vip: 0.8, svip: 0.5 },
      UserUsableGroups: { default: 'Default group', vip: 'VIP group' },
      ModelRatio: { 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075, 'acme-chat': 1.5, 'ghost-model': 1 },
      CompletionRatio: { 'acme-chat': 5 },
      ModelPrice: { mj_imagine: 0.1 },
    });
    const routing = ctx.services.routing;
    await routing.createChannel({ type: 1, name: 'openai', key: 'k1', models: 'gpt-4o,gpt-4o-mini', group: 'default,vip', status: 1 });
    await routing.createChannel({ type: 14, name: 'acme', key: 'k2', models: 'acme-chat', group: 'vip', status: 1 });
    await routing.createChannel({ type: 1, name: 'off', key: 'k3', models: 'ghost-model', group: 'default', status: 2 });
    await routing.createChannel({ type: 8, name: 'custom', key: 'k4', models: 'mj_imagine,unpriced-model', group: 'svip', status: 1 });
  });
  afterAll(() => ctx?.close());

  describe('GET /api/pricing', () => {
    it('lists the priced models that an enabled channel serves, with their groups, for anonymous callers', async () => {
      const res = await call(ctx, 'GET', '/api/pricing');
      expect(res.statusCode).toBe(200);
      const body = json(res) as ReturnType<typeof json> & { group_ratio: unknown; usable_group: unknown; vendors: unknown; supported_endpoint: unknown };
      expect(body.success).toBe(true);
      const openai = await ctx.db.selectFrom('vendors').select('id').where('name', '=', 'OpenAI').executeTakeFirstOrThrow();
      expect(body.data as PricingEntry[]).toEqual([
        { model_name: 'acme-chat', quota_type: 0, model_ratio: 1.5, completion_ratio: 5, model_price: 0, enable_groups: ['vip'], supported_endpoint_types: CLAUDE_FIRST },
        { model_name: 'gpt-4o', quota_type: 0, model_ratio: 1.25, completion_ratio: 4, model_price: 0, enable_groups: ['default', 'vip'], supported_endpoint_types: CHAT, vendor_id: openai.id, cache_ratio: 0.5 },
        { model_name: 'gpt-4o-mini', quota_type: 0, model_ratio: 0.075, completion_ratio: 4, model_price: 0, enable_groups: ['default', 'vip'], supported_endpoint_types: CHAT, vendor_id: openai.id, cache_ratio: 0.5 },
        { model_name: 'mj_imagine', quota_type: 1, model_ratio: 0, completion_ratio: 0, model_price: 0.1, enable_groups: ['svip'], supported_endpoint_types: CHAT },
      ]);
      expect(body.group_ratio).toEqual({ default: 1, vip: 0.8 });
      expect(body.usable_group).toEqual({ default: 'Default group', vip: 'VIP group' });
      expect(body.vendors).toEqual([{ id: openai.id, name: 'OpenAI' }]);
      expect(body.supported_endpoint).toEqual({
        openai: { path: '/v1/chat/completions', method: 'POST' },
        'openai-response': { path: '/v1/responses', method: 'POST' },
        anthropic: { path: '/v1/messages', method: 'POST' },
        gemini: { path: '/v1beta/models/{model}:generateContent', method: 'POST' },
      });
    });

    it('adds what a per-token model prices apart from text: cache reads, audio, image input and its long-context tier', async () => {
      const options = ctx.services.options;
      const saved = {
        AudioRatio: options.get('AudioRatio'), AudioCompletionRatio: options.get('AudioCompletionRatio'), ImageRatio: options.get('ImageRatio'),
        LongContextPrice: options.get('LongContextPrice'), CacheRatio: options.get('CacheRatio'),
      };
      await options.set({
        AudioRatio: { ...saved.AudioRatio, 'acme-chat': 8 },
        AudioCompletionRatio: { ...saved.AudioCompletionRatio, 'acme-chat': 2 },
        ImageRatio: { ...saved.ImageRatio, 'acme-chat': 2.5 },
        LongContextPrice: { ...saved.LongContextPrice, 'acme-chat': { threshold: 128000, input: 2, output: 1.5 } },
        CacheRatio: { ...options.get('CacheRatio'), 'acme-chat': 0.1 },
      });
      try {
        const data = json(await call(ctx, 'GET', '/api/pricing')).data as PricingEntry[];
        expect(data.find((e) => e.model_name === 'acme-chat')).toEqual({
          model_name: 'acme-chat', quota_type: 0, model_ratio: 1.5, completion_ratio: 5, model_price: 0, enable_groups: ['vip'], supported_endpoint_types: CLAUDE_FIRST,
          cache_ratio: 0.1, audio_ratio: 8, audio_completion_ratio: 2, image_ratio: 2.5, long_context: { threshold: 128000, input: 2, output: 1.5 },
        });
      } finally {
        await options.set(saved);
      }
    });

    it('lists the groups an auto key of the caller tries, in order', async () => {
      const saved = ctx.services.options.get('AutoGroups');
      await ctx.services.options.set({ AutoGroups: ['svip', 'vip', 'nowhere', 'default'] });
      try {
        expect(((await callJson(ctx, 'GET', '/api/pricing')) as Record<string, unknown>).auto_groups).toEqual(['vip', 'default']);
        expect(((await callJson(ctx, 'GET', '/api/pricing', svipUser)) as Record<string, unknown>).auto_groups).toEqual(['svip', 'vip', 'default']);
      } finally {
        await ctx.services.options.set({ AutoGroups: saved });
      }
    });

    it('adds the signed-in user\'s own group to the usable groups', async () => {
      const body = (await callJson(ctx, 'GET', '/api/pricing', svipUser)) as Record<string, unknown>;
      expect(body.group_ratio).toEqual({ default: 1, vip: 0.8, svip: 0.5 });
      expect(body.usable_group).toEqual({ default: 'Default group', vip: 'VIP group', svip: 'svip' });
    });

    it('shows unpriced models at the assumed ratio in self-use mode or to a user who accepts them', async () => {
      const unpriced = (data: PricingEntry[]) => data.find((e) => e.model_name === 'unpriced-model');
      await ctx.services.options.set({ SelfUseModeEnabled: true });
      try {
        expect(unpriced((await callJson(ctx, 'GET', '/api/pricing')).data)).toEqual({
          model_name: 'unpriced-model', quota_type: 0, model_ratio: UNSET_MODEL_RATIO, completion_ratio: 1, model_price: 0, enable_groups: ['svip'],
          supported_endpoint_types: CHAT,
        });
      } finally {
        await ctx.services.options.set({ SelfUseModeEnabled: false });
      }
      expect(unpriced((await callJson(ctx, 'GET', '/api/pricing', alice)).data)).toBeUndefined();
      await ctx.db.updateTable('users').set({ setting: JSON.stringify({ accept_unset_model_ratio_model: true }) }).where('id', '=', alice.id).execute();
      expect(unpriced((await callJson(ctx, 'GET', '/api/pricing', alice)).data)?.model_ratio).toBe(UNSET_MODEL_RATIO);
      expect(unpriced((await callJson(ctx, 'GET', '/api/pricing')).data)).toBeUndefined();
    });

    it('follows channel changes at once', async () => {
      const id = await ctx.services.routing.createChannel({ type: 1, name: 'late', key: 'k5', models: 'gpt-4o', group: 'svip', status: 1 });
      const entry = (await callJson(ctx, 'GET', '/api/pricing')).data.find((e: PricingEntry) => e.model_name === 'gpt-4o');
      expect(entry.enable_groups).toEqual(['default', 'svip', 'vip']);
      await ctx.services.routing.disableChannel(id);
      const after = (await callJson(ctx, 'GET', '/api/pricing')).data.find((e: PricingEntry) => e.model_name === 'gpt-4o');
      expect(after.enable_groups).toEqual(['default', 'vip']);
    });
  });

  describe('model lists', () => {
    it('GET /api/user/models gives the models of every group the user may use, sorted', async () => {
      expect((await callJson(ctx, 'GET', '/api/user/models', alice)).data).toEqual(['acme-chat', 'gpt-4o', 'gpt-4o-mini']);
      expect((await callJson(ctx, 'GET', '/api/user/models', svipUser)).data).toEqual(['acme-chat', 'gpt-4o', 'gpt-4o-mini', 'mj_imagine', 'unpriced-model']);
      expect((await call(ctx, 'GET', '/api/user/models')).statusCode).toBe(401);
    });

    it('GET /api/models maps channel types to known model names', async () => {
      const map = (await callJson(ctx, 'GET', '/api/models', alice)).data as Record<string, string[]>;
      expect(map['1']).toEqual(['gpt-4o', 'gpt-4o-mini']);
      expect(map['3']).toEqual(['gpt-4o', 'gpt-4o-mini']);
      expect(map['14']).toEqual(['acme-chat']);
      expect(map['8']).toEqual(['mj_imagine', 'unpriced-model']);
      expect(map['2']).toEqual(['mj_imagine']);
      expect((await call(ctx, 'GET', '/api/models')).statusCode).toBe(401);
    });
  });

  describe('model hub', () => {
    const save = (body: unknown, who: Member = admin) => callJson(ctx, 'PUT', '/api/model_hub/admin/', who, body);
    const adminList = async () => (await callJson(ctx, 'GET', '/api/model_hub/admin/', admin)).data as ModelHubEntry[];
    const byName = async (name: string) => (await adminList()).find((e) => e.name === name);

    it('creates entries, shows hidden ones only to administrators, and lists by sort', async () => {
      const res = await save({
        entries: [
          { name: 'gpt-4o', price: 0, ratio: 1.25, completionRatio: 4, model_type: 'iti,tti', tags: ['Hot', 'New'], multimodal: true, sort: 2, desc: 'Flagship', max_token: 128000, icon: 'data:image/png;base64,AAAA' },
          { name: 'secret-model', hide: true, sort: 1 },
          { name: 'acme-chat', sort: 3, models: ['acme-chat', 'acme-chat-latest'] },
        ],
      });
      expect(res.success, res.message).toBe(true);
      expect((res.data as ModelHubEntry[]).map((e) => e.name)).toEqual(['secret-model', 'gpt-4o', 'acme-chat']);
      const entry = await byName('gpt-4o');
      expect(entry).toMatchObject({ ratio: 1.25, completion_ratio: 4, model_type: 'iti,tti', tags: 'Hot,New', multimodal: true, hide: false, desc: 'Flagship', max_token: 128000, icon: 'data:image/png;base64,AAAA' });
      expect(await byName('acme-chat')).toMatchObject({ models: 'acme-chat,acme-chat-latest', ratio: 0, hide: false, desc: '' });

      const pub = await callJson(ctx, 'GET', '/api/model_hub/');
      expect(pub.data.map((e: ModelHubEntry) => e.name)).toEqual(['gpt-4o', 'acme-chat']);
    });

    it('updates by id, keeping the fields a save leaves out, and deletes by id', async () => {
      const entry = (await byName('gpt-4o'))!;
      const secret = (await byName('secret-model'))!;
      const res = await save({ entries: [{ id: entry.id, name: 'gpt-4o', desc: 'Updated', hide: 1 }], delete: [secret.id] });
      expect(res.success, res.message).toBe(true);
      expect(await byName('gpt-4o')).toMatchObject({ desc: 'Updated', hide: true, ratio: 1.25, max_token: 128000, tags: 'Hot,New' });
      expect(await byName('secret-model')).toBeUndefined();
      expect((await callJson(ctx, 'GET', '/api/model_hub/')).data.map((e: ModelHubEntry) => e.name)).toEqual(['acme-chat']);
    });

    it('refuses a name that another entry keeps, and changes nothing', async () => {
      const before = await adminList();
      const acme = before.find((e) => e.name === 'acme-chat')!;
      for (const body of [
        { entries: [{ id: acme.id, name: 'gpt-4o' }] },
        { entries: [{ name: 'acme-chat' }] },
        { entries: [{ name: 'twin' }, { name: 'twin' }] },
        { entries: [{ name: 'fresh', desc: 'x' }, { id: acme.id, name: 'gpt-4o' }] },
      ]) {
        expect(await save(body), JSON.stringify(body)).toMatchObject({ success: false, message: MODEL_NAME_TAKEN });
      }
      expect(await adminList()).toEqual(before);
    });

    it('lets two entries swap names in one save, and frees a deleted entry\'s name', async () => {
      const gpt = (await byName('gpt-4o'))!;
      const acme = (await byName('acme-chat'))!;
      expect((await save({ entries: [{ id: gpt.id, name: 'acme-chat' }, { id: acme.id, name: 'gpt-4o' }] })).success).toBe(true);
      expect((await byName('acme-chat'))!.id).toBe(gpt.id);
      expect((await byName('gpt-4o'))!.id).toBe(acme.id);
      const res = await save({ entries: [{ name: 'gpt-4o', desc: 'reborn' }], delete: [acme.id] });
      expect(res.success, res.message).toBe(true);
      expect(await byName('gpt-4o')).toMatchObject({ desc: 'reborn' });
    });

    it('validates fields and ids, naming the field', async () => {
      const cases: [unknown, RegExp][] = [
        [{ entries: [{ name: '  ' }] }, /model name is required/],
        [{ entries: [{ name: 'x', price: -1 }] }, /price must not be negative/],
        [{ entries: [{ name: 'x', model_type: 'video' }] }, /model_type must be a comma list/],
        [{ entries: [{ name: 'x', max_token: 1.5 }] }, /max_token must be an integer/],
        [{ entries: [{ name: 'x', hide: 'maybe' }] }, /hide/],
        [{ entries: [{ id: 999999, name: 'x' }] }, /model hub entry 999999 not found/],
        [{ delete: [999999] }, /model hub entry 999999 not found/],
        [{ entries: 'nope' }, /entries must be a list/],
      ];
      const before = await adminList();
      for (const [body, message] of cases) {
        const res = await save(body);
        expect(res.success, JSON.stringify(body)).toBe(false);
        expect(res.message, JSON.stringify(body)).toMatch(message);
      }
      expect(await adminList()).toEqual(before);
    });

    it('takes a bare array as the entries to save', async () => {
      expect((await save([{ name: 'bare-entry' }])).success).toBe(true);
      expect(await byName('bare-entry')).toBeDefined();
    });

    it('keeps the editor to administrators', async () => {
      expect((await call(ctx, 'GET', '/api/model_hub/admin/', alice)).statusCode).toBe(403);
      expect((await call(ctx, 'PUT', '/api/model_hub/admin/', alice, { entries: [{ name: 'hack' }] })).statusCode).toBe(403);
      expect((await call(ctx, 'PUT', '/api/model_hub/admin/', undefined, { entries: [{ name: 'hack' }] })).statusCode).toBe(401);
      expect(await byName('hack')).toBeUndefined();
    });
  });
});
