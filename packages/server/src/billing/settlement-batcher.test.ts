import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { createUser } from '../../test/test-app.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import { LogType } from '../logs/log-types.js';
import { BillingService } from './billing.service.js';
import { quotaLedgerRepository } from './quota-ledger.repository.js';
import { writeSettlements } from './settlement-writer.js';

const requestId = () => `batch-${randomBytes(6).toString('hex')}`;
const log = (username: string) => ({ type: LogType.Consume, username, model_name: 'gpt-4o', content: '' });

describe.each(testDialects())('group-committed settlements on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.drop());

  const setup = async (quota: number, remain: number) => {
    const db = database.db;
    const user = await createUser(db, { quota });
    const tokenId = await insertReturningId(db, 'tokens', { user_id: user.id, key: randomBytes(24).toString('hex'), name: 't', remain_quota: remain, unlimited_quota: 0 });
    const channelId = await insertReturningId(db, 'channels', { name: 'c', key: 'k' });
    return { user, tokenId, channelId };
  };

  it('applies a batch of held and trusted settlements exactly, with one log each', async () => {
    const db = database.db;
    const billing = new BillingService(db, undefined, { flushMs: 5 });
    const { user, tokenId, channelId } = await setup(1_000_000, 500_000);
    const jobs: Promise<void>[] = [];
    let charged = 0;
    for (let i = 0; i < 60; i++) {
      const id = requestId();
      const actual = 100 + i;
      charged += actual;
      if (i % 2 === 0) await billing.preConsume({ requestId: id, userId: user.id, tokenId, tokenUnlimited: false, amount: 300 });
      jobs.push(billing.settleBatched({ requestId: id, userId: user.id, tokenId, tokenUnlimited: false, actualQuota: actual, channelId, log: log(user.username) }));
    }
    await Promise.all(jobs);
    const u = await db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(u).toEqual({ quota: 1_000_000 - charged, used_quota: charged, request_count: 60 });
    const t = await db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('id', '=', tokenId).executeTakeFirstOrThrow();
    expect(t).toEqual({ remain_quota: 500_000 - charged, used_quota: charged });
    const c = await db.selectFrom('channels').select('used_quota').where('id', '=', channelId).executeTakeFirstOrThrow();
    expect(c.used_quota).toBe(charged);
    const logs = await db.selectFrom('logs').select('quota').where('user_id', '=', user.id).execute();
    expect(logs).toHaveLength(60);
    expect(logs.reduce((s, l) => s + l.quota, 0)).toBe(charged);
    const open = await db.selectFrom('quota_holds').select('request_id').where('user_id', '=', user.id).where('status', '=', 'held').execute();
    expect(open).toEqual([]);
  });

  it('charges in full, once, when a hold was refunded meanwhile', async () => {
    const db = database.db;
    const billing = new BillingService(db, undefined, { flushMs: 5 });
    const { user, tokenId, channelId } = await setup(100_000, 100_000);
    const id = requestId();
    await billing.preConsume({ requestId: id, userId: user.id, tokenId, tokenUnlimited: false, amount: 5_000 });
    // Another process took the hold for stale and refunded it.
    await new BillingService(db).refund(id);
    await billing.settleBatched({ requestId: id, userId: user.id, tokenId, tokenUnlimited: false, actualQuota: 1_234, channelId, log: log(user.username) });
    const u = await db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(u).toEqual({ quota: 100_000 - 1_234, used_quota: 1_234 });
    const t = await db.selectFrom('tokens').select('remain_quota').where('id', '=', tokenId).executeTakeFirstOrThrow();
    expect(t.remain_quota).toBe(100_000 - 1_234);
  });

  it('keeps a batch whose write failed and writes it once the database is back', async () => {
    const db = database.db;
    const errors: unknown[] = [];
    const billing = new BillingService(db, undefined, { flushMs: 5, onError: (err) => errors.push(err) });
    const { user, tokenId, channelId } = await setup(50_000, 50_000);
    await sql`alter table ${sql.table('logs')} rename to ${sql.table('logs_away')}`.execute(db);
    let renamed = true;
    try {
      const pending = billing.settleBatched({ requestId: requestId(), userId: user.id, tokenId, tokenUnlimited: false, actualQuota: 700, channelId, log: log(user.username) });
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      const before = await db.selectFrom('users').select('quota').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(before.quota).toBe(50_000);
      await sql`alter table ${sql.table('logs_away')} rename to ${sql.table('logs')}`.execute(db);
      renamed = false;
      await pending;
    } finally {
      if (renamed) await sql`alter table ${sql.table('logs_away')} rename to ${sql.table('logs')}`.execute(db);
    }
    const after = await db.selectFrom('users').select('quota').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after.quota).toBe(50_000 - 700);
    expect(await db.selectFrom('logs').select('quota').where('user_id', '=', user.id).execute()).toEqual([{ quota: 700 }]);
  });

  it('writes a batch whose commit outcome was unknown again, under its id, charging once', async () => {
    const db = database.db;
    const errors: unknown[] = [];
    const { user, tokenId, channelId } = await setup(80_000, 80_000);
    const settle = (actualQuota: number) => billing.settleBatched({ requestId: requestId(), userId: user.id, tokenId, tokenUnlimited: false, actualQuota, channelId, log: log(user.username) });
    let later: Promise<void> | undefined;
    let lostOnce = false;
    const billing: BillingService = new BillingService(db, undefined, {
      flushMs: 5,
      onError: (err) => errors.push(err),
      // The commit went through but its answer was lost; a settlement arrives before the retry.
      write: async (batch, now) => {
        await writeSettlements(db, batch, now);
        if (!lostOnce) {
          lostOnce = true;
          later = settle(50);
          throw new Error('connection lost after COMMIT');
        }
      },
    });
    await Promise.all([settle(1_000), settle(2_000)]);
    await later;
    expect(errors).toHaveLength(1);
    const u = await db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(u).toEqual({ quota: 80_000 - 3_050, used_quota: 3_050, request_count: 3 });
    const t = await db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('id', '=', tokenId).executeTakeFirstOrThrow();
    expect(t).toEqual({ remain_quota: 80_000 - 3_050, used_quota: 3_050 });
    const c = await db.selectFrom('channels').select('used_quota').where('id', '=', channelId).executeTakeFirstOrThrow();
    expect(c.used_quota).toBe(3_050);
    const logs = await db.selectFrom('logs').select('quota').where('user_id', '=', user.id).orderBy('quota').execute();
    expect(logs.map((l) => l.quota)).toEqual([50, 1_000, 2_000]);
  });

  it("counts a batch that straddles the turn of a day in each day's spending of the key's and the user's limits", async () => {
    const db = database.db;
    const { user, tokenId, channelId } = await setup(10_000, 10_000);
    const today = Math.floor(Date.now() / 1000 / 86_400) * 86_400;
    await db.updateTable('tokens').set({ budget_quota: 5_000, budget_period: 'daily', budget_used: 40, budget_window: today - 86_400 }).where('id', '=', tokenId).execute();
    await db.updateTable('users').set({ budget_quota: 9_000, budget_period: 'daily', budget_used: 70, budget_window: today - 86_400 }).where('id', '=', user.id).execute();
    const item = (actualQuota: number, settledAt: number) => ({
      requestId: requestId(), userId: user.id, tokenId, tokenUnlimited: false, actualQuota, channelId, settledAt, budgetPeriod: 'daily' as const, userBudgetPeriod: 'daily' as const,
    });
    // Yesterday's last charges first join yesterday's spending, then today's start from nothing.
    const batch = { id: `b${randomBytes(8).toString('hex')}`, items: [item(300, today + 5), item(100, today - 5), item(200, today + 9)] };
    await writeSettlements(db, batch, today + 10);
    const spending = (table: 'users' | 'tokens', id: number) => db.selectFrom(table).select(['budget_used', 'budget_window']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await spending('tokens', tokenId)).toEqual({ budget_used: 500, budget_window: today });
    expect(await spending('users', user.id)).toEqual({ budget_used: 500, budget_window: today });
    // A charge without a limit's period (a key or user without one) counts toward nothing.
    await writeSettlements(db, { id: `b${randomBytes(8).toString('hex')}`, items: [{ ...item(50, today + 20), budgetPeriod: undefined, userBudgetPeriod: undefined }] }, today + 20);
    expect(await spending('users', user.id)).toEqual({ budget_used: 500, budget_window: today });
  });

  it('applies one batch id once however often it is written', async () => {
    const db = database.db;
    const { user, tokenId, channelId } = await setup(10_000, 10_000);
    const now = Math.floor(Date.now() / 1000);
    const batch = { id: `b${randomBytes(8).toString('hex')}`, items: [{ requestId: requestId(), userId: user.id, tokenId, tokenUnlimited: false, actualQuota: 400, channelId, log: { ...log(user.username), created_at: now } }] };
    await writeSettlements(db, batch, now);
    await writeSettlements(db, batch, now);
    const u = await db.selectFrom('users').select(['quota', 'request_count']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(u).toEqual({ quota: 9_600, request_count: 1 });
    expect(await db.selectFrom('logs').select('quota').where('user_id', '=', user.id).execute()).toEqual([{ quota: 400 }]);
    // Applied ids are forgotten after a day: only older ones are purged.
    await db.insertInto('settlement_batches').values({ id: `old${randomBytes(8).toString('hex')}`, created_at: now - 2 * 86_400 }).execute();
    expect(await quotaLedgerRepository.deleteSettlementBatches(db, now - 86_400)).toBe(1);
    expect(await db.selectFrom('settlement_batches').select('id').where('id', '=', batch.id).execute()).toEqual([{ id: batch.id }]);
  });
});
