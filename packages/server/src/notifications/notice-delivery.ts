import { NotifyType, type WebhookNotification } from '@gw/contracts';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import type { SecretBox } from '../platform/secret-box.js';
import { parseUserSetting } from '../personal/user-setting.js';
import type { WebhookSender } from './webhook-sender.js';

/** A user as notices need them: where their notification setting says notices go. */
export interface NoticeRecipient {
  id: number;
  email: string;
  setting: string | null;
  notify_webhook_secret: string;
}

/** How one user gets a notice: their webhook, or e-mail (their notification address, else their account's). */
export type NoticeRoute = { by: 'webhook'; url: string; sealedSecret: string } | { by: 'email'; to: string };

export function noticeRouteOf(user: NoticeRecipient): NoticeRoute | null {
  const setting = parseUserSetting(user.setting);
  if (setting.notify_type === NotifyType.Webhook && setting.webhook_url !== '') return { by: 'webhook', url: setting.webhook_url, sealedSecret: user.notify_webhook_secret };
  const to = setting.notification_email || user.email;
  return to ? { by: 'email', to } : null;
}

export interface NoticeDeliveryDeps {
  mailer: Mailer;
  webhooks: WebhookSender;
  /** Opens users' sealed webhook secrets. */
  secrets: SecretBox;
}

/** Sends a notice the way `route` says: the signed webhook body, or the e-mail made of it. */
export async function deliverNotice(deps: NoticeDeliveryDeps, route: NoticeRoute, notice: WebhookNotification, mail: (to: string) => MailMessage): Promise<void> {
  if (route.by === 'webhook') {
    await deps.webhooks.send(route.url, notice, route.sealedSecret ? deps.secrets.open(route.sealedSecret) : '');
  } else {
    await deps.mailer.send(mail(route.to));
  }
}
