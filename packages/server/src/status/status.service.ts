import type { CustomOAuthProviderPublic, SiteStatus } from '@gw/contracts';
import type { OptionsService } from '../options/options.service.js';
import type { SetupService } from '../setup/setup.service.js';
import { APP_VERSION } from '../setup/setup.service.js';
import { consoleContentStatus } from '../console-content/console-content-status.js';

/** Where the enabled custom OAuth providers come from (oauth/custom-providers.service.ts), held in memory. */
export interface CustomOAuthProviderSource {
  publicList(): CustomOAuthProviderPublic[];
  onChange(listener: () => void): () => void;
}

/** The public texts served as single values. */
export type PageTextKey = 'Notice' | 'About' | 'HomePageContent' | 'legal.user_agreement' | 'legal.privacy_policy';

/**
 * Builds the public site status (spec 1 §3) from options. The object is cached and rebuilt only after an
 * option changes or setup completes, so a status request normally touches neither options nor the database.
 * Only public options are read here: no secret ever reaches this object.
 */
export class StatusService {
  private cached: SiteStatus | null = null;
  private readonly startTime = Math.floor(Date.now() / 1000);

  constructor(private readonly options: OptionsService, private readonly setup: SetupService, private readonly customOAuth?: CustomOAuthProviderSource) {
    options.onChange(() => (this.cached = null));
    customOAuth?.onChange(() => (this.cached = null));
  }

  async get(): Promise<SiteStatus> {
    const setupDone = await this.setup.isDone();
    if (this.cached && this.cached.setup === setupDone) return this.cached;
    this.cached = this.build(setupDone);
    return this.cached;
  }

  pageText(key: PageTextKey): string {
    return this.options.text(key);
  }

  private build(setupDone: boolean): SiteStatus {
    const o = this.options;
    return {
      version: APP_VERSION,
      start_time: this.startTime,
      system_name: o.get('SystemName'),
      logo: o.get('Logo'),
      footer_html: o.get('Footer'),
      quota_per_unit: o.get('QuotaPerUnit'),
      display_in_currency: o.get('DisplayInCurrencyEnabled') && o.get('general_setting.quota_display_type') !== 'TOKENS',
      quota_display_type: o.get('general_setting.quota_display_type'),
      usd_exchange_rate: o.get('USDExchangeRate'),
      custom_currency_symbol: o.get('general_setting.custom_currency_symbol'),
      custom_currency_exchange_rate: o.get('general_setting.custom_currency_exchange_rate'),
      HeaderNavModules: o.text('HeaderNavModules'),
      SidebarModulesAdmin: o.text('SidebarModulesAdmin'),
      enable_drawing: o.get('DrawingEnabled'),
      enable_task: o.get('TaskEnabled'),
      enable_data_export: o.get('DataExportEnabled'),
      data_export_default_time: o.get('DataExportDefaultTime'),
      default_collapse_sidebar: o.get('DefaultCollapseSidebar'),
      mj_notify_enabled: o.get('MjNotifyEnabled'),
      chats: o.get('Chats'),
      chat_link: o.get('ChatLink'),
      chat_link2: o.get('ChatLink2'),
      docs_link: o.get('general_setting.docs_link'),
      top_up_link: o.get('TopUpLink'),
      server_address: o.get('ServerAddress'),
      email_verification: o.get('EmailVerificationEnabled'),
      turnstile_check: o.get('TurnstileCheckEnabled'),
      turnstile_site_key: o.get('TurnstileSiteKey'),
      register_enabled: o.get('RegisterEnabled'),
      password_register_enabled: o.get('PasswordRegisterEnabled'),
      enabled_password_login: o.get('PasswordLoginEnabled'),
      enabled_phone_login: o.get('PhoneLoginEnabled'),
      enabled_phone_register: o.get('PhoneRegisterEnabled'),
      github_oauth: o.get('GitHubOAuthEnabled'),
      github_client_id: o.get('GitHubClientId'),
      google_oauth: o.get('GoogleOAuthEnabled'),
      google_client_id: o.get('GoogleClientId'),
      oidc_enabled: o.get('oidc.enabled'),
      oidc_client_id: o.get('oidc.client_id'),
      oidc_authorization_endpoint: o.get('oidc.authorization_endpoint'),
      linuxdo_oauth: o.get('LinuxDOOAuthEnabled'),
      linuxdo_client_id: o.get('LinuxDOClientId'),
      discord_oauth: o.get('discord.enabled'),
      discord_client_id: o.get('discord.client_id'),
      custom_oauth_providers: this.customOAuth?.publicList() ?? [],
      telegram_oauth: o.get('TelegramOAuthEnabled'),
      telegram_bot_name: o.get('TelegramBotName'),
      wechat_login: o.get('oauth_wechat.enabled'),
      WebRegisterEnabled: o.get('WebRegisterEnabled'),
      self_use_mode_enabled: o.get('SelfUseModeEnabled'),
      demo_site_enabled: o.get('DemoSiteEnabled'),
      default_use_auto_group: o.get('DefaultUseAutoGroup'),
      price: o.get('Price'),
      stripe_unit_price: o.get('StripeUnitPrice'),
      quota_for_inviter: o.get('QuotaForInviter'),
      quota_for_invitee: o.get('QuotaForInvitee'),
      quota_for_new_user: o.get('QuotaForNewUser'),
      fuel_pack_quota: o.get('FuelPackQuota'),
      checkin_enabled: o.get('checkin_setting.enabled'),
      passkey_login: o.get('passkey.enabled'),
      user_agreement_enabled: o.get('legal.user_agreement').trim() !== '',
      privacy_policy_enabled: o.get('legal.privacy_policy').trim() !== '',
      ...consoleContentStatus(o),
      setup: setupDone,
    };
  }
}
