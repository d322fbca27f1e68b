import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DatabaseType } from '../src/config/config.schema.js';
import { createTestContext, markSetupDone, type TestContext } from './test-app.js';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

export interface NoticeTestSite {
  readonly ctx: TestContext;
  readonly receiver: WebhookReceiver;
  readonly inbox: SmtpInbox;
}

/**
 * For one describe block: a set-up site that may post webhooks to loopback and mails through a local SMTP
 * inbox (as `Gateway <gateway@example.com>`, with `options` on top), and the webhook receiver; the
 * receiver's deliveries are cleared before each test.
 */
export function useNoticeTestSite(dialect: DatabaseType, options: Record<string, unknown> = {}): NoticeTestSite {
  const site = {} as { ctx: TestContext; receiver: WebhookReceiver; inbox: SmtpInbox };
  beforeAll(async () => {
    site.ctx = await createTestContext(dialect, { allowPrivateWebhooks: true });
    await markSetupDone(site.ctx.db);
    site.receiver = await startWebhookReceiver();
    site.inbox = await startSmtpInbox({ tls: 'plain' });
    await site.ctx.services.options.set({ SMTPServer: '127.0.0.1', SMTPPort: site.inbox.port, SMTPSSLEnabled: false, SMTPFrom: 'gateway@example.com', SystemName: 'Gateway', ...options });
  });
  afterAll(async () => {
    await site.ctx?.close();
    await site.receiver?.close();
    await site.inbox?.close();
  });
  beforeEach(() => {
    site.receiver.deliveries.length = 0;
  });
  return site;
}
