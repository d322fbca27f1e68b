import type { BudgetPeriod, WebhookNotification } from '@gw/contracts';
import type { MailMessage } from '../mail/mailer.js';
import { noticeMail } from './quota-notice.js';

export const SPENDING_LIMIT_NOTICE_TYPE = 'spending_limit';

export interface SpendingLimitNoticeFacts {
  systemName: string;
  /** Whose limit: the account's, or one API key's (by name). */
  keyName: string | null;
  period: BudgetPeriod;
  /** Spent in the period and the limit, already formatted for display (currency or quota). */
  spent: string;
  limit: string;
  /** Share of the limit spent, in whole percent. */
  percent: number;
  /** The limit is spent: requests are refused until the period renews. */
  reached: boolean;
  /** When the period renews (unix seconds). */
  renewsAt: number;
  timestamp: number;
}

const PERIOD_WORD: Record<BudgetPeriod, string> = { daily: 'daily', weekly: 'weekly', monthly: 'monthly' };

/** "2026-11-28 00:00 UTC": periods renew on UTC calendar boundaries. */
const utcTime = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A spending-limit notice (webhook body; `content` keeps its `{{value}}` placeholders): the limit is nearly
 * spent, or spent and requests are refused until the period renews.
 */
export function spendingLimitWebhookNotice(f: SpendingLimitNoticeFacts): WebhookNotification {
  const whose = f.keyName === null ? 'Your account' : `Your API key "${f.keyName}"`;
  if (f.reached) {
    return {
      type: SPENDING_LIMIT_NOTICE_TYPE,
      title: 'Spending limit reached',
      content: `${whose} has spent {{value}} of its {{value}} limit of {{value}}; its requests are refused until the limit renews at {{value}}.`,
      values: [f.spent, PERIOD_WORD[f.period], f.limit, utcTime(f.renewsAt)],
      timestamp: f.timestamp,
    };
  }
  return {
    type: SPENDING_LIMIT_NOTICE_TYPE,
    title: 'Spending limit nearly reached',
    content: `${whose} has spent {{value}} ({{value}}%) of its {{value}} limit of {{value}}; the limit renews at {{value}}.`,
    values: [f.spent, f.percent, PERIOD_WORD[f.period], f.limit, utcTime(f.renewsAt)],
    timestamp: f.timestamp,
  };
}

export function spendingLimitMail(to: string, f: SpendingLimitNoticeFacts): MailMessage {
  return noticeMail(to, f.systemName, spendingLimitWebhookNotice(f));
}
