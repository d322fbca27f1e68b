import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { channelsRepository } from './channels.repository.js';
import { ChannelStatus, ChannelType } from './channel-types.js';

describe.each(testDialects())('channels repository (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => { database = await createTestDatabase(dialect); });
  afterAll(() => database?.drop());

  const insert = (overrides: Parameters<typeof channelsRepository.insert>[1] = {}) =>
    channelsRepository.insert(database.db, { name: 'c', key: 'sk-upstream-secret', models: 'gpt-4o', group: 'default', type: ChannelType.OpenAI, ...overrides });

  it('returns the new id on insert and reads the channel back without its key', async () => {
    const id = await insert({ name: 'main', priority: 3, weight: 2 });
    expect(id).toBeGreaterThan(0);
    const channel = await channelsRepository.findById(database.db, id);
    expect(channel).toMatchObject({ id, name: 'main', priority: 3, weight: 2, status: 1, auto_ban: 1, group: 'default' });
    expect(channel).not.toHaveProperty('key');
    expect(JSON.stringify(channel)).not.toContain('sk-upstream-secret');
  });

  it('returns the key only through findWithKey', async () => {
    const id = await insert();
    expect((await channelsRepository.findWithKey(database.db, id))?.key).toBe('sk-upstream-secret');
    expect(await channelsRepository.findWithKey(database.db, 999_999)).toBeUndefined();
  });

  it('lists only enabled channels for routing, with the fields routing needs', async () => {
    const enabled = await insert({ name: 'on', model_mapping: '{"a":"b"}', tag: 't' });
    const manual = await insert({ name: 'off', status: ChannelStatus.ManuallyDisabled });
    const auto = await insert({ name: 'auto', status: ChannelStatus.AutoDisabled });
    const rows = await channelsRepository.listRoutable(database.db);
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(enabled);
    expect(ids).not.toContain(manual);
    expect(ids).not.toContain(auto);
    expect(rows.find((r) => r.id === enabled)).toMatchObject({ key: 'sk-upstream-secret', model_mapping: '{"a":"b"}', tag: 't', status: 1 });
    expect(Object.keys(rows[0]).sort()).toEqual([
      'auto_ban', 'base_url', 'channel_info', 'group', 'id', 'key', 'max_input_tokens', 'model_mapping', 'models', 'name', 'openai_organization',
      'other', 'other_info', 'param_override', 'priority', 'setting', 'status', 'status_code_mapping', 'tag', 'type', 'weight',
    ]);
  });

  it('updates fields and leaves the others alone', async () => {
    const id = await insert({ name: 'before', base_url: 'https://a.example' });
    await channelsRepository.update(database.db, id, { name: 'after' });
    await channelsRepository.update(database.db, id, {});
    expect(await channelsRepository.findById(database.db, id)).toMatchObject({ name: 'after', base_url: 'https://a.example' });
  });

  it('adds to used quota atomically under concurrency', async () => {
    const id = await insert();
    await Promise.all(Array.from({ length: 40 }, (_, i) => channelsRepository.addUsedQuota(database.db, id, i + 1)));
    expect((await channelsRepository.findById(database.db, id))?.used_quota).toBe((40 * 41) / 2);
  });

  it('changes status only from the allowed statuses when asked to', async () => {
    const id = await insert();
    expect(await channelsRepository.setStatus(database.db, id, 3, '{"status_reason":"x"}', [ChannelStatus.ManuallyDisabled])).toBe(false);
    expect((await channelsRepository.findById(database.db, id))?.status).toBe(1);
    expect(await channelsRepository.setStatus(database.db, id, 3, '{"status_reason":"x"}', [ChannelStatus.Enabled])).toBe(true);
    expect(await channelsRepository.findById(database.db, id)).toMatchObject({ status: 3, other_info: '{"status_reason":"x"}' });
  });

  it('records test results and balances', async () => {
    const id = await insert();
    await channelsRepository.setTestResult(database.db, id, 1234.4, 1_700_000_000);
    await channelsRepository.setBalance(database.db, id, 12.5, 1_700_000_100);
    expect(await channelsRepository.findById(database.db, id)).toMatchObject({
      response_time: 1234, test_time: 1_700_000_000, balance: 12.5, balance_updated_time: 1_700_000_100,
    });
  });

  it('deletes by ids and counts the deleted rows', async () => {
    const a = await insert();
    const b = await insert();
    expect(await channelsRepository.deleteByIds(database.db, [a, b, 999_999])).toBe(2);
    expect(await channelsRepository.findById(database.db, a)).toBeUndefined();
    expect(await channelsRepository.deleteByIds(database.db, [])).toBe(0);
  });
});
