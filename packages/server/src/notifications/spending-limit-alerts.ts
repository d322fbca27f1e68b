import type { Db } from '../db/database.js';
import { budgetStanding, hasBudget, type SpendingLimit } from '../billing/spending-limit.js';
import { notificationThrottleRepository } from './notification-throttle.repository.js';
import { deliverNotice, noticeRouteOf, type NoticeDeliveryDeps, type NoticeRecipient } from './notice-delivery.js';
import { spendingLimitMail, spendingLimitWebhookNotice } from './spending-limit-notice.js';

export interface SpendingLimitAlertDeps extends NoticeDeliveryDeps {
  db: Db;
  /** Warn once this share (percent) of a limit is spent; 0: only when it is spent. */
  warningPercent: number;
  systemName: string;
  formatQuota: (quota: number) => string;
}

/** A charged user with their own spending limit, as QuotaAlerts reads them. */
export type ChargedUser = NoticeRecipient & SpendingLimit;

/**
 * Spending-limit notices after charges: for each charged user, their own limit and their keys' limits are
 * compared with what the current period spent. Once per period and limit, a notice says the limit is nearly
 * spent (SpendingLimitWarningPercent) and another that it is spent, across all processes (the throttle
 * row's last sending must be before the period began).
 */
export async function checkSpendingLimits(deps: SpendingLimitAlertDeps, users: ChargedUser[], now: number, onError: (err: unknown) => void): Promise<void> {
  if (users.length === 0) return;
  const keys = await deps.db
    .selectFrom('tokens')
    .select(['id', 'user_id', 'name', 'budget_quota', 'budget_period', 'budget_used', 'budget_window'])
    .where('user_id', 'in', users.map((u) => u.id))
    .where('budget_quota', '>', 0)
    .where('budget_period', '!=', '')
    .where('deleted_at', 'is', null)
    .execute();
  for (const user of users) {
    const limits: [scope: string, keyName: string | null, limit: SpendingLimit][] = [['u', null, user]];
    for (const key of keys) if (key.user_id === user.id) limits.push([`k${key.id}`, key.name, key]);
    for (const [scope, keyName, limit] of limits) {
      try {
        await alertIfDue(deps, user, scope, keyName, limit, now);
      } catch (err) {
        onError(err);
      }
    }
  }
}

async function alertIfDue(deps: SpendingLimitAlertDeps, user: ChargedUser, scope: string, keyName: string | null, limit: SpendingLimit, now: number): Promise<void> {
  if (!hasBudget(limit)) return;
  const { used, resetTime } = budgetStanding(limit, now);
  const reached = used >= limit.budget_quota;
  const percent = Math.floor((used * 100) / limit.budget_quota);
  if (!reached && (deps.warningPercent <= 0 || percent < deps.warningPercent)) return;
  const route = noticeRouteOf(user);
  if (!route) return;
  const periodStart = limit.budget_window;
  // One claim per kind of notice in the period: the last one sent must be from before the period began.
  const kind = `${reached ? 'budget_spent' : 'budget_warn'}:${scope}`;
  if (!(await notificationThrottleRepository.claim(deps.db, user.id, kind, now, now - periodStart + 1))) return;
  const facts = {
    systemName: deps.systemName,
    keyName,
    period: limit.budget_period,
    spent: deps.formatQuota(used),
    limit: deps.formatQuota(limit.budget_quota),
    percent,
    reached,
    renewsAt: resetTime,
    timestamp: now,
  };
  await deliverNotice(deps, route, spendingLimitWebhookNotice(facts), (to) => spendingLimitMail(to, facts));
}
