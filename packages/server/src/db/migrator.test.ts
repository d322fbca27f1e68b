import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest } from './migrator.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { insertReturningId, isUniqueViolation } from './dialect-helpers.js';

const ENTITY_TABLES = [
  'users', 'sessions', 'options', 'setups', 'tokens', 'channels', 'abilities', 'redemptions', 'logs', 'drawing_tasks',
  'tasks', 'top_ups', 'activities', 'suppliers', 'user_custom_models', 'suggested_prompts', 'ai_roles', 'applications', 'model_hub',
];

describe.each(testDialects())('migrations (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(dialect); });
  afterAll(() => t?.drop());

  it('creates a table for every entity of the spec', async () => {
    const tables = (await t.db.introspection.getTables()).map((x) => x.name);
    for (const name of ENTITY_TABLES) expect(tables).toContain(name);
  });

  it("gives the logs table the indexes its queries use, and none on token_id (no log query filters by it)", async () => {
    const names = async () => {
      if (dialect === 'sqlite') return (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'logs'`.execute(t.db)).rows.map((r) => r.name);
      if (dialect === 'postgres') return (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'logs' and schemaname = current_schema()`.execute(t.db)).rows.map((r) => r.name);
      return (await sql<{ name: string }>`select distinct index_name as name from information_schema.statistics where table_name = 'logs' and table_schema = database()`.execute(t.db)).rows.map((r) => r.name);
    };
    const indexes = await names();
    expect(indexes).not.toContain('idx_logs_token_id');
    for (const kept of ['idx_logs_created_at', 'idx_logs_user_id_created_at', 'idx_logs_request_id', 'idx_logs_model_name_created_at']) expect(indexes).toContain(kept);
  });

  it('is safe to run twice', async () => {
    await migrateToLatest(t.db);
    await migrateToLatest(t.db);
    const tables = await t.db.introspection.getTables();
    expect(tables.filter((x) => x.name === 'users')).toHaveLength(1);
  });

  it('stores quota-sized integers and reads them back as numbers', async () => {
    const id = await insertReturningId(t.db, 'users', { username: `big-${dialect}`, aff_code: `big${dialect}`, quota: 9_000_000_000_000 });
    const row = await t.db.selectFrom('users').select(['quota', 'group']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.quota).toBe(9_000_000_000_000);
    expect(row.group).toBe('default');
  });

  it('enforces unique usernames and reports it portably', async () => {
    await t.db.insertInto('users').values({ username: 'dup', aff_code: 'dup1' }).execute();
    const err = await t.db.insertInto('users').values({ username: 'dup', aff_code: 'dup2' }).execute().catch((e) => e);
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('keeps the columns named group and key usable', async () => {
    await t.db.insertInto('abilities').values({ group: 'vip', model: 'gpt-4o', channel_id: 1 }).execute();
    const rows = await sql<{ n: number }>`select count(*) as n from ${sql.table('abilities')} where ${sql.ref('group')} = ${'vip'}`.execute(t.db);
    expect(Number(rows.rows[0].n)).toBe(1);
  });
});
