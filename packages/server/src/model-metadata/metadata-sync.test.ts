import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type ModelMetaView, type SyncPreview, type SyncResult } from '@gw/contracts';
import { countRows, createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { callJson } from '../users/users.test-helpers.js';
import { startFakeRatioUpstream, type FakeRatioUpstream } from '../pricing/ratio-sync/fake-ratio-upstream.test-helpers.js';

const MODELS = '/meta/api/newapi/models.json';
const VENDORS = '/meta/api/newapi/vendors.json';

/** The official lists as basellm publishes them for new-api: an envelope of models, a bare array of vendors. */
const officialModels = {
  success: true,
  data: [
    { model_name: 'alpha-1', description: 'Alpha one', icon: 'Alpha.Color', tags: 'reasoning', vendor_name: 'Alpha AI', name_rule: 0, status: 1, context_length: 200000, endpoints: { openai: '/v1/chat/completions' } },
    { model_name: 'beta-2', description: 'official beta', icon: '', tags: 'fast', vendor_name: 'OpenAI', name_rule: 0, status: 1, max_output_tokens: 4096 },
    { model_name: 'gamma-3', description: 'official gamma', vendor_name: 'OpenAI', status: 1 },
    // Saved tags are trimmed and vendors are found in any case: no difference from the local entry.
    { model_name: 'eps-5', description: 'eps', tags: ' x , y ,', vendor_name: 'openai', status: 1 },
    { model_name: 'not-served', description: 'nobody serves it', vendor_name: 'Nobody' },
    { description: 'no name: left out' },
  ],
};
const officialVendors = [{ name: 'Alpha AI', description: 'makers of alpha', icon: 'https://cdn.example/alpha.png', status: 1 }];

describe.each(testDialects())('sync with the official model metadata (%s)', (dialect) => {
  let official: FakeRatioUpstream;
  let ctx: TestContext;
  let admin: Member;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => callJson(ctx, method, url, admin, body);
  const meta = async (name: string): Promise<ModelMetaView | undefined> =>
    ((await api('GET', `/api/models/search?keyword=${name}`)).data.items as ModelMetaView[]).find((m) => m.model_name === name);

  beforeAll(async () => {
    official = await startFakeRatioUpstream();
    official.answer(MODELS, { body: officialModels });
    official.answer(VENDORS, { body: officialVendors });
    ctx = await createTestContext(dialect, { syncUpstreamBase: `${official.url}/meta/` });
    await markSetupDone(ctx.db);
    admin = await member(ctx, { role: Role.Admin });
    await ctx.services.options.update([
      { key: 'fetch_setting.allow_private_ip', value: 'true' },
      { key: 'fetch_setting.allowed_ports', value: '[]' },
    ]);
    await ctx.services.options.set({ ModelRatio: { ...ctx.services.options.get('ModelRatio'), 'alpha-1': 1 } });
    await ctx.services.routing.createChannel({ type: 1, name: 'served', key: 'k', models: 'alpha-1,beta-2,gamma-3,eps-5,local-only', group: 'default', status: 1 });
    expect((await api('POST', '/api/models/', { model_name: 'beta-2', description: 'my beta', tags: 'fast' })).success).toBe(true);
    expect((await api('POST', '/api/models/', { model_name: 'gamma-3', description: 'my gamma', sync_official: 0 })).success).toBe(true);
    const openai = (await api('GET', '/api/vendors/search?keyword=openai')).data.items[0] as { id: number };
    expect((await api('POST', '/api/models/', { model_name: 'eps-5', description: 'eps', tags: 'x,y', vendor_id: openai.id })).success).toBe(true);
  });
  afterAll(async () => {
    await ctx?.close();
    await official?.close();
  });

  it('previews the served models the official list describes and where followed entries differ from it', async () => {
    const res = await api('GET', '/api/models/sync_upstream/preview');
    expect(res.message).toBe('');
    const preview = res.data as SyncPreview;
    expect(preview.missing).toEqual(['alpha-1']);
    expect(preview.conflicts).toEqual([
      {
        model_name: 'beta-2',
        fields: [
          { field: 'description', local: 'my beta', upstream: 'official beta' },
          { field: 'vendor', local: '', upstream: 'OpenAI' },
          { field: 'max_output_tokens', local: 0, upstream: 4096 },
        ],
      },
    ]);
    expect(preview.source).toEqual({ locale: '', models_url: `${official.url}/meta/api/newapi/models.json`, vendors_url: `${official.url}/meta/api/newapi/vendors.json` });
  });

  it('creates the missing models with their vendors and overwrites only the chosen fields of followed entries', async () => {
    const vendorsBefore = await countRows(ctx.db, 'vendors');
    const res = await api('POST', '/api/models/sync_upstream', { overwrite: [{ model_name: 'beta-2', fields: ['Description', 'vendor'] }, { model_name: 'gamma-3', fields: ['description'] }] });
    expect(res.message).toBe('');
    const result = res.data as SyncResult;
    // gamma-3 keeps its own values (sync_official 0): its overwrite is skipped, as is local-only, which the list lacks.
    expect(result).toMatchObject({ created_models: 1, created_vendors: 1, updated_models: 1, created_list: ['alpha-1'], updated_list: ['beta-2'], skipped_models: ['local-only', 'gamma-3'] });
    expect(await countRows(ctx.db, 'vendors')).toBe(vendorsBefore + 1);

    const alpha = await meta('alpha-1');
    const alphaVendor = (await api('GET', `/api/vendors/${alpha?.vendor_id}`)).data;
    expect(alphaVendor).toMatchObject({ name: 'Alpha AI', description: 'makers of alpha', icon: 'https://cdn.example/alpha.png', status: 1 });
    expect(alpha).toMatchObject({ description: 'Alpha one', icon: 'Alpha.Color', tags: 'reasoning', context_length: 200000, sync_official: 1, status: 1 });
    expect(JSON.parse(alpha!.endpoints)).toEqual({ openai: '/v1/chat/completions' });

    const beta = await meta('beta-2');
    const openai = (await api('GET', '/api/vendors/search?keyword=openai')).data.items[0];
    expect(beta).toMatchObject({ description: 'official beta', vendor_id: openai.id, max_output_tokens: 0 });
    // An entry that does not follow the official list is left alone.
    expect((await meta('gamma-3'))?.description).toBe('my gamma');

    const pricing = (await callJson(ctx, 'GET', '/api/pricing')) as unknown as { data: { model_name: string; description?: string }[] };
    expect(pricing.data.find((e) => e.model_name === 'alpha-1')?.description).toBe('Alpha one');
  });

  it('asks nothing of the official site when there is nothing to create or overwrite', async () => {
    await api('POST', '/api/models/', { model_name: 'local-only' });
    const asked = official.requests.length;
    const res = await api('POST', '/api/models/sync_upstream', {});
    expect(res.data).toMatchObject({ created_models: 0, updated_models: 0, created_list: [] });
    expect(official.requests.length).toBe(asked);
  });

  it('reads a locale’s lists, and refuses an unknown locale', async () => {
    official.answer('/meta/api/i18n/zh-CN/newapi/models.json', { body: officialModels.data });
    const res = await api('GET', '/api/models/sync_upstream/preview?locale=ZH-cn');
    expect(res.data.source.locale).toBe('zh-CN');
    expect(official.requests).toContain('/meta/api/i18n/zh-CN/newapi/models.json');
    expect(await api('GET', '/api/models/sync_upstream/preview?locale=fr')).toMatchObject({ success: false, message: 'locale must be one of en, zh-CN, zh-TW, ja' });
    expect(await api('POST', '/api/models/sync_upstream', { overwrite: [{ model_name: 'beta-2', fields: ['price'] }] })).toMatchObject({ success: false });
  });

  it('says why when the official list cannot be read, and writes nothing', async () => {
    await api('PUT', '/api/models/?status_only=true', { id: (await meta('beta-2'))!.id, status: 1 });
    const before = await countRows(ctx.db, 'model_metadata');
    official.answer(MODELS, { status: 503, body: { success: false } });
    const failed = await api('POST', '/api/models/sync_upstream', { overwrite: [{ model_name: 'beta-2', fields: ['tags'] }] });
    expect(failed).toMatchObject({ success: false, message: `could not read the official model list at ${official.url}/meta/api/newapi/models.json: the server answered HTTP 503` });
    official.answer(MODELS, { body: '<html>not json</html>' });
    expect((await api('GET', '/api/models/sync_upstream/preview')).message).toContain('the answer is not JSON');
    expect(await countRows(ctx.db, 'model_metadata')).toBe(before);

    // The fetch policy applies: a private address is refused unless allowed.
    official.answer(MODELS, { body: officialModels });
    await ctx.services.options.update([{ key: 'fetch_setting.allow_private_ip', value: 'false' }]);
    try {
      const refused = await api('GET', '/api/models/sync_upstream/preview');
      expect(refused.success).toBe(false);
      expect(refused.message).toContain('could not read the official model list');
    } finally {
      await ctx.services.options.update([{ key: 'fetch_setting.allow_private_ip', value: 'true' }]);
    }
  });
});
