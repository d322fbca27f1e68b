import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { createUser } from '../../test/test-app.js';
import { inTransaction, isTransientLockError } from './transaction.js';

describe('isTransientLockError', () => {
  it('recognises deadlocks and lock timeouts of every dialect and nothing else', () => {
    expect([{ code: '40P01' }, { code: '40001' }, { errno: 1213 }, { errno: 1205 }, { code: 'SQLITE_BUSY' }, { code: 'SQLITE_BUSY_SNAPSHOT' }].every(isTransientLockError)).toBe(true);
    expect([{ code: '23505' }, { errno: 1062 }, { code: 'SQLITE_CONSTRAINT' }, new Error('boom'), undefined].some(isTransientLockError)).toBe(false);
  });
});

describe.each(testDialects())('inTransaction on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('runs a transaction again from a clean rollback after a lock conflict', async () => {
    const db = database.db;
    const user = await createUser(db, { quota: 100 });
    let attempts = 0;
    const result = await inTransaction(db, async (trx) => {
      attempts += 1;
      await trx.updateTable('users').set((eb) => ({ quota: eb('quota', '+', 10) })).where('id', '=', user.id).execute();
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01', errno: 1213 });
      return 'done';
    });
    expect([result, attempts]).toEqual(['done', 2]);
    const row = await db.selectFrom('users').select('quota').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.quota).toBe(110);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      inTransaction(database.db, async () => {
        attempts += 1;
        throw new Error('business rule');
      }),
    ).rejects.toThrow('business rule');
    expect(attempts).toBe(1);
  });
});
