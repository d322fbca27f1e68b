import type { OptionsService } from '../options/options.service.js';
import type { SetupService } from '../setup/setup.service.js';
import { APP_VERSION } from '../setup/setup.service.js';

/** Builds the public site status object (spec 1 §3) from options; cached until an option changes. */
export class StatusService {
  private cached: Record<string, unknown> | null = null;
  private readonly startTime = Math.floor(Date.now() / 1000);

  constructor(private readonly options: OptionsService, private readonly setup: SetupService) {
    options.onChange(() => (this.cached = null));
  }

  async get(): Promise<Record<string, unknown>> {
    const setupDone = await this.setup.isDone();
    if (this.cached && this.cached.setup === setupDone) return this.cached;
    const o = this.options;
    this.cached = {
      version: APP_VERSION,
      start_time: this.startTime,
      system_name: o.get('SystemName'),
      logo: o.get('Logo'),
      footer_html: o.get('Footer'),
      quota_per_unit: o.get('QuotaPerUnit'),
      display_in_currency: o.get('DisplayInCurrencyEnabled'),
      enable_drawing: o.get('DrawingEnabled'),
      enable_task: o.get('TaskEnabled'),
      enable_data_export: o.get('DataExportEnabled'),
      data_export_default_time: o.get('DataExportDefaultTime'),
      default_collapse_sidebar: o.get('DefaultCollapseSidebar'),
      chats: o.get('Chats'),
      docs_link: o.get('general_setting.docs_link'),
      enabled_password_login: o.get('PasswordLoginEnabled'),
      WebRegisterEnabled: o.get('WebRegisterEnabled'),
      self_use_mode_enabled: o.get('SelfUseModeEnabled'),
      demo_site_enabled: o.get('DemoSiteEnabled'),
      price: o.get('Price'),
      quota_for_inviter: o.get('QuotaForInviter'),
      quota_for_invitee: o.get('QuotaForInvitee'),
      quota_for_new_user: o.get('QuotaForNewUser'),
      setup: setupDone,
    };
    return this.cached;
  }
}
