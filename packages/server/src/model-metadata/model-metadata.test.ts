import { beforeAll, describe, expect, it } from 'vitest';
import {
  MODEL_META_NOT_FOUND, modelMetaNameTaken, unknownVendor, VENDOR_NOT_FOUND, vendorNameTaken,
  type ModelMetaPage, type ModelMetaView, type PricingEntry, type VendorView,
} from '@gw/contracts';
import { countRows, useSiteWithMembers } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { SEEDED_VENDORS } from '../db/migrations/2026_12_08_0027_model_metadata.js';

describe.each(testDialects())('model metadata and vendors (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect);

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callJson(site.ctx, method, url, site.admin, body);
  const createMeta = async (body: Record<string, unknown>): Promise<ModelMetaView> => {
    const res = await api('POST', '/api/models/', body);
    expect(res.message).toBe('');
    expect(res.success).toBe(true);
    return res.data;
  };
  const createVendor = async (body: Record<string, unknown>): Promise<VendorView> => {
    const res = await api('POST', '/api/vendors/', body);
    expect(res.success).toBe(true);
    return res.data;
  };
  const pricing = async () => (await callJson(site.ctx, 'GET', '/api/pricing')) as unknown as { data: PricingEntry[]; vendors: { id: number; name: string }[]; supported_endpoint: Record<string, unknown> };
  const priced = async (model: string) => (await pricing()).data.find((e) => e.model_name === model);

  beforeAll(async () => {
    await site.ctx.services.options.set({ ModelRatio: { ...site.ctx.services.options.get('ModelRatio'), 'acme-one': 1, 'acme-two': 2, 'zeta-chat': 1 }, ModelPrice: { 'acme-draw': 0.04 } });
    const routing = site.ctx.services.routing;
    await routing.createChannel({ type: 1, name: 'acme-main', key: 'k1', models: 'acme-one,acme-two,acme-draw', group: 'default,vip', status: 1 });
    await routing.createChannel({ type: 14, name: 'acme-claude', key: 'k2', models: 'acme-one', group: 'vip', status: 1 });
    await routing.createChannel({ type: 1, name: 'zeta', key: 'k3', models: 'zeta-chat', group: 'default', status: 1 });
    await routing.createChannel({ type: 1, name: 'off', key: 'k4', models: 'ghost-model', group: 'default', status: 2 });
  });

  describe('vendors', () => {
    it('starts with the default vendors, paged by id, and searches them', async () => {
      const first = await api('GET', '/api/vendors/?p=1&page_size=5');
      expect(first.success).toBe(true);
      expect(first.data.total).toBeGreaterThanOrEqual(SEEDED_VENDORS.length);
      expect(first.data.items.map((v: VendorView) => v.name)).toEqual(SEEDED_VENDORS.slice(0, 5));
      expect(first.data).toMatchObject({ page: 1, page_size: 5 });
      const found = await api('GET', '/api/vendors/search?keyword=anthro');
      expect(found.data.items.map((v: VendorView) => v.name)).toEqual(['Anthropic']);
      expect(Object.keys(found.data.items[0]).sort()).toEqual(['created_time', 'description', 'icon', 'id', 'name', 'status', 'updated_time']);
    });

    it('creates, edits by merging the given fields, and refuses a name another vendor has in any case', async () => {
      const acme = await createVendor({ name: '  Acme Labs ', description: 'makers of acme', icon: 'https://cdn.example/acme.png' });
      expect(acme).toMatchObject({ name: 'Acme Labs', description: 'makers of acme', icon: 'https://cdn.example/acme.png', status: 1 });
      expect((await api('GET', `/api/vendors/${acme.id}`)).data).toEqual(acme);

      const before = await countRows(site.ctx.db, 'vendors');
      const taken = await api('POST', '/api/vendors/', { name: 'ACME labs' });
      expect(taken).toMatchObject({ success: false, message: vendorNameTaken('ACME labs') });
      expect(await countRows(site.ctx.db, 'vendors')).toBe(before);

      const edited = await api('PUT', '/api/vendors/', { id: acme.id, description: 'acme models', status: 0 });
      expect(edited.data).toMatchObject({ id: acme.id, name: 'Acme Labs', description: 'acme models', icon: 'https://cdn.example/acme.png', status: 0 });
      // Its own name in another case is not a clash; OpenAI's name is.
      expect((await api('PUT', '/api/vendors/', { id: acme.id, name: 'ACME LABS', status: 1 })).data.name).toBe('ACME LABS');
      expect(await api('PUT', '/api/vendors/', { id: acme.id, name: 'openai' })).toMatchObject({ success: false, message: vendorNameTaken('openai') });
      expect((await api('GET', `/api/vendors/${acme.id}`)).data.name).toBe('ACME LABS');
    });

    it('refuses bad input with a clear message and changes nothing', async () => {
      const before = await countRows(site.ctx.db, 'vendors');
      expect(await api('POST', '/api/vendors/', { name: '  ' })).toMatchObject({ success: false, message: 'name is required' });
      expect(await api('POST', '/api/vendors/', { name: 'x'.repeat(129) })).toMatchObject({ success: false, message: 'name must be at most 128 characters' });
      expect(await api('POST', '/api/vendors/', { name: 'ok', status: 7 })).toMatchObject({ success: false, message: 'status must be 0 or 1' });
      expect(await api('PUT', '/api/vendors/', { name: 'no id' })).toMatchObject({ success: false, message: 'id is required' });
      expect(await api('PUT', '/api/vendors/', { id: 999_999, name: 'nobody' })).toMatchObject({ success: false, message: VENDOR_NOT_FOUND });
      expect(await api('GET', '/api/vendors/999999')).toMatchObject({ success: false, message: VENDOR_NOT_FOUND });
      expect(await api('GET', '/api/vendors/abc')).toMatchObject({ success: false, message: 'id must be a positive integer' });
      expect(await api('DELETE', '/api/vendors/999999')).toMatchObject({ success: false, message: VENDOR_NOT_FOUND });
      expect(await countRows(site.ctx.db, 'vendors')).toBe(before);
    });

    it('keeps vendors and metadata to administrators', async () => {
      for (const [method, url] of [['GET', '/api/vendors/'], ['POST', '/api/vendors/'], ['GET', '/api/models/'], ['GET', '/api/models/missing'], ['POST', '/api/models/']] as const) {
        expect((await call(site.ctx, method, url, site.normal, {})).statusCode, `${method} ${url}`).toBe(403);
      }
      // Without the slash, GET /api/models is the signed-in user's catalogue (channel type → model names).
      const catalogue = await callJson(site.ctx, 'GET', '/api/models', site.normal);
      expect(catalogue.success).toBe(true);
      expect(catalogue.data['1']).toEqual(expect.arrayContaining(['acme-one', 'acme-two']));
      expect((await call(site.ctx, 'GET', '/api/models')).statusCode).toBe(401);
    });
  });

  describe('model metadata', () => {
    it('creates an entry with new-api’s fields, answers it with how the model is served, and lists it on the pricing page', async () => {
      const acme = await createVendor({ name: 'Acme' });
      const created = await createMeta({
        model_name: ' acme-one ', description: 'The first acme model', icon: 'Acme.Color', tags: ['fast', ' cheap ', ''], vendor_id: acme.id,
        context_length: 128000, max_output_tokens: 8192, knowledge_cutoff: '2025-06', release_date: '2025-09-01', parameter_count: '70B',
        input_modalities: 'text,image', output_modalities: 'text',
      });
      expect(created).toMatchObject({
        model_name: 'acme-one', description: 'The first acme model', icon: 'Acme.Color', tags: 'fast,cheap', vendor_id: acme.id, endpoints: '',
        context_length: 128000, max_output_tokens: 8192, knowledge_cutoff: '2025-06', release_date: '2025-09-01', parameter_count: '70B',
        input_modalities: 'text,image', output_modalities: 'text', status: 1, sync_official: 1, name_rule: 0,
        bound_channels: [{ name: 'acme-main', type: 1 }, { name: 'acme-claude', type: 14 }], enable_groups: ['default', 'vip'], quota_types: [0],
        supported_endpoint_types: ['openai', 'anthropic', 'openai-response', 'gemini'],
      });
      expect(created.created_time).toBeGreaterThan(0);
      expect((await api('GET', `/api/models/${created.id}`)).data).toEqual(created);

      const entry = await priced('acme-one');
      expect(entry).toMatchObject({
        description: 'The first acme model', icon: 'Acme.Color', tags: 'fast,cheap', vendor_id: acme.id, context_length: 128000, max_output_tokens: 8192,
        knowledge_cutoff: '2025-06', release_date: '2025-09-01', parameter_count: '70B', input_modalities: 'text,image', output_modalities: 'text',
      });
      expect((await pricing()).vendors).toContainEqual({ id: acme.id, name: 'Acme' });
    });

    it('keeps names unique exactly as written and refuses a taken one without writing', async () => {
      await createMeta({ model_name: 'Case-Model' });
      await createMeta({ model_name: 'case-model' });
      const before = await countRows(site.ctx.db, 'model_metadata');
      expect(await api('POST', '/api/models/', { model_name: 'Case-Model' })).toMatchObject({ success: false, message: modelMetaNameTaken('Case-Model') });
      expect(await countRows(site.ctx.db, 'model_metadata')).toBe(before);
    });

    it('refuses bad fields naming them, and writes nothing', async () => {
      const before = await countRows(site.ctx.db, 'model_metadata');
      const refused = async (body: Record<string, unknown>, message: string) =>
        expect(await api('POST', '/api/models/', { model_name: 'bad-input', ...body })).toMatchObject({ success: false, message });
      expect(await api('POST', '/api/models/', { description: 'no name' })).toMatchObject({ success: false, message: 'model_name is required' });
      await refused({ model_name: 'm'.repeat(129) }, 'model_name must be at most 128 characters');
      await refused({ name_rule: 9 }, 'name_rule must be 0 (exact), 1 (prefix), 2 (contains) or 3 (suffix)');
      await refused({ endpoints: '{"openai": ' }, 'endpoints must be a JSON object such as {"openai": "/v1/chat/completions"}');
      await refused({ endpoints: '["openai"]' }, 'endpoints must be a JSON object such as {"openai": "/v1/chat/completions"}');
      await refused({ endpoints: { openai: 5 } }, 'endpoints: endpoint "openai": each endpoint must be a path such as "/v1/chat/completions" or {"path": …, "method": "POST"}');
      await refused({ context_length: -1 }, 'context_length must not be negative');
      await refused({ max_output_tokens: 1.5 }, 'max_output_tokens must be a whole number');
      await refused({ status: 2 }, 'status must be 0 or 1');
      await refused({ tags: 'x'.repeat(256) }, 'tags must be at most 255 characters');
      await refused({ vendor_id: 987_654 }, unknownVendor(987_654));
      expect(await countRows(site.ctx.db, 'model_metadata')).toBe(before);
    });

    it('edits by merging the given fields, and changes only the status when asked to', async () => {
      const meta = await createMeta({ model_name: 'acme-two', description: 'second', tags: 'a,b', context_length: 1000 });
      const edited = await api('PUT', '/api/models/', { id: meta.id, description: 'the second', endpoints: { openai: '/v1/chat/completions', 'openai-response': { path: '/v1/responses', method: 'post' } } });
      expect(edited.data).toMatchObject({ model_name: 'acme-two', description: 'the second', tags: 'a,b', context_length: 1000 });
      expect(JSON.parse(edited.data.endpoints)).toEqual({ openai: '/v1/chat/completions', 'openai-response': { path: '/v1/responses', method: 'post' } });
      expect(edited.data.supported_endpoint_types).toEqual(['openai', 'openai-response']);

      const statusOnly = await api('PUT', '/api/models/?status_only=true', { id: meta.id, status: 0, description: 'ignored', model_name: 'ignored' });
      expect(statusOnly.data).toMatchObject({ model_name: 'acme-two', description: 'the second', status: 0 });
      expect(await priced('acme-two')).toBeUndefined();
      await api('PUT', '/api/models/?status_only=true', { id: meta.id, status: 1 });
      const entry = await priced('acme-two');
      expect(entry?.supported_endpoint_types).toEqual(['openai', 'openai-response']);
      expect((await pricing()).supported_endpoint['openai-response']).toEqual({ path: '/v1/responses', method: 'POST' });

      expect(await api('PUT', '/api/models/', { id: meta.id, model_name: 'acme-one' })).toMatchObject({ success: false, message: modelMetaNameTaken('acme-one') });
      expect(await api('PUT', '/api/models/', { id: meta.id, name_rule: 5 })).toMatchObject({ success: false });
      expect(await api('PUT', '/api/models/', { id: 999_999, description: 'x' })).toMatchObject({ success: false, message: MODEL_META_NOT_FOUND });
      expect((await api('GET', `/api/models/${meta.id}`)).data).toMatchObject({ model_name: 'acme-two', name_rule: 0, status: 1 });
    });

    it('describes every model a rule matches, and a model’s own entry wins over a rule', async () => {
      const rule = await createMeta({ model_name: 'acme-', name_rule: 1, description: 'Acme family', tags: 'family' });
      expect(rule).toMatchObject({ matched_models: ['acme-draw', 'acme-one', 'acme-two'], matched_count: 3, quota_types: [0, 1], enable_groups: ['default', 'vip'] });
      expect(rule.bound_channels).toEqual(expect.arrayContaining([{ name: 'acme-main', type: 1 }, { name: 'acme-claude', type: 14 }]));
      expect(await priced('acme-draw')).toMatchObject({ description: 'Acme family', tags: 'family' });
      expect((await priced('acme-one'))?.description).toBe('The first acme model');

      // Disabling the rule hides the models it alone describes.
      await api('PUT', '/api/models/?status_only=true', { id: rule.id, status: 0 });
      expect(await priced('acme-draw')).toBeUndefined();
      expect(await priced('acme-one')).toBeDefined();
      await api('DELETE', `/api/models/${rule.id}`);
      expect((await priced('acme-draw'))?.description).toBeUndefined();
    });

    it('lists the served models no entry describes', async () => {
      const missing = (await api('GET', '/api/models/missing')).data as string[];
      expect(missing).toEqual(expect.arrayContaining(['acme-draw', 'zeta-chat']));
      expect(missing).not.toContain('acme-one');
      // Only enabled channels' models count.
      expect(missing).not.toContain('ghost-model');
      const rule = await createMeta({ model_name: '-chat', name_rule: 3 });
      expect((await api('GET', '/api/models/missing')).data).not.toContain('zeta-chat');
      await api('DELETE', `/api/models/${rule.id}`);
    });

    it('pages and searches by keyword, vendor id or name and status, counting entries per vendor', async () => {
      const zeta = await createVendor({ name: 'Zeta Corp' });
      await createMeta({ model_name: 'zeta-chat', vendor_id: zeta.id, description: 'chat by zeta', status: 0 });
      const byVendorId = (await api('GET', `/api/models/search?vendor=${zeta.id}`)).data as ModelMetaPage;
      expect(byVendorId.items.map((m) => m.model_name)).toEqual(['zeta-chat']);
      expect(byVendorId.vendor_counts[String(zeta.id)]).toBe(1);
      expect((await api('GET', '/api/models/search?vendor=zeta%20c')).data.items.map((m: ModelMetaView) => m.model_name)).toEqual(['zeta-chat']);
      expect((await api('GET', '/api/models/search?keyword=BY%20ZETA')).data.items.map((m: ModelMetaView) => m.model_name)).toEqual(['zeta-chat']);
      expect((await api('GET', '/api/models/search?keyword=100%25')).data.items).toEqual([]);
      const disabled = (await api('GET', '/api/models/?status=0')).data as ModelMetaPage;
      expect(disabled.items.every((m) => m.status === 0)).toBe(true);
      expect(disabled.items.map((m) => m.model_name)).toContain('zeta-chat');

      const all = (await api('GET', '/api/models/?p=1&page_size=2')).data as ModelMetaPage;
      expect(all.items).toHaveLength(2);
      expect(all.total).toBe(await countRows(site.ctx.db, 'model_metadata'));
      const second = (await api('GET', '/api/models/?p=2&page_size=2')).data as ModelMetaPage;
      expect(second.items[0]!.id).toBeLessThan(all.items[1]!.id);
      expect(await api('GET', '/api/models/?status=3')).toMatchObject({ success: false, message: 'status must be 0 or 1' });
    });

    it('deleting a vendor keeps its models’ metadata, without a vendor', async () => {
      const gone = await createVendor({ name: 'Gone Inc' });
      const meta = await createMeta({ model_name: 'gone-model', vendor_id: gone.id });
      expect((await api('DELETE', `/api/vendors/${gone.id}`)).success).toBe(true);
      expect((await api('GET', `/api/models/${meta.id}`)).data.vendor_id).toBe(0);
      expect(await api('GET', `/api/vendors/${gone.id}`)).toMatchObject({ success: false, message: VENDOR_NOT_FOUND });
    });

    it('deletes an entry by id', async () => {
      const meta = await createMeta({ model_name: 'short-lived' });
      expect((await api('DELETE', `/api/models/${meta.id}`)).success).toBe(true);
      expect(await api('GET', `/api/models/${meta.id}`)).toMatchObject({ success: false, message: MODEL_META_NOT_FOUND });
      expect(await api('DELETE', `/api/models/${meta.id}`)).toMatchObject({ success: false, message: MODEL_META_NOT_FOUND });
    });
  });
});
