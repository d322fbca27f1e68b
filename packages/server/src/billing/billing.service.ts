import type { BudgetPeriod } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { NewLog } from '../db/schema.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { ConflictError } from '../http/errors.js';
import { budgetWindow, hasBudget } from './spending-limit.js';
import { logsRepository } from '../logs/logs.repository.js';
import { nowSeconds } from '../platform/clock.js';
import type { BillingPreference } from '@gw/contracts';
import { InsufficientSubscriptionQuotaError, InsufficientTokenQuotaError, InsufficientUserQuotaError } from './billing-errors.js';
import { subscriptionLedger, type PayingSubscription } from './subscription-ledger.js';
import { HoldStatus, quotaLedgerRepository as ledger } from './quota-ledger.repository.js';
import { inTransaction } from './transaction.js';
import { SettlementBatcher, type SettlementBatcherOptions } from './settlement-batcher.js';

export interface PreConsumeInput {
  /** Unique per relayed request; the key of the hold. At most 64 characters. */
  requestId: string;
  userId: number;
  /** 0 when no token is involved (playground); the token is then never touched. */
  tokenId: number;
  tokenUnlimited: boolean;
  /** Quota to hold (price-calculator `estimatePreConsume`); 0 still requires a positive user balance. */
  amount: number;
  /**
   * Set when the user may hold an active subscription (users.subscription_until in the future): the
   * user's billing preference, which decides whether a subscription or the wallet pays. Absent: the wallet.
   */
  funding?: BillingPreference;
}

/** Which subscription pays for a request (absent: the wallet). */
export interface HoldFunding {
  subscriptionId: number;
  planId: number;
  planTitle: string;
}

/** What this process remembers of a hold it opened. */
export interface OpenHold {
  amount: number;
  tokenAmount: number;
  subscription?: HoldFunding;
}

/** A log row written with the settlement; `quota` is always the settled amount. */
export type SettlementLog = Omit<NewLog, 'quota' | 'created_at'> & { created_at?: number };
/** A log row written with a refund (for example an error log); written as given. */
export type RefundLog = Omit<NewLog, 'created_at'> & { created_at?: number };

export interface SettleInput {
  requestId: string;
  /** The exact cost (price-calculator `computeQuota`). */
  actualQuota: number;
  /** The channel that served the request; 0 for none. */
  channelId: number;
  /** The consume log (type 2) decided by the caller; omitted when consume logging is off. */
  log?: SettlementLog | null;
}

export interface HoldMaintenanceOptions {
  /** How often to refresh this process's open holds and look for stale ones. */
  intervalSeconds: number;
  /** A hold not refreshed for this long belongs to a dead process and is refunded. Must exceed intervalSeconds. */
  staleAfterSeconds: number;
  /** Settled and refunded holds are deleted once this old (default one day). */
  closedHoldRetentionSeconds?: number;
  /** Called with any error of a maintenance round (the round is retried at the next tick). */
  onError?: (err: unknown) => void;
}

const RECONCILE_BATCH = 200;
const TOUCH_BATCH = 500;
const DEFAULT_CLOSED_HOLD_RETENTION_SECONDS = 86_400;
const MAX_REQUEST_ID_LENGTH = 64;

function assertRequestId(requestId: string): void {
  if (requestId.length === 0 || requestId.length > MAX_REQUEST_ID_LENGTH) {
    throw new RangeError(`requestId must have 1 to ${MAX_REQUEST_ID_LENGTH} characters`);
  }
}

function assertQuotaAmount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** How long applied settlement batch ids are kept: far longer than any batch is retried. */
const SETTLEMENT_BATCH_RETENTION_SECONDS = 24 * 3600;

/**
 * The quota ledger: hold an estimate before the upstream call, settle the exact cost after it, refund on
 * failure. Each operation is one database transaction of single-statement atomic updates, so any number
 * of concurrent requests (and nodes) for one user and token leave balances exactly consistent. Settle
 * and refund act only on a hold still 'held', which makes both idempotent.
 *
 * Lock order, the same in every transaction so PostgreSQL and MariaDB cannot deadlock on it:
 * the request's own hold row → token → user → channel (pre-consume inserts its hold last; no other
 * transaction can hold that new row).
 *
 * The process remembers the holds it opened and keeps them fresh (`startHoldMaintenance`); a hold left
 * 'held' and not refreshed for a while belongs to a crashed process and is refunded.
 */
export class BillingService {
  /** Holds this process opened and has not closed, with what they took. */
  private readonly openHolds = new Map<string, OpenHold>();
  private readonly batcher: SettlementBatcher;
  private readonly chargeListeners = new Set<(userId: number) => void>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = nowSeconds,
    batching: Omit<SettlementBatcherOptions, 'now'> = {},
  ) {
    this.batcher = new SettlementBatcher(db, { ...batching, now });
  }

  /**
   * Hears every committed settlement with a non-zero cost (quota notifications). Listeners are called
   * after the commit and must not block: they run on the settling request's path.
   */
  onCharged(listener: (userId: number) => void): () => void {
    this.chargeListeners.add(listener);
    return () => this.chargeListeners.delete(listener);
  }

  private announceCharge(userId: number, quota: number): void {
    if (quota <= 0) return;
    for (const listener of this.chargeListeners) {
      try {
        listener(userId);
      } catch (err) {
        console.error('a charge listener failed', err);
      }
    }
  }

  /**
   * Debits the token (unless unlimited) and the paying source — the user's wallet or, as `funding` says, a
   * subscription's budget — and records the hold; on any refusal nothing changes.
   */
  async preConsume(input: PreConsumeInput): Promise<void> {
    assertRequestId(input.requestId);
    assertQuotaAmount('amount', input.amount);
    const debitToken = input.tokenId > 0 && !input.tokenUnlimited;
    const now = this.now();
    let paying: PayingSubscription | undefined;
    try {
      paying = await inTransaction(this.db, async (trx) => {
        if (debitToken && !(await ledger.debitTokenIfCovered(trx, input.tokenId, input.amount))) {
          throw new InsufficientTokenQuotaError();
        }
        const sub = await this.debitPayingSource(trx, input, now);
        await ledger.insertHold(trx, {
          request_id: input.requestId,
          user_id: input.userId,
          token_id: input.tokenId,
          amount: input.amount,
          token_amount: debitToken ? input.amount : 0,
          status: HoldStatus.Held,
          created_at: now,
          updated_at: now,
          subscription_id: sub?.id ?? 0,
        });
        return sub;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(`request ${input.requestId} already holds quota`);
      throw err;
    }
    const subscription = paying ? { subscriptionId: paying.id, planId: paying.plan_id, planTitle: paying.plan_title } : undefined;
    this.openHolds.set(input.requestId, { amount: input.amount, tokenAmount: debitToken ? input.amount : 0, subscription });
  }

  /** Takes the hold from the wallet or a subscription, in the order the preference gives; returns the subscription that paid. */
  private async debitPayingSource(trx: Db, input: PreConsumeInput, now: number): Promise<PayingSubscription | undefined> {
    const pref = input.funding;
    const wallet = () => ledger.debitUserIfCovered(trx, input.userId, input.amount);
    if (!pref || pref === 'wallet_only') {
      if (!(await wallet())) throw new InsufficientUserQuotaError();
      return undefined;
    }
    if (pref === 'wallet_first') {
      if (await wallet()) return undefined;
      const sub = await this.debitSubscription(trx, input, now);
      if (!sub) throw new InsufficientUserQuotaError();
      return sub;
    }
    const sub = await this.debitSubscription(trx, input, now);
    if (sub) return sub;
    if (pref === 'subscription_only') throw new InsufficientSubscriptionQuotaError();
    if (!(await wallet())) throw new InsufficientUserQuotaError();
    return undefined;
  }

  /** The first of the user's active subscriptions (soonest ending first) whose budget covers the hold. */
  private async debitSubscription(trx: Db, input: PreConsumeInput, now: number): Promise<PayingSubscription | undefined> {
    for (const candidate of await subscriptionLedger.payingSubscriptions(trx, input.userId, now)) {
      const sub = await subscriptionLedger.resetIfDue(trx, candidate, now);
      if (await subscriptionLedger.debitIfCovered(trx, sub.id, input.amount, now)) return sub;
    }
    return undefined;
  }

  /** The subscription paying for a request this process holds quota for (none: the wallet pays). */
  fundingOf(requestId: string): HoldFunding | undefined {
    return this.openHolds.get(requestId)?.subscription;
  }

  /**
   * The relay's settlement: like `settle`, but written with other settlements in one group commit (see
   * SettlementBatcher), for a request with a hold from this process or — for a trusted request that took
   * no hold — charged in full. Resolves once committed.
   */
  settleBatched(
    input: SettleInput & { userId: number; tokenId: number; tokenUnlimited: boolean; budgetPeriod?: BudgetPeriod; userBudgetPeriod?: BudgetPeriod },
  ): Promise<void> {
    assertQuotaAmount('actualQuota', input.actualQuota);
    const hold = this.openHolds.get(input.requestId);
    this.openHolds.delete(input.requestId);
    const committed = this.batcher.enqueue({
      requestId: input.requestId,
      userId: input.userId,
      tokenId: input.tokenId,
      tokenUnlimited: input.tokenUnlimited,
      actualQuota: input.actualQuota,
      channelId: input.channelId,
      budgetPeriod: input.budgetPeriod,
      userBudgetPeriod: input.userBudgetPeriod,
      hold,
      log: hold?.subscription && input.log ? withFundingNote(input.log, hold.subscription) : input.log ?? null,
      settledAt: this.now(),
    });
    if (this.chargeListeners.size === 0) return committed;
    return committed.then(() => this.announceCharge(input.userId, input.actualQuota));
  }

  /** Whether this process holds quota for the request. */
  hasOpenHold(requestId: string): boolean {
    return this.openHolds.has(requestId);
  }

  /** Writes every queued settlement (graceful shutdown). */
  drain(): Promise<void> {
    return this.batcher.drain();
  }

  /**
   * Charges the exact cost: the difference to the hold is taken from (or given back to) user and token,
   * usage counters grow, and the consume log is written — all or nothing. The user balance may end below
   * zero (overdraft after the fact is accepted, as upstream usage cannot be undone).
   * Returns false, changing nothing, when the hold is unknown or already settled or refunded.
   */
  async settle(input: SettleInput): Promise<boolean> {
    assertQuotaAmount('actualQuota', input.actualQuota);
    const now = this.now();
    const actual = input.actualQuota;
    const funding = this.openHolds.get(input.requestId)?.subscription;
    const log = funding && input.log ? withFundingNote(input.log, funding) : input.log;
    const chargedUserId = await inTransaction(this.db, async (trx) => {
      if (!(await ledger.closeHold(trx, input.requestId, HoldStatus.Settled, now))) return null;
      const hold = (await ledger.findHold(trx, input.requestId))!;
      const delta = actual - hold.amount;
      if (hold.token_id > 0) {
        await ledger.applyTokenUsage(trx, hold.token_id, hold.token_amount > 0 ? delta : 0, actual, now);
        await addToBudget(trx, 'tokens', hold.token_id, now, actual);
      }
      if (hold.subscription_id > 0) await subscriptionLedger.applyUsage(trx, hold.subscription_id, delta);
      await ledger.applyUserUsage(trx, hold.user_id, hold.subscription_id > 0 ? 0 : delta, actual);
      await addToBudget(trx, 'users', hold.user_id, now, actual);
      if (input.channelId > 0) await ledger.addChannelUsage(trx, input.channelId, actual);
      if (log) {
        await logsRepository.insert(trx, {
          user_id: hold.user_id,
          token_id: hold.token_id,
          channel_id: input.channelId,
          ...log,
          created_at: log.created_at ?? now,
          quota: actual,
        });
      }
      return hold.user_id;
    });
    this.openHolds.delete(input.requestId);
    if (chargedUserId === null) return false;
    this.announceCharge(chargedUserId, actual);
    return true;
  }

  /**
   * Gives the whole hold back to user and token (the request failed). Optionally writes a log row (an
   * error log) in the same transaction. Returns false, changing nothing, when the hold is unknown or
   * already closed.
   */
  async refund(requestId: string, log?: RefundLog | null): Promise<boolean> {
    const now = this.now();
    const refunded = await inTransaction(this.db, async (trx) => {
      if (!(await ledger.closeHold(trx, requestId, HoldStatus.Refunded, now))) return false;
      const hold = (await ledger.findHold(trx, requestId))!;
      if (hold.token_amount > 0) await ledger.creditToken(trx, hold.token_id, hold.token_amount);
      if (hold.subscription_id > 0) await subscriptionLedger.applyUsage(trx, hold.subscription_id, -hold.amount);
      else if (hold.amount > 0) await ledger.creditUser(trx, hold.user_id, hold.amount);
      if (log) await logsRepository.insert(trx, { user_id: hold.user_id, token_id: hold.token_id, ...log, created_at: log.created_at ?? now });
      return true;
    });
    this.openHolds.delete(requestId);
    return refunded;
  }

  /** Refreshes the holds this process still has open, so other nodes do not take them for stale. */
  async touchOpenHolds(): Promise<void> {
    const ids = [...this.openHolds.keys()];
    const now = this.now();
    for (let i = 0; i < ids.length; i += TOUCH_BATCH) {
      await ledger.touchHolds(this.db, ids.slice(i, i + TOUCH_BATCH), now);
    }
  }

  /**
   * Refunds every hold still 'held' and not refreshed for `olderThanSeconds` (left by a crashed process),
   * except the ones this process has open. Run at start-up and periodically. Returns how many were refunded.
   */
  async reconcileStaleHolds(olderThanSeconds: number): Promise<number> {
    const cutoff = this.now() - olderThanSeconds;
    let refunded = 0;
    const seen = new Set<string>();
    for (;;) {
      const batch = (await ledger.listStaleHolds(this.db, cutoff, RECONCILE_BATCH + seen.size)).filter((id) => !seen.has(id));
      if (batch.length === 0) return refunded;
      for (const requestId of batch) {
        seen.add(requestId);
        if (this.openHolds.has(requestId)) continue;
        if (await this.refund(requestId)) refunded += 1;
      }
    }
  }

  /** Deletes settled and refunded holds closed more than `olderThanSeconds` ago; returns how many. */
  purgeClosedHolds(olderThanSeconds: number): Promise<number> {
    return ledger.deleteClosedHolds(this.db, this.now() - olderThanSeconds);
  }

  /**
   * Every `intervalSeconds`: refreshes this process's open holds, refunds stale ones and deletes old
   * closed ones. Returns the stop function. Run `reconcileStaleHolds` once at start-up as well.
   */
  startHoldMaintenance(options: HoldMaintenanceOptions): () => Promise<void> {
    if (options.staleAfterSeconds <= options.intervalSeconds) {
      throw new RangeError('staleAfterSeconds must be longer than intervalSeconds');
    }
    const retention = options.closedHoldRetentionSeconds ?? DEFAULT_CLOSED_HOLD_RETENTION_SECONDS;
    let round: Promise<void> | undefined;
    const runRound = async () => {
      try {
        await this.touchOpenHolds();
        await this.reconcileStaleHolds(options.staleAfterSeconds);
        await this.purgeClosedHolds(retention);
        await ledger.deleteSettlementBatches(this.db, this.now() - SETTLEMENT_BATCH_RETENTION_SECONDS);
      } catch (err) {
        options.onError?.(err);
      } finally {
        round = undefined;
      }
    };
    const timer = setInterval(() => {
      round ??= runRound();
    }, options.intervalSeconds * 1000);
    timer.unref();
    /** Stops the timer and waits for a round in progress, so the database can be closed after it. */
    return async () => {
      clearInterval(timer);
      await round;
    };
  }
}

/** A consume log paid by a subscription says so in its `other` JSON (new-api's billing_source fields). */
function withFundingNote(log: SettlementLog, funding: HoldFunding): SettlementLog {
  let other: Record<string, unknown> = {};
  try {
    const parsed: unknown = log.other ? JSON.parse(log.other) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) other = parsed as Record<string, unknown>;
  } catch {
    // An unreadable `other` is replaced by the funding note alone.
  }
  other.billing_source = 'subscription';
  other.subscription_id = funding.subscriptionId;
  other.subscription_plan_id = funding.planId;
  other.subscription_plan_title = funding.planTitle;
  return { ...log, other: JSON.stringify(other) };
}

/** Adds a settled charge to the spending limit of a token or user in the current period, when it has one. */
async function addToBudget(trx: Db, table: 'tokens' | 'users', id: number, now: number, actual: number): Promise<void> {
  const limit = await trx.selectFrom(table).select(['budget_quota', 'budget_period']).where('id', '=', id).executeTakeFirst();
  if (limit && hasBudget(limit)) await ledger.addBudgetSpending(trx, table, id, budgetWindow(limit.budget_period, now).start, actual);
}
