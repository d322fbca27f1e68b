import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATIO_SYNC_FIELDS, Role } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, signIn, type SignedIn, type TestContext } from '../../../test/test-app.js';
import { testDialects } from '../../../test/test-database.js';
import { channelsRepository } from '../../channels/channels.repository.js';
import { startFakeRatioUpstream, type FakeRatioUpstream } from './fake-ratio-upstream.test-helpers.js';

const CHANNEL_KEY = 'sk-ratio-sync-secret-key';

/** This site's prices in the tests: small maps instead of the shipped tables. */
const LOCAL = {
  ModelRatio: { shared: 1, differs: 2, local_only: 3 },
  CompletionRatio: { shared: 2, differs: 2 },
  ModelPrice: { per_call: 0.01 },
  CacheRatio: {},
  CreateCacheRatio: {},
  ImageRatio: {},
  AudioRatio: {},
  AudioCompletionRatio: {},
};

/** Another gateway's GET /api/ratio_config. */
const RATIO_CONFIG_ANSWER = {
  success: true,
  message: '',
  data: {
    model_ratio: { shared: 1, differs: 2.5, new_model: 4 },
    completion_ratio: { shared: 2, differs: 2, new_model: 3 },
    cache_ratio: { shared: 0.5 },
    model_price: { per_call: 0.01 },
  },
};

/** Another gateway's GET /api/pricing (a list; an unpriced model shown at ratio 37.5 in self-use mode). */
const PRICING_ANSWER = {
  success: true,
  data: [
    { model_name: 'shared', quota_type: 0, model_ratio: 1, completion_ratio: 2, model_price: 0, enable_groups: ['default'] },
    { model_name: 'differs', quota_type: 0, model_ratio: 2, completion_ratio: 2, model_price: 0, enable_groups: ['default'] },
    { model_name: 'per_call', quota_type: 1, model_ratio: 0, completion_ratio: 0, model_price: 0.02, enable_groups: ['default'] },
    { model_name: 'self_use', quota_type: 0, model_ratio: 37.5, completion_ratio: 1, model_price: 0, enable_groups: ['default'] },
  ],
  group_ratio: { default: 1 },
  usable_group: { default: 'default' },
};

async function closedPort(): Promise<number> {
  const fake = await startFakeRatioUpstream();
  await fake.close();
  return fake.port;
}

describe.each(testDialects())('upstream ratio sync (%s)', (dialect) => {
  let ctx: TestContext;
  let root: SignedIn;
  let admin: SignedIn;
  let config: FakeRatioUpstream;
  let pricing: FakeRatioUpstream;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await signIn(ctx.app, await createUser(ctx.db, { role: Role.Root }));
    admin = await signIn(ctx.app, await createUser(ctx.db, { role: Role.Admin }));
    [config, pricing] = await Promise.all([startFakeRatioUpstream(), startFakeRatioUpstream()]);
    config.answer('/api/ratio_config', { body: RATIO_CONFIG_ANSWER });
    pricing.answer('/api/pricing', { body: PRICING_ANSWER });
    await ctx.services.options.update(Object.entries(LOCAL).map(([key, value]) => ({ key, value: JSON.stringify(value) })));
  });
  afterAll(async () => {
    await Promise.all([config?.close(), pricing?.close()]);
    await ctx?.close();
  });

  const put = async (key: string, value: unknown) => json(await ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: root.headers, payload: { key, value } }));
  const ratioConfig = () => ctx.app.inject({ method: 'GET', url: '/api/ratio_config' });
  const fetchRatios = async (payload: unknown, who: SignedIn = root) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/ratio_sync/fetch', headers: who.headers, payload: payload as object });
    expect(res.statusCode).toBe(200);
    return json(res);
  };
  /** Lets the test servers on 127.0.0.1 through the SSRF protection (every port). */
  const allowLocalUpstreams = () => ctx.services.options.update([
    { key: 'fetch_setting.allow_private_ip', value: 'true' },
    { key: 'fetch_setting.allowed_ports', value: '[]' },
  ]);
  const restoreFetchDefaults = () => ctx.services.options.update([
    { key: 'fetch_setting.allow_private_ip', value: 'false' },
    { key: 'fetch_setting.allowed_ports', value: JSON.stringify(['80', '443', '8080', '8443']) },
  ]);

  describe('GET /api/ratio_config', () => {
    it('answers success:false while ExposeRatioEnabled is off (the default)', async () => {
      const res = await ratioConfig();
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ success: false, message: expect.stringContaining('ExposeRatioEnabled is off') });
      expect(json(res).data).toBeUndefined();
    });

    it('publishes the price maps in new-api\'s field names once switched on', async () => {
      expect((await put('ExposeRatioEnabled', true)).success).toBe(true);
      try {
        const body = json(await ratioConfig());
        expect(body.success).toBe(true);
        expect(Object.keys(body.data).sort()).toEqual([...RATIO_SYNC_FIELDS].sort());
        expect(body.data).toMatchObject({ model_ratio: LOCAL.ModelRatio, completion_ratio: LOCAL.CompletionRatio, model_price: LOCAL.ModelPrice, cache_ratio: {} });
      } finally {
        await put('ExposeRatioEnabled', false);
      }
      expect(json(await ratioConfig()).success).toBe(false);
    });
  });

  describe('GET /api/ratio_sync/channels', () => {
    it('lists channels with a base URL and the presets, never a key, for root only', async () => {
      const base = { key: CHANNEL_KEY, models: 'm', other: null, model_mapping: null, status_code_mapping: null, other_info: null, tag: null, setting: null, param_override: null };
      const withUrl = await channelsRepository.insert(ctx.db, { ...base, name: 'peer gateway', type: 1, base_url: pricing.url });
      await channelsRepository.insert(ctx.db, { ...base, name: 'official openai', type: 1, base_url: '' });
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ratio_sync/channels', headers: root.headers });
      expect(res.body).not.toContain(CHANNEL_KEY);
      const body = json(res);
      expect(body.data).toContainEqual({ id: withUrl, name: 'peer gateway', base_url: pricing.url, status: 1, type: 1 });
      expect(body.data.map((c: { name: string }) => c.name)).not.toContain('official openai');
      expect(body.data.filter((c: { id: number }) => c.id < 0).map((c: { id: number }) => c.id)).toEqual([-100, -101]);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/ratio_sync/channels', headers: admin.headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/ratio_sync/channels' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/ratio_sync/fetch', () => {
    beforeEach(allowLocalUpstreams);
    afterAll(restoreFetchDefaults);

    it('compares a ratio_config answer and a pricing answer with the local prices', async () => {
      const body = await fetchRatios({
        upstreams: [
          { name: 'peer-config', base_url: config.url, endpoint: '/api/ratio_config' },
          { name: 'peer-pricing', base_url: `${pricing.url}/` },
        ],
        timeout: 5,
      });
      expect(body.success).toBe(true);
      expect(body.data.test_results).toEqual([
        { name: 'peer-config', status: 'success' },
        { name: 'peer-pricing', status: 'success' },
      ]);
      const trusted = { 'peer-config': true, 'peer-pricing': true };
      expect(body.data.differences).toEqual({
        differs: { model_ratio: { current: 2, upstreams: { 'peer-config': 2.5, 'peer-pricing': 'same' }, confidence: trusted } },
        new_model: {
          model_ratio: { current: null, upstreams: { 'peer-config': 4, 'peer-pricing': 'same' }, confidence: trusted },
          completion_ratio: { current: null, upstreams: { 'peer-config': 3, 'peer-pricing': 'same' }, confidence: trusted },
        },
        per_call: { model_price: { current: 0.01, upstreams: { 'peer-config': 'same', 'peer-pricing': 0.02 }, confidence: trusted } },
        self_use: {
          model_ratio: { current: null, upstreams: { 'peer-config': 'same', 'peer-pricing': 37.5 }, confidence: { 'peer-config': true, 'peer-pricing': false } },
          completion_ratio: { current: null, upstreams: { 'peer-config': 'same', 'peer-pricing': 1 }, confidence: { 'peer-config': true, 'peer-pricing': false } },
        },
        shared: { cache_ratio: { current: null, upstreams: { 'peer-config': 0.5, 'peer-pricing': 'same' }, confidence: trusted } },
      });
      expect(config.requests.at(-1)).toBe('/api/ratio_config');
      expect(pricing.requests.at(-1)).toBe('/api/pricing');
    });

    it('gives each unreachable, slow, malformed or refusing upstream an error entry and still compares the rest', async () => {
      config.answer('/slow', { body: RATIO_CONFIG_ANSWER, delayMs: 3000 });
      config.answer('/page', { body: '<html>not json</html>' });
      config.answer('/broken', { status: 500, body: { success: false } });
      config.answer('/disabled', { body: { success: false, message: 'feature disabled' } });
      config.answer('/odd', { body: { success: true, data: { hello: 'world' } } });
      const up = (name: string, endpoint: string, base_url = config.url) => ({ name, base_url, endpoint });
      const started = Date.now();
      const body = await fetchRatios({
        upstreams: [
          up('good', '/api/ratio_config'),
          up('down', '/api/ratio_config', `http://127.0.0.1:${await closedPort()}`),
          up('slow', '/slow'),
          up('html', '/page'),
          up('broken', '/broken'),
          up('disabled', '/disabled'),
          up('odd', '/odd'),
          up('router', 'openrouter'),
        ],
        timeout: 1,
      });
      expect(Date.now() - started).toBeLessThan(2900);
      expect(body.success).toBe(true);
      expect(body.data.test_results).toEqual([
        { name: 'good', status: 'success' },
        { name: 'down', status: 'error', error: 'the connection was refused' },
        { name: 'slow', status: 'error', error: 'no answer within 1000 ms' },
        { name: 'html', status: 'error', error: 'the answer is not JSON' },
        { name: 'broken', status: 'error', error: 'the server answered HTTP 500' },
        { name: 'disabled', status: 'error', error: 'the upstream refused: feature disabled' },
        { name: 'odd', status: 'error', error: 'the answer holds neither price maps (/api/ratio_config) nor a price list (/api/pricing)' },
        { name: 'router', status: 'error', error: 'the server answered HTTP 404' },
      ]);
      expect(body.data.differences.differs.model_ratio).toEqual({ current: 2, upstreams: { good: 2.5 }, confidence: { good: true } });
    });

    it('reads OpenRouter\'s model list for the "openrouter" endpoint, its per-token USD prices as ratios', async () => {
      config.answer('/api/v1/models', {
        body: { data: [{ id: 'differs', pricing: { prompt: '0.000005', completion: '0.00002', input_cache_read: '0.0000025' } }, { id: 'openrouter/auto', pricing: { prompt: '-1', completion: '-1' } }] },
      });
      const body = await fetchRatios({ upstreams: [{ name: 'or', base_url: `${config.url}/api`, endpoint: 'openrouter' }] });
      expect(body.data.test_results).toEqual([{ name: 'or', status: 'success' }]);
      expect(config.requests.at(-1)).toBe('/api/v1/models');
      expect(body.data.differences.differs.model_ratio.upstreams).toEqual({ or: 2.5 });
      expect(body.data.differences.differs.completion_ratio.upstreams).toEqual({ or: 4 });
      expect(JSON.stringify(body.data.differences)).not.toContain('openrouter/auto');
    });

    it('refuses 127.0.0.1 under the default SSRF settings, without connecting', async () => {
      await restoreFetchDefaults();
      const before = config.requests.length;
      const body = await fetchRatios({ upstreams: [{ name: 'local', base_url: config.url, endpoint: '/api/ratio_config' }] });
      expect(body.data.test_results).toEqual([{ name: 'local', status: 'error', error: `refused by the SSRF protection: port ${config.port} is not allowed` }]);
      await ctx.services.options.update([{ key: 'fetch_setting.allowed_ports', value: JSON.stringify([String(config.port)]) }]);
      const again = await fetchRatios({ upstreams: [{ name: 'local', base_url: config.url, endpoint: '/api/ratio_config' }] });
      expect(again.data.test_results).toEqual([{ name: 'local', status: 'error', error: 'refused by the SSRF protection: 127.0.0.1 is a private or internal address' }]);
      expect(again.data.differences).toEqual({});
      expect(config.requests.length).toBe(before);
    });

    it('reads channels by id at /api/pricing, named name(id), and the presets by their negative ids', async () => {
      const base = { key: CHANNEL_KEY, models: 'm', other: null, model_mapping: null, status_code_mapping: null, other_info: null, tag: null, setting: null, param_override: null };
      const id = await channelsRepository.insert(ctx.db, { ...base, name: 'by-id', type: 1, base_url: pricing.url });
      const noUrl = await channelsRepository.insert(ctx.db, { ...base, name: 'no-url', type: 1, base_url: '' });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/ratio_sync/fetch', headers: root.headers, payload: { channel_ids: [id, noUrl] } });
      expect(res.body).not.toContain(CHANNEL_KEY);
      const body = json(res);
      expect(body.data.test_results).toEqual([{ name: `by-id(${id})`, status: 'success' }]);
      expect(body.data.differences.per_call.model_price.upstreams).toEqual({ [`by-id(${id})`]: 0.02 });

      // Upstreams in the body win over channel ids, as in new-api.
      const both = await fetchRatios({ upstreams: [{ name: 'peer-config', base_url: config.url, endpoint: '/api/ratio_config' }], channel_ids: [id] });
      expect(both.data.test_results).toEqual([{ name: 'peer-config', status: 'success' }]);

      const none = await fetchRatios({ channel_ids: [noUrl, 999_999] });
      expect(none).toMatchObject({ success: false, message: 'none of the chosen channels exists with a base URL to fetch ratios from' });

      // The official preset lives on the public internet: refused here by a domain allow-list, before any connection.
      await ctx.services.options.update([{ key: 'fetch_setting.domain_filter_mode', value: 'true' }]);
      try {
        const preset = await fetchRatios({ channel_ids: [-100] });
        expect(preset.data.test_results).toEqual([{ name: 'Official ratio preset', status: 'error', error: 'refused by the SSRF protection: basellm.github.io is not on the domain allow-list' }]);
      } finally {
        await ctx.services.options.update([{ key: 'fetch_setting.domain_filter_mode', value: 'false' }]);
      }
    });

    it.each([
      [{}, 'choose at least one upstream or channel to fetch from'],
      [{ upstreams: [], channel_ids: [] }, 'choose at least one upstream or channel to fetch from'],
      [{ upstreams: 'all' }, 'upstreams: must be a list of {name, base_url, endpoint}'],
      [{ upstreams: [{ name: 'x', base_url: 'ftp://peer.example' }] }, 'upstreams.0.base_url: must be an http:// or https:// address'],
      [{ upstreams: [{ name: 'x', base_url: 'peer.example' }] }, 'upstreams.0.base_url: must be an http:// or https:// address'],
      [{ upstreams: [{ name: ' ', base_url: 'https://peer.example' }] }, 'upstreams.0.name: is required'],
      [{ upstreams: [{ name: 'x', base_url: 'https://peer.example', endpoint: 'https://' }] }, 'upstreams.0.endpoint: must be a path such as /api/ratio_config'],
      [{ upstreams: Array.from({ length: 21 }, (_, i) => ({ name: `u${i}`, base_url: 'https://peer.example' })) }, 'at most 20 upstreams can be fetched at once'],
      [{ upstreams: [{ name: 'x', base_url: 'https://a.example' }, { name: 'x', base_url: 'https://b.example' }] }, 'two upstreams are named "x"; give each its own name'],
      [{ channel_ids: 'all' }, 'channel_ids: must be a list of channel ids'],
      [{ channel_ids: [1], timeout: 0 }, 'timeout: must be between 1 and 60 seconds'],
      [{ channel_ids: [1], timeout: 61 }, 'timeout: must be between 1 and 60 seconds'],
      [{ channel_ids: [1], timeout: 'soon' }, 'timeout: must be a number of seconds'],
    ])('refuses the body %j with a clear message', async (payload, message) => {
      const body = await fetchRatios(payload);
      expect(body.success).toBe(false);
      expect(body.message).toContain(message);
    });

    it('is for root only', async () => {
      const payload = { upstreams: [{ name: 'x', base_url: config.url }] };
      expect((await ctx.app.inject({ method: 'POST', url: '/api/ratio_sync/fetch', headers: admin.headers, payload })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/ratio_sync/fetch', payload })).statusCode).toBe(401);
    });
  });
});

describe('GET /api/ratio_config rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { authRateLimitPerMinute: 2 });
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('answers HTTP 429 past the per-IP limit', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await ctx.app.inject({ method: 'GET', url: '/api/ratio_config' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
