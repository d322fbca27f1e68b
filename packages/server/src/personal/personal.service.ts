import { DEFAULT_QUOTA_WARNING_THRESHOLD, type UserSettingBody, type UserSettingView } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { NotFoundError } from '../http/errors.js';
import type { ChangeEvents } from '../platform/change-events.js';
import type { SecretBox } from '../platform/secret-box.js';
import { mergeUserSetting, parseUserSetting } from './user-setting.js';
import { checkWebhookUrl } from './webhook-url.js';

export interface PersonalServiceDeps {
  db: Db;
  events: ChangeEvents;
  /** Seals the webhook secret at rest. */
  secrets: SecretBox;
  /** Test-only: accept http and internal webhook addresses. */
  allowPrivateWebhooks: boolean;
}

/** The personal page's own settings (spec 3 §2.8): notifications and the pricing preference. */
export class PersonalService {
  constructor(private readonly deps: PersonalServiceDeps) {}

  async getSetting(userId: number): Promise<UserSettingView> {
    const row = await this.userRow(userId);
    const s = parseUserSetting(row.setting);
    return {
      notify_type: s.notify_type,
      quota_warning_threshold: s.quota_warning_threshold ?? DEFAULT_QUOTA_WARNING_THRESHOLD,
      webhook_url: s.webhook_url,
      webhook_secret_set: row.notify_webhook_secret !== '',
      notification_email: s.notification_email,
      accept_unset_model_ratio_model: s.accept_unset_model_ratio_model,
    };
  }

  /**
   * Saves the settings. A webhook address is checked (https, public host) whenever one is given; an empty
   * webhook_secret keeps the saved one. The relay's cached copy of the user is dropped so the pricing
   * preference applies to the next request.
   */
  async updateSetting(userId: number, body: UserSettingBody): Promise<UserSettingView> {
    const row = await this.userRow(userId);
    if (body.webhook_url) await checkWebhookUrl(body.webhook_url, this.deps.allowPrivateWebhooks);
    const setting = mergeUserSetting(row.setting, {
      notify_type: body.notify_type,
      quota_warning_threshold: body.quota_warning_threshold,
      webhook_url: body.webhook_url,
      notification_email: body.notification_email,
      accept_unset_model_ratio_model: body.accept_unset_model_ratio_model,
    });
    const secret = body.webhook_secret ? this.deps.secrets.seal(body.webhook_secret) : row.notify_webhook_secret;
    await this.deps.db.updateTable('users').set({ setting, notify_webhook_secret: secret }).where('id', '=', userId).execute();
    this.deps.events.changed('user', userId);
    return this.getSetting(userId);
  }

  private async userRow(userId: number) {
    const row = await this.deps.db
      .selectFrom('users')
      .select(['setting', 'notify_webhook_secret'])
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new NotFoundError('user');
    return row;
  }
}
