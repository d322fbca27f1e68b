import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelStatus } from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { call, callJson } from '../../users/users.test-helpers.js';
import { channelRow, channelSuite, createChannel, routedIds, uniq, type ChannelSuite } from '../admin/channel-admin.test-helpers.js';

describe.each(testDialects())('multi-key channels: /api/channel/multi_key/manage (%s)', (dialect) => {
  let s: ChannelSuite;
  beforeAll(async () => {
    s = await channelSuite(dialect);
  });
  afterAll(() => s?.ctx.close());

  const manage = (body: Record<string, unknown>) => callJson(s.ctx, 'POST', '/api/channel/multi_key/manage', s.root, body);
  const summary = async (id: number) => (await callJson(s.ctx, 'GET', `/api/channel/${id}`, s.root)).data.channel_info;
  const status = (id: number, extra: Record<string, unknown> = {}) => manage({ channel_id: id, action: 'get_key_status', ...extra });
  const keysOf = async (id: number) => (await channelRow(s, id))!.key!.split('\n');

  it('creates a channel holding several keys with its pick mode, and shows a summary without keys', async () => {
    const id = await createChannel(s, { key: 'sk-aaaaaaaaaaaa1\nsk-bbbbbbbbbbbb2\nsk-cccccccccccc3', multi_key_mode: 'polling' });
    expect(await summary(id)).toEqual({ is_multi_key: true, multi_key_size: 3, multi_key_mode: 'polling', multi_key_enabled_count: 3 });
    const single = await createChannel(s);
    expect(await summary(single)).toMatchObject({ is_multi_key: false, multi_key_size: 1, multi_key_enabled_count: 1 });
    const listed = JSON.stringify(await callJson(s.ctx, 'GET', '/api/channel/?p=1&page_size=100', s.root));
    expect(listed).not.toContain('sk-bbbbbbbbbbbb2');
  });

  it('lists the keys by preview with counts, filtered and paged', async () => {
    const id = await createChannel(s, { key: 'sk-key-number-01\nsk-key-number-02\nsk-key-number-03' });
    expect((await manage({ channel_id: id, action: 'disable_key', key_index: 1 })).success).toBe(true);
    const page = await status(id);
    expect(page).toMatchObject({ success: true, data: { total: 3, enabled_count: 2, manual_disabled_count: 1, auto_disabled_count: 0, page: 1, total_pages: 1 } });
    expect(page.data.keys.map((k: { key_preview: string; status: number }) => [k.key_preview, k.status])).toEqual([
      ['sk-key-num', 1],
      ['sk-key-num', 2],
      ['sk-key-num', 1],
    ]);
    expect(JSON.stringify(page)).not.toContain('sk-key-number-02');
    expect(page.data.keys[1].disabled_time).toBeGreaterThan(0);
    expect((await status(id, { status: 2 })).data.keys.map((k: { index: number }) => k.index)).toEqual([1]);
    expect((await status(id, { page: 2, page_size: 2 })).data).toMatchObject({ keys: [{ index: 2 }], total_pages: 2 });
  });

  it('enables and disables one key or all, the channel going out of routing without an enabled key', async () => {
    const model = uniq('mk-');
    const id = await createChannel(s, { key: 'k1\nk2', models: model });
    expect((await manage({ channel_id: id, action: 'disable_all_keys' })).data).toMatchObject({ multi_key_enabled_count: 0 });
    expect((await channelRow(s, id))!.status).toBe(ChannelStatus.ManuallyDisabled);
    expect(routedIds(s, 'default', model)).toEqual([]);
    expect((await manage({ channel_id: id, action: 'enable_key', key_index: 0 })).data).toMatchObject({ multi_key_enabled_count: 1 });
    expect((await manage({ channel_id: id, action: 'enable_all_keys' })).data).toMatchObject({ multi_key_enabled_count: 2 });
  });

  it('gives a channel disabled for losing its last key back its status when a key is enabled', async () => {
    const model = uniq('mk-');
    const id = await createChannel(s, { key: 'k1\nk2', models: model });
    await s.ctx.services.routing.disableKeyAutomatically(id, 0, 'invalid key');
    await s.ctx.services.routing.disableKeyAutomatically(id, 1, 'invalid key');
    expect((await channelRow(s, id))!.status).toBe(ChannelStatus.AutoDisabled);
    expect((await status(id)).data).toMatchObject({ auto_disabled_count: 2, keys: [{ reason: 'invalid key' }, { reason: 'invalid key' }] });
    await manage({ channel_id: id, action: 'enable_key', key_index: 1 });
    expect((await channelRow(s, id))!.status).toBe(ChannelStatus.Enabled);
    expect(routedIds(s, 'default', model)).toEqual([id]);
  });

  it('deletes one key or the disabled ones, the others keeping their statuses', async () => {
    const id = await createChannel(s, { key: 'ka\nkb\nkc\nkd' });
    await manage({ channel_id: id, action: 'disable_key', key_index: 1 });
    await manage({ channel_id: id, action: 'disable_key', key_index: 3 });
    expect((await manage({ channel_id: id, action: 'delete_key', key_index: 0 })).data).toMatchObject({ deleted: 1, multi_key_size: 3, multi_key_enabled_count: 1 });
    expect(await keysOf(id)).toEqual(['kb', 'kc', 'kd']);
    expect((await status(id)).data.keys.map((k: { status: number }) => k.status)).toEqual([2, 1, 2]);
    expect((await manage({ channel_id: id, action: 'delete_disabled_keys' })).data).toMatchObject({ deleted: 2, multi_key_size: 1, is_multi_key: false });
    expect(await keysOf(id)).toEqual(['kc']);
  });

  it('starts new keys enabled when the key text is replaced, and keeps statuses when only the mode changes', async () => {
    const id = await createChannel(s, { key: 'k1\nk2\nk3' });
    await manage({ channel_id: id, action: 'disable_key', key_index: 2 });
    expect((await callJson(s.ctx, 'PUT', '/api/channel/', s.root, { id, multi_key_mode: 'polling' })).success).toBe(true);
    expect(await summary(id)).toEqual({ is_multi_key: true, multi_key_size: 3, multi_key_mode: 'polling', multi_key_enabled_count: 2 });
    expect((await callJson(s.ctx, 'PUT', '/api/channel/', s.root, { id, key: 'n1\nn2' })).success).toBe(true);
    expect(await summary(id)).toEqual({ is_multi_key: true, multi_key_size: 2, multi_key_mode: 'polling', multi_key_enabled_count: 2 });
  });

  it('refuses bad requests with a message and changes nothing', async () => {
    const id = await createChannel(s, { key: 'k1\nk2' });
    const single = await createChannel(s);
    for (const [body, message] of [
      [{ channel_id: single, action: 'get_key_status' }, 'this channel holds a single key'],
      [{ channel_id: id, action: 'disable_key' }, 'key_index is required for this action'],
      [{ channel_id: id, action: 'delete_key', key_index: 2 }, 'key_index must be below 2'],
      [{ channel_id: id, action: 'explode' }, 'action must be one of get_key_status'],
      [{ channel_id: 99_999_999, action: 'get_key_status' }, 'channel not found'],
      [{ action: 'get_key_status' }, 'channel_id is required'],
      [{ channel_id: id, action: 'get_key_status', page_size: 1000 }, 'page_size must be at most 100'],
    ] as const) {
      const answer = await manage(body);
      expect(answer.success, JSON.stringify(body)).toBe(false);
      expect(answer.message).toContain(message);
    }
    await manage({ channel_id: id, action: 'disable_all_keys' });
    expect(await manage({ channel_id: id, action: 'delete_disabled_keys' })).toMatchObject({ success: false, message: expect.stringContaining('delete the channel instead') });
    expect(await keysOf(id)).toEqual(['k1', 'k2']);
  });

  it('is for the root user only', async () => {
    const id = await createChannel(s, { key: 'k1\nk2' });
    for (const who of [s.admin, s.user]) {
      expect((await call(s.ctx, 'POST', '/api/channel/multi_key/manage', who, { channel_id: id, action: 'disable_all_keys' })).statusCode).toBe(403);
    }
    expect((await summary(id)).multi_key_enabled_count).toBe(2);
  });
});
