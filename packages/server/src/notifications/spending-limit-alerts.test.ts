import { beforeEach, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { member, type Member } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { useNoticeTestSite } from '../../test/notice-test-site.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import { callJson } from '../users/users.test-helpers.js';
import { budgetWindow } from '../billing/spending-limit.js';
import { nowSeconds } from '../platform/clock.js';
import { fillPlaceholders } from './quota-notice.js';
import { SPENDING_LIMIT_NOTICE_TYPE } from './spending-limit-notice.js';

describe.each(testDialects())('spending-limit notifications (%s)', (dialect) => {
  const site = useNoticeTestSite(dialect);
  beforeEach(async () => {
    await site.ctx.services.options.set({ SpendingLimitWarningPercent: 80 });
  });

  /** A user (rich, so no low-quota notice) whose notices go to the receiver at `path`, with a daily limit of their own when `limit` is given. */
  async function webhookUser(path: string, limit?: number): Promise<Member> {
    const u = await member(site.ctx, { quota: 100_000_000 });
    const saved = await callJson(site.ctx, 'PUT', '/api/user/setting', u, { notify_type: 'webhook', quota_warning_threshold: 1, webhook_url: `${site.receiver.url}${path}` });
    expect(saved.success, saved.message).toBe(true);
    if (limit) await site.ctx.db.updateTable('users').set({ budget_quota: limit, budget_period: 'daily' }).where('id', '=', u.id).execute();
    return u;
  }
  async function limitedKey(userId: number, name: string, limit: number, period = 'weekly'): Promise<number> {
    return insertReturningId(site.ctx.db, 'tokens', { user_id: userId, key: randomBytes(24).toString('hex'), name, unlimited_quota: 1, budget_quota: limit, budget_period: period });
  }
  /** Charges `quota` as the relay does (batched settlement counting the limits), then runs the notice check. */
  async function charge(userId: number, tokenId: number, quota: number, periods: { user?: 'daily'; key?: 'weekly' | 'monthly' }) {
    const requestId = randomUUID();
    await site.ctx.services.billing.settleBatched({ requestId, userId, tokenId, tokenUnlimited: true, actualQuota: quota, channelId: 0, budgetPeriod: periods.key, userBudgetPeriod: periods.user });
    await site.ctx.services.quotaAlerts.check();
  }
  const notices = (path: string) => site.receiver.deliveries.filter((d) => d.path === path).map((d) => ({ title: d.body.title, text: fillPlaceholders(d.body.content, d.body.values), type: d.body.type }));
  const renews = (period: 'daily' | 'weekly') => `${new Date(budgetWindow(period, nowSeconds()).next * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

  it("warns once when the account's limit is 80% spent and tells once more when it is all spent, in that period", async () => {
    const u = await webhookUser('/user', 1_000_000);
    const key = await limitedKey(u.id, 'plain', 0, '');
    await charge(u.id, key, 500_000, { user: 'daily' });
    expect(notices('/user')).toEqual([]);
    await charge(u.id, key, 300_000, { user: 'daily' });
    await charge(u.id, key, 100_000, { user: 'daily' });
    expect(notices('/user')).toEqual([
      { type: SPENDING_LIMIT_NOTICE_TYPE, title: 'Spending limit nearly reached', text: `Your account has spent $1.60 (80%) of its daily limit of $2.00; the limit renews at ${renews('daily')}.` },
    ]);
    await charge(u.id, key, 100_000, { user: 'daily' });
    await charge(u.id, key, 100_000, { user: 'daily' });
    expect(notices('/user').slice(1)).toEqual([
      { type: SPENDING_LIMIT_NOTICE_TYPE, title: 'Spending limit reached', text: `Your account has spent $2.00 of its daily limit of $2.00; its requests are refused until the limit renews at ${renews('daily')}.` },
    ]);

    // The next period (simulated by moving the stored spending and the last notices a day back) warns again.
    await site.ctx.db.updateTable('users').set((eb) => ({ budget_window: eb('budget_window', '-', 86_400) })).where('id', '=', u.id).execute();
    await site.ctx.db.updateTable('notification_throttle').set((eb) => ({ last_sent_at: eb('last_sent_at', '-', 86_400) })).where('user_id', '=', u.id).execute();
    await charge(u.id, key, 850_000, { user: 'daily' });
    expect(notices('/user').map((n) => n.title)).toEqual(['Spending limit nearly reached', 'Spending limit reached', 'Spending limit nearly reached']);
  });

  it("names the key whose own limit is nearly spent, separately for each key", async () => {
    const u = await webhookUser('/keys');
    const first = await limitedKey(u.id, 'batch-jobs', 1_000_000);
    const second = await limitedKey(u.id, 'chat-app', 1_000_000);
    await charge(u.id, first, 900_000, { key: 'weekly' });
    await charge(u.id, first, 10_000, { key: 'weekly' });
    await charge(u.id, second, 820_000, { key: 'weekly' });
    expect(notices('/keys').map((n) => n.text)).toEqual([
      `Your API key "batch-jobs" has spent $1.80 (90%) of its weekly limit of $2.00; the limit renews at ${renews('weekly')}.`,
      `Your API key "chat-app" has spent $1.64 (82%) of its weekly limit of $2.00; the limit renews at ${renews('weekly')}.`,
    ]);
  });

  it('sends only the notice of a spent limit when warnings are off (0%), and nothing for users and keys without limits', async () => {
    await site.ctx.services.options.set({ SpendingLimitWarningPercent: 0 });
    const u = await webhookUser('/off', 1_000_000);
    const key = await limitedKey(u.id, 'k', 0, '');
    await charge(u.id, key, 990_000, { user: 'daily' });
    expect(notices('/off')).toEqual([]);
    await charge(u.id, key, 10_000, { user: 'daily' });
    expect(notices('/off').map((n) => n.title)).toEqual(['Spending limit reached']);
    const free = await webhookUser('/none');
    await charge(free.id, await limitedKey(free.id, 'k', 0, ''), 5_000_000, {});
    expect(notices('/none')).toEqual([]);
  });

  it('e-mails the notice when the user chose e-mail', async () => {
    const u = await member(site.ctx, { quota: 100_000_000, email: `limit-${dialect}@example.com` });
    await callJson(site.ctx, 'PUT', '/api/user/setting', u, { notify_type: 'email', quota_warning_threshold: 1 });
    const key = await limitedKey(u.id, 'mailer', 500_000, 'monthly');
    await charge(u.id, key, 500_000, { key: 'monthly' });
    const mail = await site.inbox.waitFor((m) => m.to.includes(`limit-${dialect}@example.com`));
    expect(mail.text).toContain('Subject: Gateway: spending limit reached');
    expect(mail.text).toContain('Your API key "mailer" has spent $1.00 of its monthly limit of $1.00');
  });
});
