import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { NotFoundError } from '../http/errors.js';
import { abilitiesRepository } from './abilities.repository.js';
import { ChannelRoutingService, MAX_STATUS_REASON_LENGTH, type CreateChannelInput } from './channel-routing.service.js';
import { ChannelStatus } from './channel-types.js';
import { channelsRepository } from './channels.repository.js';
import { selectChannel } from './select-channel.js';
import type { RoutingTable } from './routing-table.js';

const routeIds = (table: RoutingTable, group: string, model: string) =>
  table.candidates(group, model)?.tiers.flatMap((t) => t.channels.map((c) => c.id)) ?? [];

describe.each(testDialects())('channel routing service (%s)', (dialect) => {
  let database: TestDatabase;
  let service: ChannelRoutingService;
  const NOW = 1_750_000_000;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    service = new ChannelRoutingService(database.db, { now: () => NOW, onError: () => {} });
    await service.reload();
  });
  afterAll(() => database?.drop());

  const create = (overrides: Partial<CreateChannelInput> = {}) =>
    service.createChannel({ name: 'c', key: 'sk-k', models: 'gpt-4o', group: 'default', ...overrides });
  const abilities = async (id: number) =>
    (await abilitiesRepository.listForChannel(database.db, id)).map((a) => ({ group: a.group, model: a.model, enabled: a.enabled, priority: a.priority, weight: a.weight, tag: a.tag }));

  it('creates a channel with one ability per group × model and routes to it at once', async () => {
    const id = await create({ models: 'm-create-a, m-create-b', group: 'default,vip', priority: 4, weight: 7, tag: 'team' });
    expect(await abilities(id)).toEqual([
      { group: 'default', model: 'm-create-a', enabled: 1, priority: 4, weight: 7, tag: 'team' },
      { group: 'default', model: 'm-create-b', enabled: 1, priority: 4, weight: 7, tag: 'team' },
      { group: 'vip', model: 'm-create-a', enabled: 1, priority: 4, weight: 7, tag: 'team' },
      { group: 'vip', model: 'm-create-b', enabled: 1, priority: 4, weight: 7, tag: 'team' },
    ]);
    expect(routeIds(service.table, 'vip', 'm-create-b')).toEqual([id]);
    expect((await channelsRepository.findById(database.db, id))?.created_time).toBe(NOW);
  });

  it('rebuilds abilities and routing when models or groups change, dropping removed ones', async () => {
    const id = await create({ models: 'm-up-a,m-up-b', group: 'default,vip' });
    const seen: RoutingTable[] = [];
    const unsubscribe = service.onRoutingChanged((table) => seen.push(table));
    const view = await service.updateChannel(id, { models: 'm-up-b,m-up-c', group: 'vip', priority: 9 });
    unsubscribe();
    expect(view).toMatchObject({ id, models: 'm-up-b,m-up-c', group: 'vip', priority: 9 });
    expect(view).not.toHaveProperty('key');
    expect((await abilities(id)).map((a) => `${a.group}/${a.model}/${a.priority}`)).toEqual(['vip/m-up-b/9', 'vip/m-up-c/9']);
    expect(routeIds(service.table, 'default', 'm-up-a')).toEqual([]);
    expect(routeIds(service.table, 'vip', 'm-up-a')).toEqual([]);
    expect(routeIds(service.table, 'vip', 'm-up-c')).toEqual([id]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(service.table);
  });

  it('keeps disabled channels out of routing and their abilities off', async () => {
    const on = await create({ models: 'm-dis' });
    const off = await create({ models: 'm-dis', status: ChannelStatus.ManuallyDisabled });
    expect(routeIds(service.table, 'default', 'm-dis')).toEqual([on]);
    expect((await abilities(off)).map((a) => a.enabled)).toEqual([0]);
    await service.updateChannel(off, { status: ChannelStatus.Enabled });
    expect(routeIds(service.table, 'default', 'm-dis').sort()).toEqual([on, off].sort());
  });

  it('routes by priority tier and falls to the lower tier when the higher one was tried', async () => {
    const high = await create({ models: 'm-tier', priority: 10 });
    const low = await create({ models: 'm-tier', priority: 1 });
    expect(selectChannel(service.table, { group: 'default', model: 'm-tier' })?.channel.id).toBe(high);
    expect(selectChannel(service.table, { group: 'default', model: 'm-tier', exclude: new Set([high]) })?.channel.id).toBe(low);
  });

  it('saves nothing when the abilities cannot be built', async () => {
    const name = 'rolled-back-channel';
    await expect(create({ name, models: 'm'.repeat(192) })).rejects.toThrow(/longer than 191/);
    const rows = await database.db.selectFrom('channels').select('id').where('name', '=', name).execute();
    expect(rows).toEqual([]);
    const id = await create({ models: 'm-keep' });
    await expect(service.updateChannel(id, { models: 'g'.repeat(192) })).rejects.toThrow(/longer than 191/);
    expect((await channelsRepository.findById(database.db, id))?.models).toBe('m-keep');
    expect((await abilities(id)).map((a) => a.model)).toEqual(['m-keep']);
  });

  it('refuses to update a channel that does not exist', async () => {
    await expect(service.updateChannel(999_999, { name: 'x' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('auto-disables with status 3, merges the reason into other_info, turns abilities off and leaves routing', async () => {
    const id = await create({ models: 'm-auto', other_info: '{"note":"kept","status_reason":"old"}' });
    expect(await service.disableChannelAutomatically(id, 'upstream answered 401')).toBe(true);
    const channel = await channelsRepository.findById(database.db, id);
    expect(channel?.status).toBe(ChannelStatus.AutoDisabled);
    expect(JSON.parse(channel!.other_info!)).toEqual({ note: 'kept', status_reason: 'upstream answered 401', status_time: NOW });
    expect((await abilities(id)).map((a) => a.enabled)).toEqual([0]);
    expect(routeIds(service.table, 'default', 'm-auto')).toEqual([]);
    expect(service.table.channel(id)).toBeUndefined();
    expect(await service.disableChannelAutomatically(id, 'again')).toBe(false);
  });

  it('writes other_info from scratch when the stored value is not a JSON object', async () => {
    const id = await create({ models: 'm-auto2', other_info: 'not json' });
    await service.disableChannelAutomatically(id, 'quota exhausted');
    expect(JSON.parse((await channelsRepository.findById(database.db, id))!.other_info!)).toEqual({ status_reason: 'quota exhausted', status_time: NOW });
  });

  it('stores only the start of a very long reason', async () => {
    const id = await create({ models: 'm-long' });
    await service.disableChannelAutomatically(id, '<html>' + 'x'.repeat(5000));
    const info = JSON.parse((await channelsRepository.findById(database.db, id))!.other_info!);
    expect(info.status_reason).toHaveLength(MAX_STATUS_REASON_LENGTH);
    expect(info.status_reason.startsWith('<html>x')).toBe(true);
  });

  it('does not auto-disable a manually disabled channel or one with auto_ban off', async () => {
    const manual = await create({ models: 'm-guard', status: ChannelStatus.ManuallyDisabled });
    const noBan = await create({ models: 'm-guard', auto_ban: 0 });
    expect(await service.disableChannelAutomatically(manual, 'x')).toBe(false);
    expect(await service.disableChannelAutomatically(noBan, 'x')).toBe(false);
    expect(await service.disableChannelAutomatically(999_999, 'x')).toBe(false);
    expect((await channelsRepository.findById(database.db, manual))?.status).toBe(ChannelStatus.ManuallyDisabled);
    expect(routeIds(service.table, 'default', 'm-guard')).toEqual([noBan]);
  });

  it('re-enables automatically only channels still in status 3', async () => {
    const auto = await create({ models: 'm-re' });
    const manual = await create({ models: 'm-re', status: ChannelStatus.ManuallyDisabled });
    await service.disableChannelAutomatically(auto, 'timeout');
    expect(await service.reenableAutoDisabledChannel(manual)).toBe(false);
    expect(await service.reenableAutoDisabledChannel(auto)).toBe(true);
    const channel = await channelsRepository.findById(database.db, auto);
    expect(channel).toMatchObject({ status: ChannelStatus.Enabled, other_info: null });
    expect((await abilities(auto)).map((a) => a.enabled)).toEqual([1]);
    expect(routeIds(service.table, 'default', 'm-re')).toEqual([auto]);
  });

  it('enables and disables by hand, clearing the automatic reason', async () => {
    const id = await create({ models: 'm-hand', other_info: '{"note":"kept"}' });
    await service.disableChannelAutomatically(id, 'bad key');
    await service.enableChannel(id);
    expect(await channelsRepository.findById(database.db, id)).toMatchObject({ status: 1, other_info: '{"note":"kept"}' });
    await service.disableChannel(id);
    expect((await channelsRepository.findById(database.db, id))?.status).toBe(ChannelStatus.ManuallyDisabled);
    expect((await abilities(id)).map((a) => a.enabled)).toEqual([0]);
    expect(routeIds(service.table, 'default', 'm-hand')).toEqual([]);
    await expect(service.enableChannel(999_999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes channels together with their abilities', async () => {
    const id = await create({ models: 'm-del' });
    expect(await service.deleteChannels([id])).toBe(1);
    expect(await abilities(id)).toEqual([]);
    expect(routeIds(service.table, 'default', 'm-del')).toEqual([]);
  });

  it('rebuilds the whole abilities table, removing rows of channels that no longer exist', async () => {
    const id = await create({ models: 'm-fix' });
    await abilitiesRepository.deleteForChannel(database.db, id);
    await abilitiesRepository.insertMany(database.db, [{ group: 'default', model: 'ghost', channel_id: 888_888 }]);
    const result = await service.rebuildAllAbilities();
    expect(result.fails).toBe(0);
    expect(result.success).toBeGreaterThan(0);
    expect((await abilities(id)).map((a) => a.model)).toEqual(['m-fix']);
    expect(await abilitiesRepository.listForChannel(database.db, 888_888)).toEqual([]);
  });

  it('lists the distinct models of enabled abilities', async () => {
    await create({ models: 'm-list-x,m-list-y' });
    await create({ models: 'm-list-y,m-list-z', status: ChannelStatus.ManuallyDisabled });
    const models = await abilitiesRepository.listEnabledModels(database.db);
    expect(models).toEqual(expect.arrayContaining(['m-list-x', 'm-list-y']));
    expect(models).not.toContain('m-list-z');
    expect(new Set(models).size).toBe(models.length);
  });

  it('picks up changes made elsewhere on the periodic reload', async () => {
    const id = await channelsRepository.insert(database.db, { name: 'other node', key: 'k', models: 'm-timer', group: 'default' });
    expect(routeIds(service.table, 'default', 'm-timer')).toEqual([]);
    service.startPeriodicReload(20);
    try {
      await vi.waitFor(() => expect(routeIds(service.table, 'default', 'm-timer')).toEqual([id]), { timeout: 5000, interval: 10 });
    } finally {
      service.stopPeriodicReload();
    }
  });
});

describe('channel routing service reloads', () => {
  it('never replaces a newer snapshot with the result of an older, slower reload', async () => {
    const resolvers: ((rows: any[]) => void)[] = [];
    const spy = vi.spyOn(channelsRepository, 'listRoutable').mockImplementation(() => new Promise((resolve) => resolvers.push(resolve)));
    try {
      const service = new ChannelRoutingService({} as never, { onError: () => {} });
      const older = service.reload();
      const newer = service.reload();
      const row = { id: 1, type: 1, name: 'n', key: 'k', base_url: '', models: 'm', group: 'default', priority: 0, weight: 0, model_mapping: null, status_code_mapping: null, setting: null, param_override: null, other: null, auto_ban: 1, status: 1, tag: null, openai_organization: '', max_input_tokens: 0, other_info: null };
      resolvers[1]([row]);
      await newer;
      resolvers[0]([]);
      await older;
      expect(service.table.channel(1)?.id).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps notifying other listeners when one throws, and reports the failure', async () => {
    const spy = vi.spyOn(channelsRepository, 'listRoutable').mockResolvedValue([]);
    try {
      const errors: string[] = [];
      const service = new ChannelRoutingService({} as never, { onError: (_err, context) => errors.push(context) });
      const calls: string[] = [];
      service.onRoutingChanged(() => { throw new Error('boom'); });
      service.onRoutingChanged(() => calls.push('second'));
      await service.reload();
      expect(calls).toEqual(['second']);
      expect(errors).toEqual(['routing listener failed']);
    } finally {
      spy.mockRestore();
    }
  });
});
