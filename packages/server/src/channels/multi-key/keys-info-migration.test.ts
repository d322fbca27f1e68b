import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../test/test-database.js';
import { insertReturningId } from '../../db/dialect-helpers.js';
import * as migration from '../../db/migrations/2026_12_02_0019_channel_keys_info.js';
import { keysSummaryOf } from './keys-info.js';

describe.each(testDialects())('channel keys info migration (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t?.drop());

  it('counts the keys of the channels that already hold several, and leaves single keys alone', async () => {
    await migration.down(t.db);
    const lines = await insertReturningId(t.db, 'channels', { name: 'lines', key: 'k1\nk2\n\nk3\n' } as never);
    const array = await insertReturningId(t.db, 'channels', { name: 'array', key: '[{"a":1},{"b":2}]' } as never);
    const single = await insertReturningId(t.db, 'channels', { name: 'single', key: '{"type":"service_account",\n"x":1}' } as never);
    await migration.up(t.db);
    const info = async (id: number) => (await t.db.selectFrom('channels').select('channel_info').where('id', '=', id).executeTakeFirstOrThrow()).channel_info;
    expect(keysSummaryOf(await info(lines))).toEqual({ is_multi_key: true, multi_key_size: 3, multi_key_mode: 'random', multi_key_enabled_count: 3 });
    expect(keysSummaryOf(await info(array))).toMatchObject({ multi_key_size: 2, multi_key_enabled_count: 2 });
    expect(await info(single)).toBeNull();
  });
});
