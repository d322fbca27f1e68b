import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL_BASE_URL_INVALID,
  CHANNEL_BASE_URL_REQUIRED,
  CHANNEL_COPY_FAILED,
  CHANNEL_MODEL_MAPPING_INVALID,
  CHANNEL_MODELS_REQUIRED,
  CHANNEL_NAME_AND_KEY_REQUIRED,
  CHANNEL_NOT_FOUND,
  CHANNEL_PRIORITY_INVALID,
  CHANNEL_SELECTION_REQUIRED,
  CHANNEL_TYPE_UNKNOWN,
  ChannelStatus,
  ChannelType,
  SPARK_DEFAULT_VERSION,
} from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { callJson } from '../../users/users.test-helpers.js';
import { abilitiesOf, channelCount, channelRow, channelSuite, createChannel, routedIds, uniq, type ChannelSuite } from './channel-admin.test-helpers.js';

describe.each(testDialects())('channel writes (%s)', (dialect) => {
  let s: ChannelSuite;

  beforeAll(async () => {
    s = await channelSuite(dialect);
  });
  afterAll(() => s?.ctx.close());

  const post = (payload: unknown) => callJson(s.ctx, 'POST', '/api/channel/', s.root, payload);
  const put = (payload: unknown) => callJson(s.ctx, 'PUT', '/api/channel/', s.root, payload);

  describe('POST /api/channel/ (create)', () => {
    it('creates a channel with its abilities, routes to it at once and answers the id', async () => {
      const model = uniq('m-create-');
      const body = await post({
        type: ChannelType.OpenAI,
        name: ' main ',
        key: 'sk-created-secret',
        base_url: 'https://up.example.com/',
        models: `${model}, gpt-4o,,${model}`,
        group: ['default', 'vip'],
        priority: '3',
        weight: -4,
        tag: 'team',
        model_mapping: '{"a":"b"}',
      });
      expect(body.success, body.message).toBe(true);
      expect(body.data.ids).toHaveLength(1);
      const id = body.data.ids[0];
      expect(JSON.stringify(body)).not.toContain('sk-created-secret');
      expect(await channelRow(s, id)).toMatchObject({
        name: 'main', key: 'sk-created-secret', base_url: 'https://up.example.com', models: `${model},gpt-4o`, group: 'default,vip',
        priority: 3, weight: 0, tag: 'team', model_mapping: '{"a":"b"}', status: 1, auto_ban: 1, type: 1, used_quota: 0,
      });
      expect(await abilitiesOf(s, id)).toEqual(['default/gpt-4o/1/3/0/team', `default/${model}/1/3/0/team`, 'vip/gpt-4o/1/3/0/team', `vip/${model}/1/3/0/team`]);
      expect(routedIds(s, 'vip', model)).toEqual([id]);
    });

    it('defaults the group to "default" and the iFlytek Spark version to v2.1', async () => {
      const id = await createChannel(s, { type: ChannelType.IflytekSpark, group: '', models: 'SparkDesk' });
      expect(await channelRow(s, id)).toMatchObject({ group: 'default', other: SPARK_DEFAULT_VERSION });
      const kept = await createChannel(s, { type: ChannelType.IflytekSpark, other: 'v3.5', models: 'SparkDesk' });
      expect((await channelRow(s, kept))?.other).toBe('v3.5');
    });

    it('accepts new-api\'s {mode, channel} wrapper', async () => {
      const body = await post({ mode: 'single', channel: { type: 1, name: uniq('wrapped'), key: 'sk-w', models: 'gpt-4o' } });
      expect(body.success, body.message).toBe(true);
      expect(await channelRow(s, body.data.ids[0])).toMatchObject({ key: 'sk-w' });
    });

    it('makes one channel per key line in batch mode, named name, name_2, name_3', async () => {
      const name = uniq('batch');
      const model = uniq('m-batch-');
      const body = await post({ mode: 'batch', type: 1, name, key: 'sk-one\n\n  sk-two  \nsk-three\n', models: model });
      expect(body.success, body.message).toBe(true);
      const ids: number[] = body.data.ids;
      expect(ids).toHaveLength(3);
      const rows = await Promise.all(ids.map((id) => channelRow(s, id)));
      expect(rows.map((r) => [r?.name, r?.key])).toEqual([[name, 'sk-one'], [`${name}_2`, 'sk-two'], [`${name}_3`, 'sk-three']]);
      for (const id of ids) expect(await abilitiesOf(s, id)).toEqual([`default/${model}/1/0/0/`]);
      expect(routedIds(s, 'default', model).sort((a, b) => a - b)).toEqual(ids);
    });

    it('keeps a multi-line key whole outside batch mode', async () => {
      const key = '{\n  "type": "service_account"\n}';
      const id = await createChannel(s, { type: ChannelType.VertexAi, key, models: 'gemini-1.5-pro' });
      expect((await channelRow(s, id))?.key).toBe(key);
    });

    const badCreates: [string, Record<string, unknown>, string][] = [
      ['an empty name', { name: '  ' }, CHANNEL_NAME_AND_KEY_REQUIRED],
      ['a missing name', { name: undefined }, CHANNEL_NAME_AND_KEY_REQUIRED],
      ['an empty key', { key: '' }, CHANNEL_NAME_AND_KEY_REQUIRED],
      ['no models', { models: ' , ' }, CHANNEL_MODELS_REQUIRED],
      ['a missing model list', { models: undefined }, CHANNEL_MODELS_REQUIRED],
      ['an invalid model mapping', { model_mapping: '{not json' }, CHANNEL_MODEL_MAPPING_INVALID],
      ['a model mapping that is not an object', { model_mapping: '["a"]' }, CHANNEL_MODEL_MAPPING_INVALID],
      ['a base URL that is not http(s)', { base_url: 'ftp://example.com' }, CHANNEL_BASE_URL_INVALID],
      ['a base URL without a scheme', { base_url: 'example.com' }, CHANNEL_BASE_URL_INVALID],
      ['a fractional priority', { priority: 1.5 }, CHANNEL_PRIORITY_INVALID],
      ['a priority that is not a number', { priority: 'high' }, CHANNEL_PRIORITY_INVALID],
      ['an unknown type', { type: 9999 }, CHANNEL_TYPE_UNKNOWN],
      ['an Azure channel without a base URL', { type: ChannelType.AzureOpenAI, base_url: '' }, CHANNEL_BASE_URL_REQUIRED],
      ['a custom channel without a base URL', { type: ChannelType.Custom }, CHANNEL_BASE_URL_REQUIRED],
      ['a group list too long for its column', { group: Array.from({ length: 40 }, (_, i) => `group-${i}`).join(',') }, 'group list is longer'],
    ];
    it.each(badCreates)('rejects %s with its message and saves nothing', async (_case, fields, message) => {
      const before = await channelCount(s);
      const body = await post({ type: 1, name: uniq('bad'), key: 'sk-bad', models: 'gpt-4o', ...fields });
      expect(body.success).toBe(false);
      expect(body.message).toContain(message);
      expect(await channelCount(s)).toBe(before);
    });

    it('saves none of a batch when one channel cannot be stored', async () => {
      const before = await channelCount(s);
      const body = await post({ mode: 'batch', type: 1, name: uniq('half'), key: 'sk-a\nsk-b', models: `ok-model,${'m'.repeat(200)}` });
      expect(body.success).toBe(false);
      expect(await channelCount(s)).toBe(before);
    });

    it('creates an AWS channel without a base URL (its address comes from the region)', async () => {
      const id = await createChannel(s, { type: ChannelType.AwsClaude, key: 'AKID|SECRET|us-east-1', models: 'claude-3-haiku' });
      expect((await channelRow(s, id))?.base_url).toBe('');
    });
  });

  describe('PUT /api/channel/ (update)', () => {
    it('changes only the given fields and keeps the key when the key is blank', async () => {
      const id = await createChannel(s, { key: 'sk-keep-me', priority: 2, tag: 't1' });
      const body = await put({ id, name: 'renamed', key: '  ' });
      expect(body.success, body.message).toBe(true);
      expect(body.data).toMatchObject({ id, name: 'renamed', priority: 2, tag: 't1' });
      expect(body.data).not.toHaveProperty('key');
      expect(await channelRow(s, id)).toMatchObject({ name: 'renamed', key: 'sk-keep-me', priority: 2 });
    });

    it('replaces the key when a new one is given', async () => {
      const id = await createChannel(s, { key: 'sk-old' });
      expect((await put({ id, key: 'sk-new' })).success).toBe(true);
      expect((await channelRow(s, id))?.key).toBe('sk-new');
    });

    it('rebuilds abilities and routing when models, groups, priority or weight change', async () => {
      const [m1, m2, m3] = [uniq('m-up-a-'), uniq('m-up-b-'), uniq('m-up-c-')];
      const id = await createChannel(s, { models: `${m1},${m2}`, group: 'default' });
      expect(routedIds(s, 'default', m1)).toEqual([id]);
      const body = await put({ id, models: `${m2},${m3}`, group: 'vip', priority: 7, weight: 3 });
      expect(body.success, body.message).toBe(true);
      expect(await abilitiesOf(s, id)).toEqual([`vip/${m2}/1/7/3/`, `vip/${m3}/1/7/3/`]);
      expect(routedIds(s, 'default', m1)).toEqual([]);
      expect(routedIds(s, 'default', m2)).toEqual([]);
      expect(routedIds(s, 'vip', m3)).toEqual([id]);
    });

    it('disables (status 2) and enables (status 1) through the status calls, clearing an automatic-disable reason', async () => {
      const model = uniq('m-status-');
      const id = await createChannel(s, { models: model });
      expect((await put({ id, status: ChannelStatus.ManuallyDisabled })).data.status).toBe(2);
      expect(await abilitiesOf(s, id)).toEqual([`default/${model}/0/0/0/`]);
      expect(routedIds(s, 'default', model)).toEqual([]);
      await s.ctx.db.updateTable('channels').set({ status: 3, other_info: '{"status_reason":"boom","status_time":1}' }).where('id', '=', id).execute();
      const body = await put({ id, status: ChannelStatus.Enabled, priority: 4 });
      expect(body.data).toMatchObject({ status: 1, priority: 4, other_info: null });
      expect(await abilitiesOf(s, id)).toEqual([`default/${model}/1/4/0/`]);
      expect(routedIds(s, 'default', model)).toEqual([id]);
    });

    it('sets one channel\'s status and a selection\'s with new-api\'s status calls, answering what changed', async () => {
      const model = uniq('m-status-call-');
      const [a, b, c] = [await createChannel(s, { models: model }), await createChannel(s, { models: model }), await createChannel(s, { models: model })];
      const status = (id: number, value: unknown) => callJson(s.ctx, 'POST', `/api/channel/${id}/status`, s.root, { status: value });
      const batch = (body: unknown) => callJson(s.ctx, 'POST', '/api/channel/status/batch', s.root, body);

      expect(await status(a, 2)).toMatchObject({ success: true, data: true });
      expect(await status(a, 2)).toMatchObject({ success: true, data: false });
      expect((await channelRow(s, a))?.status).toBe(2);
      expect(routedIds(s, 'default', model).sort()).toEqual([b, c].sort());

      // An automatically disabled channel enabled by hand loses its reason.
      await s.ctx.db.updateTable('channels').set({ status: 3, other_info: '{"status_reason":"boom","status_time":1}' }).where('id', '=', b).execute();
      expect(await batch({ ids: [a, b, c, 99_999_999], status: 1 })).toMatchObject({ success: true, data: 2 });
      expect((await channelRow(s, b))?.other_info).toBeNull();
      expect(routedIds(s, 'default', model).sort()).toEqual([a, b, c].sort());
      expect(await batch({ ids: [a, b], status: '2' })).toMatchObject({ success: true, data: 2 });
      expect(await abilitiesOf(s, a)).toEqual([`default/${model}/0/0/0/`]);

      expect(await status(99_999_999, 1)).toMatchObject({ success: false, message: CHANNEL_NOT_FOUND });
      for (const bad of [3, 0, 'on', undefined]) expect(await status(c, bad)).toMatchObject({ success: false, message: expect.stringContaining('status must be 1 (enabled) or 2 (disabled)') });
      expect(await batch({ ids: [], status: 1 })).toMatchObject({ success: false, message: expect.stringContaining(CHANNEL_SELECTION_REQUIRED) });
      expect(await batch({ ids: [c], status: 3 })).toMatchObject({ success: false });
      expect((await channelRow(s, c))?.status).toBe(1);
    });

    it('takes the list\'s inline edits: priority alone and a negative weight clamped to 0', async () => {
      const id = await createChannel(s, { weight: 5 });
      expect((await put({ id, priority: -999 })).data.priority).toBe(-999);
      expect((await put({ id, weight: -3 })).data.weight).toBe(0);
      expect((await put({ id, priority: -1000 })).success).toBe(false);
    });

    const badUpdates: [string, Record<string, unknown>, string][] = [
      ['an invalid model mapping', { model_mapping: '{"a":' }, CHANNEL_MODEL_MAPPING_INVALID],
      ['a base URL that is not http(s)', { base_url: 'javascript:alert(1)' }, CHANNEL_BASE_URL_INVALID],
      ['a priority that is not an integer', { priority: '2.5' }, CHANNEL_PRIORITY_INVALID],
      ['an empty model list', { models: '' }, CHANNEL_MODELS_REQUIRED],
      ['an empty name', { name: ' ' }, CHANNEL_NAME_AND_KEY_REQUIRED],
      ['an unknown type', { type: 12345 }, CHANNEL_TYPE_UNKNOWN],
      ['a switch to Azure without a base URL', { type: ChannelType.AzureOpenAI }, CHANNEL_BASE_URL_REQUIRED],
    ];
    it.each(badUpdates)('rejects %s and changes nothing', async (_case, fields, message) => {
      const id = await createChannel(s, { name: 'stable', models: 'gpt-4o', priority: 1 });
      const before = await channelRow(s, id);
      const body = await put({ id, name: 'changed', priority: 8, ...fields });
      expect(body.success).toBe(false);
      expect(body.message).toContain(message);
      expect(await channelRow(s, id)).toEqual(before);
    });

    it('answers "channel not found, refresh" for a missing channel', async () => {
      expect(await put({ id: 999999, name: 'x' })).toMatchObject({ success: false, message: CHANNEL_NOT_FOUND });
    });
  });

  describe('deleting', () => {
    it('deletes one channel and its abilities, with or without the trailing slash', async () => {
      const model = uniq('m-del-');
      const a = await createChannel(s, { models: model });
      const b = await createChannel(s, { models: model });
      expect((await callJson(s.ctx, 'DELETE', `/api/channel/${a}/`, s.root)).success).toBe(true);
      expect((await callJson(s.ctx, 'DELETE', `/api/channel/${b}`, s.root)).success).toBe(true);
      expect(await channelRow(s, a)).toBeUndefined();
      expect(await abilitiesOf(s, b)).toEqual([]);
      expect(routedIds(s, 'default', model)).toEqual([]);
      expect(await callJson(s.ctx, 'DELETE', `/api/channel/${a}`, s.root)).toMatchObject({ success: false, message: CHANNEL_NOT_FOUND });
    });

    it('deletes every disabled channel (status 2 and 3) and answers the count', async () => {
      const on = await createChannel(s);
      const manual = await createChannel(s, { status: ChannelStatus.ManuallyDisabled });
      const auto = await createChannel(s);
      await s.ctx.db.updateTable('channels').set({ status: ChannelStatus.AutoDisabled }).where('id', '=', auto).execute();
      const disabledBefore = await s.ctx.db.selectFrom('channels').select('id').where('status', 'in', [2, 3]).execute();
      const body = await callJson(s.ctx, 'DELETE', '/api/channel/disabled', s.root);
      expect(body).toMatchObject({ success: true, data: disabledBefore.length });
      expect(await channelRow(s, manual)).toBeUndefined();
      expect(await channelRow(s, auto)).toBeUndefined();
      expect(await channelRow(s, on)).toBeDefined();
    });

    it('deletes a selection with POST /batch and answers the count', async () => {
      const a = await createChannel(s);
      const b = await createChannel(s);
      const keep = await createChannel(s);
      expect(await callJson(s.ctx, 'POST', '/api/channel/batch', s.root, { ids: [a, b, 999999] })).toMatchObject({ success: true, data: 2 });
      expect(await channelRow(s, keep)).toBeDefined();
      const before = await channelCount(s);
      const refused = await callJson(s.ctx, 'POST', '/api/channel/batch', s.root, { ids: [] });
      expect(refused.success).toBe(false);
      expect(refused.message).toContain(CHANNEL_SELECTION_REQUIRED);
      expect(await channelCount(s)).toBe(before);
    });
  });

  describe('POST /api/channel/fix', () => {
    it('rebuilds lost abilities for every channel and answers the counts', async () => {
      const model = uniq('m-fix-');
      const id = await createChannel(s, { models: model, group: 'default,vip' });
      await s.ctx.db.deleteFrom('abilities').where('channel_id', '=', id).execute();
      const body = await callJson(s.ctx, 'POST', '/api/channel/fix', s.root);
      expect(body.success).toBe(true);
      expect(body.data).toEqual({ success: await channelCount(s), fails: 0 });
      expect(await abilitiesOf(s, id)).toEqual([`default/${model}/1/0/0/`, `vip/${model}/1/0/0/`]);
    });
  });

  describe('POST /api/channel/copy/:id', () => {
    it('copies settings and key server-side, keeps the status, clears used quota, tests and balance', async () => {
      const model = uniq('m-copy-');
      const id = await createChannel(s, { name: 'source', key: 'sk-copied', models: model, tag: 'grp', priority: 6, status: ChannelStatus.ManuallyDisabled, model_mapping: '{"x":"y"}' });
      await s.ctx.db.updateTable('channels').set({ used_quota: 5000, balance: 12.5, balance_updated_time: 99, response_time: 800, test_time: 5 }).where('id', '=', id).execute();
      const body = await callJson(s.ctx, 'POST', `/api/channel/copy/${id}`, s.root);
      expect(body.success, body.message).toBe(true);
      expect(JSON.stringify(body)).not.toContain('sk-copied');
      const copy = await channelRow(s, body.data.id);
      expect(copy).toMatchObject({ name: 'source_copy', key: 'sk-copied', models: model, tag: 'grp', priority: 6, status: 2, model_mapping: '{"x":"y"}', used_quota: 0, balance: 0, balance_updated_time: 0, response_time: 0, test_time: 0 });
      expect(await abilitiesOf(s, body.data.id)).toEqual([`default/${model}/0/6/0/grp`]);
    });

    it('takes a custom suffix and keeps the balance with reset_balance=false', async () => {
      const id = await createChannel(s, { name: 'rich' });
      await s.ctx.db.updateTable('channels').set({ balance: 3.25, used_quota: 10 }).where('id', '=', id).execute();
      const body = await callJson(s.ctx, 'POST', `/api/channel/copy/${id}?suffix=-2&reset_balance=false`, s.root);
      expect(await channelRow(s, body.data.id)).toMatchObject({ name: 'rich-2', balance: 3.25, used_quota: 0 });
    });

    it('answers "channel copy failed" for a missing channel and saves nothing', async () => {
      const before = await channelCount(s);
      const body = await callJson(s.ctx, 'POST', '/api/channel/copy/999999', s.root);
      expect(body.success).toBe(false);
      expect(body.message).toBe(`${CHANNEL_COPY_FAILED}: ${CHANNEL_NOT_FOUND}`);
      expect(await channelCount(s)).toBe(before);
    });
  });

  it('rejects a key that is not text on create and saves nothing', async () => {
    const before = await channelCount(s);
    const body = await post({ type: 1, name: 'n', key: 42, models: 'gpt-4o' });
    expect(body.success).toBe(false);
    expect(body.message).toContain(CHANNEL_NAME_AND_KEY_REQUIRED);
    expect(await channelCount(s)).toBe(before);
  });
});
