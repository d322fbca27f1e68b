import { describe, expect, it } from 'vitest';
import { createHmac, randomUUID } from 'node:crypto';
import { member, type Member } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { useNoticeTestSite } from '../../test/notice-test-site.js';
import { callJson } from '../users/users.test-helpers.js';
import { SecretBox } from '../platform/secret-box.js';
import { QuotaAlerts, QUOTA_NOTICE_INTERVAL_SECONDS } from './quota-alerts.js';
import { QUOTA_NOTICE_TYPE, fillPlaceholders } from './quota-notice.js';
import { WEBHOOK_SIGNATURE_HEADER, WebhookSender } from './webhook-sender.js';

describe.each(testDialects())('quota notifications (%s)', (dialect) => {
  const site = useNoticeTestSite(dialect, { ServerAddress: 'https://gw.example.com' });

  /** Charges `quota` through the ledger (hold, then settle) like a relayed request. */
  async function charge(userId: number, quota: number) {
    const requestId = randomUUID();
    await site.ctx.services.billing.preConsume({ requestId, userId, tokenId: 0, tokenUnlimited: false, amount: quota });
    await site.ctx.services.billing.settle({ requestId, actualQuota: quota, channelId: 0 });
  }
  const hooksFor = (path: string) => site.receiver.deliveries.filter((d) => d.path === path);

  async function webhookUser(path: string, quota: number, secret = 'whsec-123'): Promise<Member> {
    const u = await member(site.ctx, { quota });
    const saved = await callJson(site.ctx, 'PUT', '/api/user/setting', u, { notify_type: 'webhook', quota_warning_threshold: 100000, webhook_url: `${site.receiver.url}${path}`, webhook_secret: secret });
    expect(saved.success, saved.message).toBe(true);
    return u;
  }

  it('posts one signed webhook when a charge leaves the balance below the threshold', async () => {
    const u = await webhookUser('/a', 60_000);
    await charge(u.id, 10_000);
    await site.ctx.services.quotaAlerts.check();
    const [hook, ...more] = hooksFor('/a');
    expect(more).toEqual([]);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]).toBe(createHmac('sha256', 'whsec-123').update(hook.raw).digest('hex'));
    expect(hook.body).toMatchObject({ type: QUOTA_NOTICE_TYPE, title: 'Quota running low', values: ['$0.10', '$0.20', 'https://gw.example.com/topup'] });
    expect(hook.body.content.match(/\{\{value\}\}/g)).toHaveLength(3);
    expect(fillPlaceholders(hook.body.content, hook.body.values)).toContain('Your remaining quota is $0.10, below your warning threshold of $0.20');
    expect(Math.abs(hook.body.timestamp - Date.now() / 1000)).toBeLessThan(60);
  });

  it('hears the relay\'s batched settlements too', async () => {
    const u = await webhookUser('/batched', 60_000);
    const requestId = randomUUID();
    await site.ctx.services.billing.preConsume({ requestId, userId: u.id, tokenId: 0, tokenUnlimited: false, amount: 500 });
    await site.ctx.services.billing.settleBatched({ requestId, userId: u.id, tokenId: 0, tokenUnlimited: false, actualQuota: 700, channelId: 0 });
    await site.ctx.services.quotaAlerts.check();
    expect(hooksFor('/batched')).toHaveLength(1);
  });

  it('sends at most one notice per 2 hours, then again once the window has passed', async () => {
    const u = await webhookUser('/b', 60_000);
    await charge(u.id, 1000);
    await site.ctx.services.quotaAlerts.check();
    await charge(u.id, 1000);
    await charge(u.id, 1000);
    await site.ctx.services.quotaAlerts.check();
    expect(hooksFor('/b')).toHaveLength(1);
    await site.ctx.db
      .updateTable('notification_throttle')
      .set((eb) => ({ last_sent_at: eb('last_sent_at', '-', QUOTA_NOTICE_INTERVAL_SECONDS + 1) }))
      .where('user_id', '=', u.id)
      .execute();
    await charge(u.id, 1000);
    await site.ctx.services.quotaAlerts.check();
    expect(hooksFor('/b')).toHaveLength(2);
  });

  it('lets only one of several processes send, however they race', async () => {
    const u = await webhookUser('/c', 60_000);
    const secrets = new SecretBox('test-secret-test-secret', 'notify-webhook-secret');
    const processes = [0, 1, 2].map(() => new QuotaAlerts({ db: site.ctx.db, options: site.ctx.services.options, mailer: site.ctx.services.mailer, webhooks: new WebhookSender(true), secrets }));
    for (const p of processes) p.charged(u.id);
    await Promise.all(processes.map((p) => p.check()));
    expect(hooksFor('/c')).toHaveLength(1);
  });

  it('does not notify while the balance stays at or above the threshold, nor for a free request', async () => {
    const u = await webhookUser('/d', 500_000);
    await charge(u.id, 1000);
    await site.ctx.services.quotaAlerts.check();
    const poor = await webhookUser('/d', 5_000);
    await charge(poor.id, 0);
    await site.ctx.services.quotaAlerts.check();
    expect(hooksFor('/d')).toEqual([]);
  });

  it('sends no signature header when the user has no secret', async () => {
    const u = await member(site.ctx, { quota: 50_000 });
    await callJson(site.ctx, 'PUT', '/api/user/setting', u, { notify_type: 'webhook', webhook_url: `${site.receiver.url}/e` });
    await charge(u.id, 1000);
    await site.ctx.services.quotaAlerts.check();
    expect(hooksFor('/e')).toHaveLength(1);
    expect(hooksFor('/e')[0].headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('e-mails the notification address, or the account address with QuotaRemindThreshold when no threshold was chosen', async () => {
    const chosen = await member(site.ctx, { quota: 60_000, email: `chosen-${dialect}@example.com` });
    await callJson(site.ctx, 'PUT', '/api/user/setting', chosen, { notify_type: 'email', quota_warning_threshold: 100000, notification_email: `alerts-${dialect}@example.com` });
    const plain = await member(site.ctx, { quota: 900, email: `plain-${dialect}@example.com` });
    await charge(chosen.id, 1000);
    await charge(plain.id, 100);
    await site.ctx.services.quotaAlerts.check();
    const mail = await site.inbox.waitFor((m) => m.to.includes(`alerts-${dialect}@example.com`));
    expect(mail.text).toContain('Subject: Gateway: quota running low');
    expect(mail.text).toContain('Your remaining quota is $0.12, below your warning threshold of $0.20');
    expect(site.inbox.messages.some((m) => m.to.includes(`chosen-${dialect}@example.com`))).toBe(false);
    const fallback = await site.inbox.waitFor((m) => m.to.includes(`plain-${dialect}@example.com`));
    expect(fallback.text).toContain('below your warning threshold of $0.00');
  });

  it('never holds up the settlement: a slow webhook is posted after the charge is committed', async () => {
    const u = await webhookUser('/slow', 60_000);
    const started = Date.now();
    await charge(u.id, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(hooksFor('/slow')).toEqual([]);
    await site.ctx.services.quotaAlerts.check();
    expect(hooksFor('/slow')).toHaveLength(1);
  });
});
