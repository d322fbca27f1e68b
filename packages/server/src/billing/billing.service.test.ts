import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ErrorCode } from '@gw/contracts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { createUser } from '../../test/test-app.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import type { Db } from '../db/database.js';
import { ConflictError } from '../http/errors.js';
import { LogType } from '../logs/log-types.js';
import { BillingService, type SettlementLog } from './billing.service.js';
import { quotaLedgerRepository } from './quota-ledger.repository.js';
import { InsufficientTokenQuotaError, InsufficientUserQuotaError } from './billing-errors.js';

const T0 = 1_800_000_000;

async function insertToken(db: Db, userId: number, opts: { remain?: number; unlimited?: boolean } = {}): Promise<number> {
  return insertReturningId(db, 'tokens', {
    user_id: userId,
    key: randomBytes(24).toString('hex'),
    name: 'test',
    remain_quota: opts.remain ?? 0,
    unlimited_quota: opts.unlimited ? 1 : 0,
  });
}

async function insertChannel(db: Db): Promise<number> {
  return insertReturningId(db, 'channels', { name: 'upstream', key: 'sk-upstream' });
}

const userRow = (db: Db, id: number) =>
  db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', id).executeTakeFirstOrThrow();
const tokenRow = (db: Db, id: number) =>
  db.selectFrom('tokens').select(['remain_quota', 'used_quota', 'accessed_time']).where('id', '=', id).executeTakeFirstOrThrow();
const channelUsed = async (db: Db, id: number) =>
  (await db.selectFrom('channels').select('used_quota').where('id', '=', id).executeTakeFirstOrThrow()).used_quota;
const holdOf = (db: Db, requestId: string) => db.selectFrom('quota_holds').selectAll().where('request_id', '=', requestId).executeTakeFirst();
const logsOf = (db: Db, userId: number) => db.selectFrom('logs').selectAll().where('user_id', '=', userId).orderBy('id').execute();

const consumeLog = (username: string, model = 'gpt-4o'): SettlementLog => ({
  type: LogType.Consume,
  username,
  token_name: 'test',
  model_name: model,
  prompt_tokens: 10,
  completion_tokens: 20,
  content: '',
});

let seq = 0;
const newRequestId = () => `req-${process.pid}-${++seq}-${randomBytes(4).toString('hex')}`;

describe.each(testDialects())('billing ledger on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let clock = T0;
  let billing: BillingService;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.db;
    billing = new BillingService(db, () => clock);
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function account(quota: number, token: { remain?: number; unlimited?: boolean } = {}) {
    const user = await createUser(db, { quota });
    const tokenId = await insertToken(db, user.id, token);
    return { user, tokenId };
  }

  describe('preConsume', () => {
    it('takes the amount from a limited token and from the user and records a held hold', async () => {
      const { user, tokenId } = await account(10_000, { remain: 5_000 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 1_200 });
      expect((await userRow(db, user.id)).quota).toBe(8_800);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(3_800);
      expect(await holdOf(db, requestId)).toMatchObject({ user_id: user.id, token_id: tokenId, amount: 1_200, token_amount: 1_200, status: 'held', created_at: T0 });
    });

    it('leaves an unlimited token untouched', async () => {
      const { user, tokenId } = await account(10_000, { remain: 0, unlimited: true });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: true, amount: 1_200 });
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(0);
      expect((await userRow(db, user.id)).quota).toBe(8_800);
      expect((await holdOf(db, requestId))?.token_amount).toBe(0);
    });

    it('refuses a user who cannot cover the amount and changes nothing, not even the token', async () => {
      const { user, tokenId } = await account(1_000, { remain: 5_000 });
      const requestId = newRequestId();
      const attempt = billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 1_001 });
      await expect(attempt).rejects.toBeInstanceOf(InsufficientUserQuotaError);
      await expect(attempt).rejects.toMatchObject({ code: ErrorCode.InsufficientUserQuota, status: 403 });
      expect((await userRow(db, user.id)).quota).toBe(1_000);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(5_000);
      expect(await holdOf(db, requestId)).toBeUndefined();
    });

    it('refuses a limited token that cannot cover the amount and changes nothing', async () => {
      const { user, tokenId } = await account(10_000, { remain: 999 });
      const requestId = newRequestId();
      const attempt = billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 1_000 });
      await expect(attempt).rejects.toBeInstanceOf(InsufficientTokenQuotaError);
      await expect(attempt).rejects.toMatchObject({ code: ErrorCode.PreConsumeTokenQuotaFailed, status: 403 });
      expect((await userRow(db, user.id)).quota).toBe(10_000);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(999);
      expect(await holdOf(db, requestId)).toBeUndefined();
    });

    it('accepts an amount equal to the whole balance', async () => {
      const { user, tokenId } = await account(700, { remain: 700 });
      await billing.preConsume({ requestId: newRequestId(), userId: user.id, tokenId, tokenUnlimited: false, amount: 700 });
      expect((await userRow(db, user.id)).quota).toBe(0);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(0);
    });

    it('refuses a user with no positive balance even for a free request, and holds 0 for a user with balance', async () => {
      const broke = await account(0, { unlimited: true });
      await expect(
        billing.preConsume({ requestId: newRequestId(), userId: broke.user.id, tokenId: broke.tokenId, tokenUnlimited: true, amount: 0 }),
      ).rejects.toBeInstanceOf(InsufficientUserQuotaError);

      const funded = await account(5, { remain: 0 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: funded.user.id, tokenId: funded.tokenId, tokenUnlimited: false, amount: 0 });
      expect((await holdOf(db, requestId))?.status).toBe('held');
      expect((await userRow(db, funded.user.id)).quota).toBe(5);
    });

    it('never touches a token for a request without one (playground)', async () => {
      const { user, tokenId } = await account(1_000, { remain: 10 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId: 0, tokenUnlimited: false, amount: 300 });
      await billing.settle({ requestId, actualQuota: 400, channelId: 0 });
      expect((await userRow(db, user.id)).quota).toBe(600);
      expect(await tokenRow(db, tokenId)).toMatchObject({ remain_quota: 10, used_quota: 0 });
    });

    it('refuses a second hold under the same request id without a second debit', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 100 });
      await expect(billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 100 })).rejects.toBeInstanceOf(ConflictError);
      expect((await userRow(db, user.id)).quota).toBe(9_900);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(9_900);
    });

    it('rejects an empty or over-long request id before touching any balance', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      await expect(billing.preConsume({ requestId: '', userId: user.id, tokenId, tokenUnlimited: false, amount: 5 })).rejects.toThrow(RangeError);
      await expect(billing.preConsume({ requestId: 'x'.repeat(65), userId: user.id, tokenId, tokenUnlimited: false, amount: 5 })).rejects.toThrow(RangeError);
      await billing.preConsume({ requestId: `${'y'.repeat(40)}${randomBytes(12).toString('hex')}`, userId: user.id, tokenId, tokenUnlimited: false, amount: 5 });
      expect((await userRow(db, user.id)).quota).toBe(9_995);
    });

    it('rejects a negative or fractional amount as a programming error', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      await expect(billing.preConsume({ requestId: newRequestId(), userId: user.id, tokenId, tokenUnlimited: false, amount: -5 })).rejects.toThrow(RangeError);
      await expect(billing.preConsume({ requestId: newRequestId(), userId: user.id, tokenId, tokenUnlimited: false, amount: 1.5 })).rejects.toThrow(RangeError);
      expect((await userRow(db, user.id)).quota).toBe(10_000);
    });
  });

  describe('settle', () => {
    it('charges exactly the actual cost to user, token and channel and writes the consume log', async () => {
      const { user, tokenId } = await account(10_000, { remain: 8_000 });
      const channelId = await insertChannel(db);
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 1_000 });
      clock = T0 + 42;
      expect(await billing.settle({ requestId, actualQuota: 1_500, channelId, log: consumeLog(user.username) })).toBe(true);
      clock = T0;

      expect(await userRow(db, user.id)).toEqual({ quota: 8_500, used_quota: 1_500, request_count: 1 });
      expect(await tokenRow(db, tokenId)).toEqual({ remain_quota: 6_500, used_quota: 1_500, accessed_time: T0 + 42 });
      expect(await channelUsed(db, channelId)).toBe(1_500);
      expect((await holdOf(db, requestId))?.status).toBe('settled');
      const logs = await logsOf(db, user.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ type: LogType.Consume, quota: 1_500, user_id: user.id, token_id: tokenId, channel_id: channelId, model_name: 'gpt-4o', created_at: T0 + 42 });
    });

    it('gives back the unused part of the hold', async () => {
      const { user, tokenId } = await account(10_000, { remain: 8_000 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 3_000 });
      await billing.settle({ requestId, actualQuota: 250, channelId: 0 });
      expect(await userRow(db, user.id)).toEqual({ quota: 9_750, used_quota: 250, request_count: 1 });
      expect(await tokenRow(db, tokenId)).toMatchObject({ remain_quota: 7_750, used_quota: 250 });
      expect(await logsOf(db, user.id)).toEqual([]);
    });

    it('keeps a creation time the caller gives the log row', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 10 });
      await billing.settle({ requestId, actualQuota: 10, channelId: 0, log: { ...consumeLog(user.username), created_at: T0 - 3 } });
      expect((await logsOf(db, user.id))[0]).toMatchObject({ created_at: T0 - 3, quota: 10 });
    });

    it('counts usage on an unlimited token without touching its remaining quota', async () => {
      const { user, tokenId } = await account(10_000, { remain: 77, unlimited: true });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: true, amount: 1_000 });
      await billing.settle({ requestId, actualQuota: 1_300, channelId: 0 });
      expect(await tokenRow(db, tokenId)).toMatchObject({ remain_quota: 77, used_quota: 1_300 });
      expect((await userRow(db, user.id)).quota).toBe(8_700);
    });

    it("adds the charge to a budgeted token's and user's spending in the current period (task settlements)", async () => {
      const { user, tokenId } = await account(10_000, { unlimited: true });
      const today = T0 - (T0 % 86_400);
      await db.updateTable('tokens').set({ budget_quota: 5_000, budget_period: 'daily', budget_used: 900, budget_window: today - 86_400 }).where('id', '=', tokenId).execute();
      const monday = T0 - ((T0 - 4 * 86_400) % (7 * 86_400));
      await db.updateTable('users').set({ budget_quota: 50_000, budget_period: 'weekly', budget_used: 60, budget_window: monday }).where('id', '=', user.id).execute();
      for (const actual of [300, 200]) {
        const requestId = newRequestId();
        await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: true, amount: 100 });
        await billing.settle({ requestId, actualQuota: actual, channelId: 0 });
      }
      expect(await db.selectFrom('tokens').select(['budget_used', 'budget_window']).where('id', '=', tokenId).executeTakeFirstOrThrow()).toEqual({ budget_used: 500, budget_window: today });
      expect(await db.selectFrom('users').select(['budget_used', 'budget_window']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({ budget_used: 560, budget_window: monday });
    });

    it("never lets a late charge of a period already over overwrite the next period's spending", async () => {
      const { tokenId } = await account(10_000, { unlimited: true });
      const today = T0 - (T0 % 86_400);
      await quotaLedgerRepository.addBudgetSpending(db, 'tokens', tokenId, today, 70);
      await quotaLedgerRepository.addBudgetSpending(db, 'tokens', tokenId, today - 86_400, 500);
      await quotaLedgerRepository.addBudgetSpending(db, 'tokens', tokenId, today, 30);
      const spending = () => db.selectFrom('tokens').select(['budget_used', 'budget_window']).where('id', '=', tokenId).executeTakeFirstOrThrow();
      expect(await spending()).toEqual({ budget_used: 100, budget_window: today });
      await quotaLedgerRepository.addBudgetSpending(db, 'tokens', tokenId, today + 86_400, 5);
      expect(await spending()).toEqual({ budget_used: 5, budget_window: today + 86_400 });
    });

    it('accepts an overdraft after the fact when the real cost exceeds the balance', async () => {
      const { user, tokenId } = await account(1_000, { remain: 1_000 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 1_000 });
      await billing.settle({ requestId, actualQuota: 5_000, channelId: 0 });
      expect((await userRow(db, user.id)).quota).toBe(-4_000);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(-4_000);
    });
  });

  describe('idempotency', () => {
    it('settles once when settle is called twice', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      const channelId = await insertChannel(db);
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 500 });
      expect(await billing.settle({ requestId, actualQuota: 700, channelId, log: consumeLog(user.username) })).toBe(true);
      expect(await billing.settle({ requestId, actualQuota: 700, channelId, log: consumeLog(user.username) })).toBe(false);
      expect(await userRow(db, user.id)).toEqual({ quota: 9_300, used_quota: 700, request_count: 1 });
      expect(await tokenRow(db, tokenId)).toMatchObject({ remain_quota: 9_300, used_quota: 700 });
      expect(await channelUsed(db, channelId)).toBe(700);
      expect(await logsOf(db, user.id)).toHaveLength(1);
    });

    it('settles once when two settles race', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 500 });
      const results = await Promise.all(Array.from({ length: 8 }, () => billing.settle({ requestId, actualQuota: 900, channelId: 0, log: consumeLog(user.username) })));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await userRow(db, user.id)).toEqual({ quota: 9_100, used_quota: 900, request_count: 1 });
      expect(await logsOf(db, user.id)).toHaveLength(1);
    });

    it('does nothing when settling after a refund', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 500 });
      expect(await billing.refund(requestId)).toBe(true);
      expect(await billing.settle({ requestId, actualQuota: 700, channelId: 0, log: consumeLog(user.username) })).toBe(false);
      expect(await userRow(db, user.id)).toEqual({ quota: 10_000, used_quota: 0, request_count: 0 });
      expect(await tokenRow(db, tokenId)).toMatchObject({ remain_quota: 10_000, used_quota: 0 });
      expect(await logsOf(db, user.id)).toEqual([]);
    });

    it('refunds once when refund is called twice, and not at all after settlement', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      const first = newRequestId();
      await billing.preConsume({ requestId: first, userId: user.id, tokenId, tokenUnlimited: false, amount: 500 });
      expect(await billing.refund(first)).toBe(true);
      expect(await billing.refund(first)).toBe(false);
      expect((await userRow(db, user.id)).quota).toBe(10_000);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(10_000);

      const second = newRequestId();
      await billing.preConsume({ requestId: second, userId: user.id, tokenId, tokenUnlimited: false, amount: 500 });
      await billing.settle({ requestId: second, actualQuota: 100, channelId: 0 });
      expect(await billing.refund(second)).toBe(false);
      expect((await userRow(db, user.id)).quota).toBe(9_900);
    });

    it('answers false for a request that never held quota', async () => {
      expect(await billing.settle({ requestId: 'never-held', actualQuota: 10, channelId: 0 })).toBe(false);
      expect(await billing.refund('never-held')).toBe(false);
    });
  });

  describe('refund', () => {
    it('returns the whole hold to user and token and writes the optional log row', async () => {
      const { user, tokenId } = await account(10_000, { remain: 6_000 });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 2_500 });
      expect(await billing.refund(requestId, { type: LogType.Error, username: user.username, content: 'upstream 500', model_name: 'gpt-4o' })).toBe(true);
      expect(await userRow(db, user.id)).toEqual({ quota: 10_000, used_quota: 0, request_count: 0 });
      expect(await tokenRow(db, tokenId)).toMatchObject({ remain_quota: 6_000, used_quota: 0 });
      expect((await holdOf(db, requestId))?.status).toBe('refunded');
      const logs = await logsOf(db, user.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ type: LogType.Error, quota: 0, content: 'upstream 500', token_id: tokenId });
    });

    it('returns nothing to the token of an unlimited hold, even if the token became limited meanwhile', async () => {
      const { user, tokenId } = await account(10_000, { remain: 50, unlimited: true });
      const requestId = newRequestId();
      await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: true, amount: 2_500 });
      await db.updateTable('tokens').set({ unlimited_quota: 0 }).where('id', '=', tokenId).execute();
      await billing.refund(requestId);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(50);
      expect((await userRow(db, user.id)).quota).toBe(10_000);
    });
  });

  describe('stale holds', () => {
    beforeEach(async () => {
      // holds other tests left behind would be counted here too: close and delete them first
      await new BillingService(db, () => T0 + 1_000_000_000).reconcileStaleHolds(0);
      await new BillingService(db, () => T0 + 2_000_000_000).purgeClosedHolds(0);
    });

    it('refunds holds a crashed process left behind, and only those past the age limit', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      let crashedClock = T0;
      const crashed = new BillingService(db, () => crashedClock);
      const old = newRequestId();
      await crashed.preConsume({ requestId: old, userId: user.id, tokenId, tokenUnlimited: false, amount: 1_000 });
      crashedClock = T0 + 500;
      const recent = newRequestId();
      await crashed.preConsume({ requestId: recent, userId: user.id, tokenId, tokenUnlimited: false, amount: 2_000 });

      const survivor = new BillingService(db, () => T0 + 700);
      expect(await survivor.reconcileStaleHolds(600)).toBe(1);
      expect((await holdOf(db, old))?.status).toBe('refunded');
      expect((await holdOf(db, recent))?.status).toBe('held');
      expect((await userRow(db, user.id)).quota).toBe(8_000);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(8_000);
      expect(await survivor.reconcileStaleHolds(600)).toBe(0);
    });

    it('keeps the holds of a live process fresh so they are never refunded under a long request', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      let liveClock = T0;
      const live = new BillingService(db, () => liveClock);
      const requestId = newRequestId();
      await live.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 1_000 });
      liveClock = T0 + 900;
      await live.touchOpenHolds();
      expect(await live.reconcileStaleHolds(600)).toBe(0);

      const other = new BillingService(db, () => T0 + 1_000);
      expect(await other.reconcileStaleHolds(600)).toBe(0);
      expect(await live.settle({ requestId, actualQuota: 1_200, channelId: 0 })).toBe(true);
      expect((await userRow(db, user.id)).quota).toBe(8_800);
    });

    it('deletes closed holds past the retention time and keeps open and recent ones', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      let localClock = T0;
      const local = new BillingService(db, () => localClock);
      const [settledOld, refundedOld, settledRecent, open] = [newRequestId(), newRequestId(), newRequestId(), newRequestId()];
      for (const requestId of [settledOld, refundedOld, settledRecent, open]) {
        await local.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 10 });
      }
      await local.settle({ requestId: settledOld, actualQuota: 10, channelId: 0 });
      await local.refund(refundedOld);
      localClock = T0 + 5_000;
      await local.settle({ requestId: settledRecent, actualQuota: 10, channelId: 0 });
      localClock = T0 + 6_000;
      expect(await local.purgeClosedHolds(3_000)).toBe(2);
      expect(await holdOf(db, settledOld)).toBeUndefined();
      expect(await holdOf(db, refundedOld)).toBeUndefined();
      expect((await holdOf(db, settledRecent))?.status).toBe('settled');
      expect((await holdOf(db, open))?.status).toBe('held');
      await local.refund(open);
    });

    it('runs refresh, stale refund and purge periodically once started, and stops cleanly', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      const crashed = new BillingService(db, () => T0);
      const orphan = newRequestId();
      await crashed.preConsume({ requestId: orphan, userId: user.id, tokenId, tokenUnlimited: false, amount: 400 });
      let liveClock = T0;
      const live = new BillingService(db, () => liveClock);
      const mine = newRequestId();
      await live.preConsume({ requestId: mine, userId: user.id, tokenId, tokenUnlimited: false, amount: 100 });
      liveClock = T0 + 1_000;

      const errors: unknown[] = [];
      const stop = live.startHoldMaintenance({ intervalSeconds: 0.02, staleAfterSeconds: 600, onError: (e) => errors.push(e) });
      for (let i = 0; i < 100 && (await holdOf(db, orphan))?.status === 'held'; i++) await new Promise((r) => setTimeout(r, 20));
      await stop();

      expect(errors).toEqual([]);
      expect((await holdOf(db, orphan))?.status).toBe('refunded');
      expect(await holdOf(db, mine)).toMatchObject({ status: 'held', updated_at: T0 + 1_000 });
      expect((await userRow(db, user.id)).quota).toBe(9_900);
      await live.refund(mine);
    });

    it('refuses maintenance settings that would refund live holds between two refreshes', () => {
      expect(() => billing.startHoldMaintenance({ intervalSeconds: 60, staleAfterSeconds: 60 })).toThrow(RangeError);
    });

    it('does not refund its own open holds however old they are', async () => {
      const { user, tokenId } = await account(10_000, { remain: 10_000 });
      let ownClock = T0;
      const own = new BillingService(db, () => ownClock);
      const requestId = newRequestId();
      await own.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: 1_000 });
      ownClock = T0 + 10_000;
      await own.reconcileStaleHolds(600);
      expect((await holdOf(db, requestId))?.status).toBe('held');
      await own.refund(requestId);
    });
  });

  describe('concurrency', () => {
    it('keeps balances, counters and the log sum exact over 500 concurrent pre-consume/settle pairs of one user and token', async () => {
      const start = 50_000_000;
      const { user, tokenId } = await account(start, { remain: start });
      const channelId = await insertChannel(db);
      const N = 500;
      const actuals = Array.from({ length: N }, () => Math.floor(Math.random() * 3_000));
      const holds = Array.from({ length: N }, () => 1 + Math.floor(Math.random() * 2_000));
      const started = Date.now();
      const outcomes = await Promise.all(
        actuals.map(async (actualQuota, i) => {
          const requestId = newRequestId();
          await billing.preConsume({ requestId, userId: user.id, tokenId, tokenUnlimited: false, amount: holds[i]! });
          return billing.settle({ requestId, actualQuota, channelId, log: consumeLog(user.username) });
        }),
      );
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(outcomes.every(Boolean)).toBe(true);

      const total = actuals.reduce((a, b) => a + b, 0);
      expect(await userRow(db, user.id)).toEqual({ quota: start - total, used_quota: total, request_count: N });
      expect(await tokenRow(db, tokenId)).toMatchObject({ remain_quota: start - total, used_quota: total });
      expect(await channelUsed(db, channelId)).toBe(total);
      const logSum = await db
        .selectFrom('logs')
        .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(quota), 0)`.as('sum')])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect([Number(logSum.n), Number(logSum.sum)]).toEqual([N, total]);
      const open = await db.selectFrom('quota_holds').select('request_id').where('user_id', '=', user.id).where('status', '=', 'held').execute();
      expect(open).toEqual([]);
    });

    it('lets exactly as many concurrent holds through as the user can afford and never goes below zero', async () => {
      const { user, tokenId } = await account(10_000, { unlimited: true });
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, () => billing.preConsume({ requestId: newRequestId(), userId: user.id, tokenId, tokenUnlimited: true, amount: 300 })),
      );
      const granted = results.filter((r) => r.status === 'fulfilled').length;
      const refused = results.filter((r) => r.status === 'rejected');
      expect(granted).toBe(33);
      expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientUserQuotaError)).toBe(true);
      expect((await userRow(db, user.id)).quota).toBe(100);
      const held = await db.selectFrom('quota_holds').select('amount').where('user_id', '=', user.id).execute();
      expect(held.reduce((sum, h) => sum + h.amount, 0)).toBe(9_900);
    });

    it('lets exactly as many concurrent holds through as the token can afford, leaving the user untouched by refused ones', async () => {
      const { user, tokenId } = await account(100_000, { remain: 6_000 });
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, () => billing.preConsume({ requestId: newRequestId(), userId: user.id, tokenId, tokenUnlimited: false, amount: 300 })),
      );
      const granted = results.filter((r) => r.status === 'fulfilled').length;
      expect(granted).toBe(20);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientTokenQuotaError)).toBe(true);
      expect((await tokenRow(db, tokenId)).remain_quota).toBe(0);
      expect((await userRow(db, user.id)).quota).toBe(100_000 - 20 * 300);
    });
  });
});
