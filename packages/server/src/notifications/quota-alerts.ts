import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import { nowSeconds } from '../platform/clock.js';
import { parseUserSetting } from '../personal/user-setting.js';
import { notificationThrottleRepository } from './notification-throttle.repository.js';
import { QUOTA_NOTICE_TYPE, quotaMail, quotaWebhookNotice, type QuotaNoticeFacts } from './quota-notice.js';
import { deliverNotice, noticeRouteOf, type NoticeDeliveryDeps, type NoticeRecipient } from './notice-delivery.js';
import { checkSpendingLimits, type SpendingLimitAlertDeps } from './spending-limit-alerts.js';

/** At most one quota notice per user in this many seconds (spec 1 §9). */
export const QUOTA_NOTICE_INTERVAL_SECONDS = 2 * 3600;
/** Charged users are checked together after this delay, so a busy relay costs one query per interval. */
const CHECK_DELAY_MS = 1000;
const USERS_PER_QUERY = 500;

export interface QuotaAlertsDeps extends NoticeDeliveryDeps {
  db: Db;
  options: OptionsService;
  now?: () => number;
  checkDelayMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * Low-quota notices (spec 3 §2.8, new-api §3.7): after a charge is committed, the user's balance is
 * compared with their warning threshold (or QuotaRemindThreshold when they never set one); below it, an
 * e-mail or a signed webhook goes out, at most once per 2 hours per user across all processes. The same
 * check tells the user when their own or one of their keys' spending limits is nearly or wholly spent
 * (spending-limit-alerts.ts). Nothing here runs on the relay's path: `charged` only remembers the user,
 * the check runs later.
 */
export class QuotaAlerts {
  private pending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly deps: QuotaAlertsDeps) {
    this.now = deps.now ?? nowSeconds;
  }

  /** Notes that a user was charged; the check happens shortly after, in the background. */
  charged(userId: number): void {
    if (this.stopped) return;
    this.pending.add(userId);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.running || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check();
    }, this.deps.checkDelayMs ?? CHECK_DELAY_MS);
    this.timer.unref();
  }

  /** Checks every remembered user now (also used by tests and at shutdown). */
  async check(): Promise<void> {
    while (this.running) await this.running;
    if (this.pending.size === 0) return;
    const ids = [...this.pending];
    this.pending.clear();
    this.running = this.checkUsers(ids)
      .catch((err) => this.deps.onError?.(err))
      .finally(() => {
        this.running = undefined;
        if (this.pending.size > 0) this.schedule();
      });
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async checkUsers(ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += USERS_PER_QUERY) {
      const users = await this.deps.db
        .selectFrom('users')
        .select(['id', 'email', 'quota', 'setting', 'notify_webhook_secret', 'budget_quota', 'budget_period', 'budget_used', 'budget_window'])
        .where('id', 'in', ids.slice(i, i + USERS_PER_QUERY))
        .where('deleted_at', 'is', null)
        .execute();
      for (const user of users) {
        try {
          await this.checkUser(user);
        } catch (err) {
          this.deps.onError?.(err);
        }
      }
      await checkSpendingLimits(this.spendingDeps(), users, this.now(), (err) => this.deps.onError?.(err));
    }
  }

  private spendingDeps(): SpendingLimitAlertDeps {
    const { options } = this.deps;
    return { ...this.deps, warningPercent: options.get('SpendingLimitWarningPercent'), systemName: options.get('SystemName'), formatQuota: (q) => this.formatQuota(q) };
  }

  private async checkUser(user: NoticeRecipient & { quota: number }): Promise<void> {
    const { options } = this.deps;
    const threshold = parseUserSetting(user.setting).quota_warning_threshold ?? options.get('QuotaRemindThreshold');
    if (threshold <= 0 || user.quota >= threshold) return;
    const route = noticeRouteOf(user);
    if (!route) return;

    const now = this.now();
    if (!(await notificationThrottleRepository.claim(this.deps.db, user.id, QUOTA_NOTICE_TYPE, now, QUOTA_NOTICE_INTERVAL_SECONDS))) return;
    const facts: QuotaNoticeFacts = {
      systemName: options.get('SystemName'),
      remaining: this.formatQuota(user.quota),
      threshold: this.formatQuota(threshold),
      topUpUrl: `${options.get('ServerAddress').replace(/\/+$/, '')}/topup`,
      timestamp: now,
    };
    await deliverNotice(this.deps, route, quotaWebhookNotice(facts), (to) => quotaMail(to, facts));
  }

  private formatQuota(quota: number): string {
    const o = this.deps.options;
    return o.get('DisplayInCurrencyEnabled') ? `$${(quota / o.get('QuotaPerUnit')).toFixed(2)}` : String(quota);
  }
}
