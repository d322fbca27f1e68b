import { Role } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import { nowSeconds } from '../platform/clock.js';
import { notificationThrottleRepository } from './notification-throttle.repository.js';
import type { AutomaticStatusChange } from '../channels/automatic-status-change.js';
import { channelStatusNotice } from './channel-status-notice.js';
import { deliverNotice, noticeRouteOf, type NoticeDeliveryDeps } from './notice-delivery.js';
import { noticeMail } from './quota-notice.js';

/** One notice per root user, channel and kind of change in this many seconds: a flapping channel does not flood anyone. */
export const CHANNEL_NOTICE_INTERVAL_SECONDS = 600;

export interface ChannelStatusAlertsDeps extends NoticeDeliveryDeps {
  db: Db;
  options: OptionsService;
  now?: () => number;
  onError?: (err: unknown) => void;
}

/**
 * Tells the site's root users when a channel or one of its keys was disabled or enabled again without
 * an administrator (new-api and one-api e-mail root then), by each root's notification setting: their
 * webhook, or e-mail when an SMTP server is configured. `ChannelStatusNotifyEnabled` switches it off.
 * Sending happens in the background: the relay that disabled the channel never waits for it.
 */
export class ChannelStatusAlerts {
  private readonly now: () => number;
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly deps: ChannelStatusAlertsDeps) {
    this.now = deps.now ?? nowSeconds;
  }

  changed(change: AutomaticStatusChange): void {
    if (!this.deps.options.get('ChannelStatusNotifyEnabled')) return;
    const sent = this.send(change)
      .catch((err) => this.deps.onError?.(err))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** Resolves once every notice started so far was sent or failed (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  private async send(change: AutomaticStatusChange): Promise<void> {
    const { db, options } = this.deps;
    const channel = await db.selectFrom('channels').select('name').where('id', '=', change.channelId).executeTakeFirst();
    if (!channel) return;
    const roots = await db
      .selectFrom('users')
      .select(['id', 'email', 'setting', 'notify_webhook_secret'])
      .where('role', '>=', Role.Root)
      .where('deleted_at', 'is', null)
      .execute();
    const now = this.now();
    const notice = channelStatusNotice(change, channel.name, now);
    const mailConfigured = options.get('SMTPServer') !== '';
    for (const root of roots) {
      const route = noticeRouteOf(root);
      if (!route || (route.by === 'email' && !mailConfigured)) continue;
      if (!(await notificationThrottleRepository.claim(db, root.id, `ch_${change.change}_${change.channelId}`, now, CHANNEL_NOTICE_INTERVAL_SECONDS))) continue;
      try {
        await deliverNotice(this.deps, route, notice, (to) => noticeMail(to, options.get('SystemName'), notice));
      } catch (err) {
        this.deps.onError?.(err);
      }
    }
  }
}
