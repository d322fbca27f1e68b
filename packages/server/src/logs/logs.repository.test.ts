import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteHandleOf } from '../db/database.js';
import type { NewLog } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { logsRepository } from './logs.repository.js';

describe('log rows written by the relay’s SQLite fast path', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterAll(() => t?.drop());

  const rowsOf = async (prefix: string) =>
    (await t.db.selectFrom('logs').selectAll().where('request_id', 'like', `${prefix}%`).orderBy('request_id').execute()).map(({ id: _id, ...row }) => ({
      ...row,
      request_id: row.request_id.slice(prefix.length),
    }));

  it('stores every column as the query builder stores it, defaults included', async () => {
    const full: NewLog = {
      user_id: 7, created_at: 1_700_000_000, type: 2, content: 'c', username: 'alice', token_name: 'main', token_id: 3, model_name: 'gpt-4o',
      quota: 1234, prompt_tokens: 10, completion_tokens: 5, use_time: 2, is_stream: 1, channel_id: 9, channel_name: 'ch', group: 'vip',
      ip: '10.0.0.1', request_id: '-full', other: '{"frt":1}', remark: 'r',
    };
    const sparse: NewLog = { user_id: 8, created_at: 1_700_000_001, type: 5, request_id: '-sparse' };
    await t.db.transaction().execute((trx) => logsRepository.insertMany(trx, [full, sparse].map((r) => ({ ...r, request_id: `fast${r.request_id}` })), sqliteHandleOf(t.db)));
    await logsRepository.insertMany(t.db, [{ ...full, request_id: `kysely${full.request_id}` }]);
    const [fastFull, fastSparse] = await rowsOf('fast');
    expect(fastFull).toEqual((await rowsOf('kysely'))[0]);
    expect(fastSparse).toEqual({
      user_id: 8, created_at: 1_700_000_001, type: 5, content: null, username: '', token_name: '', token_id: 0, model_name: '', quota: 0,
      prompt_tokens: 0, completion_tokens: 0, use_time: 0, is_stream: 0, channel_id: 0, channel_name: '', group: '', ip: '', request_id: '-sparse',
      other: null, remark: '',
    });
  });
});
