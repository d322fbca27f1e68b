import {
  ErrorCode,
  NO_ACTIVE_PLAN_SUBSCRIPTION,
  SUBSCRIPTION_PLAN_DISABLED,
  subscriptionPurchaseLimitReached,
  type BillingPreference,
  type SubscriptionPlanFields,
  type SubscriptionPlanItem,
  type SubscriptionResetResult,
  type SubscriptionSelfView,
  type SubscriptionSummary,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import { AppError, NotFoundError, ValidationError } from '../http/errors.js';
import { inTransaction } from '../billing/transaction.js';
import { quotaLedgerRepository } from '../billing/quota-ledger.repository.js';
import { InsufficientUserQuotaError } from '../billing/billing-errors.js';
import { logsRepository } from '../logs/logs.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { LogType } from '../logs/log-types.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { nowSeconds } from '../platform/clock.js';
import { billingPreferenceOf } from './subscription-funding.js';
import { parseSettingObject } from '../personal/user-setting.js';
import { resetWindow, subscriptionEnd } from './subscription-periods.js';
import { subscriptionLedger } from '../billing/subscription-ledger.js';
import { planColumns, subscriptionsRepository as repo, type UserSubscriptionWithTitle } from './subscriptions.repository.js';
import { toPlanView, toUserSubscriptionView, type PlanRow } from './subscription-views.js';

/** How a subscription came to be: bought online, bought with wallet quota, or given by an administrator. */
export type SubscriptionSource = 'order' | 'balance' | 'admin';

export interface SubscriptionsDeps {
  db: Db;
  options: OptionsService;
  events: ChangeEvents;
  now?: () => number;
}

const JOB_BATCH = 200;

/**
 * Subscription plans and the subscriptions users hold (new-api's /api/subscription). Creating, ending and
 * deleting a subscription keeps `users.subscription_until` (what the relay reads to know whether to look
 * at subscriptions) and the user's group (a plan may move its holder to an `upgrade_group` while it
 * lasts) right in the same transaction, and drops the relay's cached copy of the user.
 */
export class SubscriptionsService {
  private readonly db: Db;
  private readonly now: () => number;

  constructor(private readonly deps: SubscriptionsDeps) {
    this.db = deps.db;
    this.now = deps.now ?? nowSeconds;
  }

  async listPlans(enabledOnly: boolean): Promise<SubscriptionPlanItem[]> {
    return (await repo.listPlans(this.db, enabledOnly)).map((p) => ({ plan: toPlanView(p) }));
  }

  async createPlan(fields: SubscriptionPlanFields): Promise<SubscriptionPlanItem['plan']> {
    const id = await repo.insertPlan(this.db, fields, this.now());
    return toPlanView((await repo.findPlan(this.db, id))!);
  }

  async updatePlan(id: number, fields: SubscriptionPlanFields): Promise<SubscriptionPlanItem['plan']> {
    if (!(await repo.updatePlan(this.db, id, planColumns(fields), this.now()))) throw new NotFoundError('subscription plan');
    return toPlanView((await repo.findPlan(this.db, id))!);
  }

  /** Puts a plan on sale or takes it off (what was bought stays); new-api never deletes plans. */
  async setPlanEnabled(id: number, enabled: boolean): Promise<void> {
    if (!(await repo.updatePlan(this.db, id, { enabled: enabled ? 1 : 0 }, this.now()))) throw new NotFoundError('subscription plan');
  }

  async selfView(userId: number): Promise<SubscriptionSelfView> {
    const now = this.now();
    const user = await this.db.selectFrom('users').select('setting').where('id', '=', userId).executeTakeFirst();
    const all = (await repo.listUserSubscriptions(this.db, userId)).map((s) => this.summary(s, now));
    const active = all.filter((s) => s.subscription.status === 'active' && s.subscription.end_time > now).sort((a, b) => a.subscription.end_time - b.subscription.end_time || a.subscription.id - b.subscription.id);
    return { billing_preference: billingPreferenceOf(user?.setting ?? null), subscription: active[0] ?? null, subscriptions: active, all_subscriptions: all };
  }

  async listForUser(userId: number): Promise<SubscriptionSummary[]> {
    await this.existingUser(userId);
    const now = this.now();
    return (await repo.listUserSubscriptions(this.db, userId)).map((s) => this.summary(s, now));
  }

  /** Saves the user's billing preference in their setting JSON (other keys stay). */
  async setPreference(userId: number, preference: BillingPreference): Promise<{ billing_preference: BillingPreference }> {
    const user = await this.db.selectFrom('users').select('setting').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new NotFoundError('user');
    const setting = { ...parseSettingObject(user.setting), billing_preference: preference };
    await this.db.updateTable('users').set({ setting: JSON.stringify(setting) }).where('id', '=', userId).execute();
    this.deps.events.changed('user', userId);
    return { billing_preference: preference };
  }

  /** An administrator gives a user a plan (enabled or not, whatever its purchase limit). */
  async grant(userId: number, planId: number): Promise<SubscriptionSummary> {
    const plan = await this.existingPlan(planId);
    await this.existingUser(userId);
    const id = await inTransaction(this.db, (trx) => this.createFromPlan(trx, userId, plan, 'admin'));
    this.deps.events.changed('user', userId);
    return this.summaryOf(id);
  }

  /**
   * The user buys a plan with wallet quota: the price (in USD, or in CNY at USDExchangeRate) at QuotaPerUnit,
   * taken in the same transaction that creates the subscription, and logged.
   */
  async buyWithBalance(user: { id: number; username: string }, planId: number): Promise<SubscriptionSummary> {
    const plan = await this.purchasablePlan(user.id, planId);
    const cost = this.quotaPriceOf(plan);
    const now = this.now();
    const id = await inTransaction(this.db, async (trx) => {
      // The limit is checked again with the user's row locked, so two concurrent purchases cannot both pass it.
      if (!(await usersRepository.findByIdForUpdate(trx, user.id))) throw new NotFoundError('user');
      await this.assertUnderPurchaseLimit(trx, user.id, plan);
      if (cost > 0 && !(await quotaLedgerRepository.debitUserIfCovered(trx, user.id, cost))) throw new InsufficientUserQuotaError('your balance is not enough for this plan');
      const subscriptionId = await this.createFromPlan(trx, user.id, plan, 'balance');
      await logsRepository.insert(trx, {
        user_id: user.id,
        username: user.username,
        type: LogType.Manage,
        quota: cost,
        created_at: now,
        content: `bought the subscription plan "${plan.title}" with the balance for ${this.quotaText(cost)}`,
        other: JSON.stringify({ subscription_id: subscriptionId, subscription_plan_id: Number(plan.id), billing_source: 'wallet' }),
      });
      return subscriptionId;
    });
    this.deps.events.changed('user', user.id);
    return this.summaryOf(id);
  }

  /** A plan the user may buy now: on sale and under its per-user limit. */
  async purchasablePlan(userId: number, planId: number): Promise<PlanRow> {
    const plan = await this.existingPlan(planId);
    if (Number(plan.enabled) !== 1) throw new AppError(ErrorCode.Validation, SUBSCRIPTION_PLAN_DISABLED);
    await this.assertUnderPurchaseLimit(this.db, userId, plan);
    return plan;
  }

  /**
   * Creates the subscription a completed payment order bought (payments call this inside the transaction
   * that marks the order paid, so an order buys exactly one subscription). Returns its id.
   */
  createForOrder(trx: Db, userId: number, plan: PlanRow): Promise<number> {
    return this.createFromPlan(trx, userId, plan, 'order');
  }

  /** Ends a subscription now (status cancelled); its unused budget is gone. */
  async invalidate(id: number): Promise<void> {
    const userId = await inTransaction(this.db, async (trx) => {
      const sub = await repo.findUserSubscription(trx, id);
      if (!sub) throw new NotFoundError('subscription');
      if (sub.status === 'active') await this.end(trx, sub, 'cancelled');
      return Number(sub.user_id);
    });
    this.deps.events.changed('user', userId);
  }

  /** Deletes a subscription record (ending it first when it is active). */
  async remove(id: number): Promise<void> {
    const userId = await inTransaction(this.db, async (trx) => {
      const sub = await repo.findUserSubscription(trx, id);
      if (!sub) throw new NotFoundError('subscription');
      if (sub.status === 'active') await this.end(trx, sub, 'cancelled');
      await trx.deleteFrom('user_subscriptions').where('id', '=', id).execute();
      return Number(sub.user_id);
    });
    this.deps.events.changed('user', userId);
  }

  /**
   * An administrator's reset of budgets: the use of every active subscription of the plan (of one user,
   * or of everyone) goes back to 0 in one transaction, and with `advance` the reset window starts again
   * from now. Each affected user gets a manage log. A user with no active subscription to the plan is an error.
   */
  async resetBudgets(admin: { username: string }, planId: number, opts: { userId?: number; advance: boolean }): Promise<SubscriptionResetResult> {
    const plan = await this.existingPlan(planId);
    if (opts.userId !== undefined) await this.existingUser(opts.userId);
    const now = this.now();
    const touched = await inTransaction(this.db, async (trx) => {
      let query = trx
        .selectFrom('user_subscriptions')
        .select(['id', 'user_id', 'quota_reset_period', 'quota_reset_custom_seconds'])
        .where('plan_id', '=', planId)
        .where('status', '=', 'active')
        .where('end_time', '>', now);
      if (opts.userId !== undefined) query = query.where('user_id', '=', opts.userId);
      const subs = await query.orderBy('user_id').orderBy('id').execute();
      if (opts.userId !== undefined && subs.length === 0) throw new ValidationError(NO_ACTIVE_PLAN_SUBSCRIPTION, { field: 'plan_id' });
      for (const sub of subs) {
        const restart = opts.advance && sub.quota_reset_period !== 'never' ? { last_reset_time: now, next_reset_time: resetWindow(now, now, sub.quota_reset_period, Number(sub.quota_reset_custom_seconds)).next } : {};
        await trx.updateTable('user_subscriptions').set({ amount_used: 0, updated_at: now, ...restart }).where('id', '=', sub.id).execute();
      }
      const userIds = [...new Set(subs.map((s) => Number(s.user_id)))];
      for (const userId of userIds) {
        await logsRepository.insertForUser(trx, {
          user_id: userId,
          type: LogType.Manage,
          quota: 0,
          created_at: now,
          content: `administrator ${admin.username} reset the budget of the subscription plan "${plan.title}" (ID ${planId})`,
          other: JSON.stringify({ subscription_plan_id: planId, advance_reset_time: opts.advance, reset_by: admin.username }),
        });
      }
      return { count: subs.length, userIds };
    });
    return {
      plan_id: planId,
      plan_title: plan.title,
      matched_count: touched.count,
      reset_count: touched.count,
      user_count: touched.userIds.length,
      advance_reset_time: opts.advance,
      affected_user_ids: touched.userIds,
    };
  }

  /**
   * The periodic job: expires subscriptions whose end has come (giving back the group they lent) and starts
   * the new budget window of those whose reset time has come. Returns how many of each it handled.
   */
  async runMaintenance(): Promise<{ expired: number; reset: number }> {
    const now = this.now();
    let expired = 0;
    for (const id of await repo.endedActive(this.db, now, JOB_BATCH)) {
      const userId = await inTransaction(this.db, async (trx) => {
        const sub = await repo.findUserSubscription(trx, id);
        if (!sub || sub.status !== 'active' || Number(sub.end_time) > now) return 0;
        await this.end(trx, sub, 'expired');
        return Number(sub.user_id);
      });
      if (userId > 0) {
        expired++;
        this.deps.events.changed('user', userId);
      }
    }
    let reset = 0;
    for (const id of await repo.dueForReset(this.db, now, JOB_BATCH)) {
      const [row] = await this.db
        .selectFrom('user_subscriptions')
        .select(['id', 'plan_id', 'amount_total', 'amount_used', 'start_time', 'next_reset_time', 'quota_reset_period', 'quota_reset_custom_seconds'])
        .where('id', '=', id)
        .execute();
      if (!row) continue;
      const after = await subscriptionLedger.resetIfDue(this.db, { ...row, plan_title: '' }, now);
      if (after.next_reset_time !== row.next_reset_time) reset++;
    }
    return { expired, reset };
  }

  private async createFromPlan(trx: Db, userId: number, plan: PlanRow, source: SubscriptionSource): Promise<number> {
    const now = this.now();
    const end = subscriptionEnd(now, plan);
    const period = plan.quota_reset_period;
    const customSeconds = Number(plan.quota_reset_custom_seconds);
    const user = await trx.selectFrom('users').select(['group']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user) throw new NotFoundError('user');
    let prevGroup = '';
    if (plan.upgrade_group && plan.upgrade_group !== user.group) {
      prevGroup = user.group;
      await trx.updateTable('users').set({ group: plan.upgrade_group }).where('id', '=', userId).execute();
    } else if (plan.upgrade_group) {
      // Already in the group (an earlier subscription lent it): remember what that one will give back.
      const lender = await trx
        .selectFrom('user_subscriptions')
        .select('prev_user_group')
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .where('upgrade_group', '=', plan.upgrade_group)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      prevGroup = lender?.prev_user_group ?? '';
    }
    const id = await repo.insertUserSubscription(trx, {
      user_id: userId,
      plan_id: Number(plan.id),
      amount_total: Number(plan.total_amount),
      amount_used: 0,
      start_time: now,
      end_time: end,
      status: 'active',
      source,
      quota_reset_period: period,
      quota_reset_custom_seconds: customSeconds,
      last_reset_time: now,
      next_reset_time: resetWindow(now, now, period, customSeconds).next,
      upgrade_group: plan.upgrade_group,
      prev_user_group: prevGroup,
      created_at: now,
      updated_at: now,
    });
    await repo.refreshSubscriptionUntil(trx, userId, now);
    return id;
  }

  /**
   * Ends an active subscription. The group it lent goes back only when the user is still in it and no
   * other active subscription lends the same group.
   */
  private async end(trx: Db, sub: UserSubscriptionWithTitle, status: 'expired' | 'cancelled'): Promise<void> {
    const now = this.now();
    const userId = Number(sub.user_id);
    await trx.updateTable('user_subscriptions').set({ status, end_time: status === 'cancelled' ? Math.min(Number(sub.end_time), now) : Number(sub.end_time), updated_at: now }).where('id', '=', sub.id).execute();
    if (sub.upgrade_group) {
      const other = await trx
        .selectFrom('user_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .where('end_time', '>', now)
        .where('upgrade_group', '=', sub.upgrade_group)
        .executeTakeFirst();
      if (!other) {
        await trx
          .updateTable('users')
          .set({ group: sub.prev_user_group || 'default' })
          .where('id', '=', userId)
          .where('group', '=', sub.upgrade_group)
          .execute();
      }
    }
    await repo.refreshSubscriptionUntil(trx, userId, now);
  }

  private async assertUnderPurchaseLimit(db: Db, userId: number, plan: PlanRow): Promise<void> {
    const max = Number(plan.max_purchase_per_user);
    if (max > 0 && (await repo.countUserPlan(db, userId, Number(plan.id))) >= max) throw new AppError(ErrorCode.Validation, subscriptionPurchaseLimitReached(max));
  }

  /** The plan's price in quota units; plans priced in other currencies than USD and CNY cannot be paid from the balance. */
  quotaPriceOf(plan: PlanRow): number {
    const price = Number(plan.price_amount);
    const currency = plan.currency.toUpperCase();
    let usd: number;
    if (currency === 'USD') usd = price;
    else if (currency === 'CNY') usd = price / this.deps.options.get('USDExchangeRate');
    else throw new ValidationError(`plans priced in ${plan.currency} cannot be paid from the balance`);
    const quota = Math.round(usd * this.deps.options.get('QuotaPerUnit'));
    // A priced plan never costs nothing.
    return price > 0 ? Math.max(1, quota) : 0;
  }

  private quotaText(quota: number): string {
    return `$${(quota / this.deps.options.get('QuotaPerUnit')).toFixed(2)} (${quota} quota)`;
  }

  private summary(s: UserSubscriptionWithTitle, now: number): SubscriptionSummary {
    const view = toUserSubscriptionView(s);
    // A budget whose reset time passed shows as reset even before the job or a request has reset it.
    if (view.status === 'active' && view.next_reset_time > 0 && view.next_reset_time <= now) {
      const window = resetWindow(view.start_time, now, view.quota_reset_period, Number(s.quota_reset_custom_seconds));
      return { subscription: { ...view, amount_used: 0, last_reset_time: window.start, next_reset_time: window.next } };
    }
    return { subscription: view };
  }

  private async summaryOf(id: number): Promise<SubscriptionSummary> {
    return this.summary((await repo.findUserSubscription(this.db, id))!, this.now());
  }

  private async existingPlan(id: number): Promise<PlanRow> {
    const plan = await repo.findPlan(this.db, id);
    if (!plan) throw new NotFoundError('subscription plan');
    return plan;
  }

  private async existingUser(id: number): Promise<void> {
    if (!(await usersRepository.findById(this.db, id))) throw new NotFoundError('user');
  }
}
