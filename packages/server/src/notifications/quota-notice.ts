import type { WebhookNotification } from '@gw/contracts';
import type { MailMessage } from '../mail/mailer.js';

export const QUOTA_NOTICE_TYPE = 'quota_exceed';

export interface QuotaNoticeFacts {
  systemName: string;
  /** Remaining and threshold, already formatted for display (currency or quota). */
  remaining: string;
  threshold: string;
  /** Where to top up; the console's wallet page. */
  topUpUrl: string;
  timestamp: number;
}

/** The webhook body (spec 3 §7): `content` keeps its `{{value}}` placeholders, `values` fills them in order. */
export function quotaWebhookNotice(f: QuotaNoticeFacts): WebhookNotification {
  return {
    type: QUOTA_NOTICE_TYPE,
    title: 'Quota running low',
    content: 'Your remaining quota is {{value}}, below your warning threshold of {{value}}. Top up at {{value}} to keep your service running.',
    values: [f.remaining, f.threshold, f.topUpUrl],
    timestamp: f.timestamp,
  };
}

/** Replaces each `{{value}}` with the next value. */
export function fillPlaceholders(content: string, values: readonly (string | number)[]): string {
  let i = 0;
  return content.replace(/\{\{value\}\}/g, () => String(values[i++] ?? ''));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A notice as an e-mail: its title as the subject (after the site's name), its content filled in as the
 * text, and as HTML with each value escaped unless `htmlValues` gives that value's markup.
 */
export function noticeMail(to: string, systemName: string, notice: WebhookNotification, htmlValues: readonly (string | undefined)[] = []): MailMessage {
  const text = fillPlaceholders(notice.content, notice.values);
  const html = fillPlaceholders(escapeHtml(notice.content), notice.values.map((v, i) => htmlValues[i] ?? escapeHtml(String(v))));
  return { to, subject: `${systemName || 'New API'}: ${notice.title.toLowerCase()}`, text, html: `<p>Hello,</p><p>${html}</p>` };
}

/** The same notice as an e-mail. */
export function quotaMail(to: string, f: QuotaNoticeFacts): MailMessage {
  return noticeMail(to, f.systemName, quotaWebhookNotice(f), [undefined, undefined, `<a href="${escapeHtml(f.topUpUrl)}">${escapeHtml(f.topUpUrl)}</a>`]);
}
