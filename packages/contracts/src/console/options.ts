import { z } from 'zod';
import type { CustomOAuthProviderPublic } from './custom-oauth-providers.js';
import type { Announcement, ApiInfoItem, FaqItem } from './console-content.js';

/** One runtime option as `GET /api/option/` lists it: the value is always the stored string form. */
export interface OptionEntry {
  key: string;
  value: string;
}

/**
 * A submitted option value. new-api clients send strings, booleans and numbers; JSON options may also
 * arrive as an object or array. The server converts everything to the string form before validating.
 */
export const OptionInputValue = z.union(
  [z.string(), z.boolean(), z.number(), z.array(z.unknown()), z.record(z.string(), z.unknown())],
  { error: 'value must be a string, number, boolean or JSON value' },
);

export const UpdateOptionBody = z.object({
  key: z.string({ error: 'key is required' }).trim().min(1, 'key is required').max(128, 'key is too long'),
  value: OptionInputValue,
});
export type UpdateOptionBody = z.infer<typeof UpdateOptionBody>;

/** `PUT /api/option/` also takes an array of `{key, value}`, applied all-or-nothing (new-api takes one). */
export const UpdateOptionBatchBody = z.array(UpdateOptionBody).min(1, 'at least one option is required').max(500, 'at most 500 options at once');
export type UpdateOptionBatchBody = z.infer<typeof UpdateOptionBatchBody>;

/** The public site status (`GET /api/status`, spec 1 §3). Never carries a secret. */
export interface SiteStatus {
  version: string;
  /** Unix seconds when the server process started. */
  start_time: number;
  system_name: string;
  logo: string;
  footer_html: string;
  quota_per_unit: number;
  /** False when DisplayInCurrencyEnabled is off or the display type is TOKENS (raw quota). */
  display_in_currency: boolean;
  /** How quota amounts are shown: QUOTA_DISPLAY_TYPES (option general_setting.quota_display_type). */
  quota_display_type: string;
  /** Yuan per dollar for the CNY display type (option USDExchangeRate). */
  usd_exchange_rate: number;
  /** Symbol and units per dollar for the CUSTOM display type (general_setting.custom_currency_*). */
  custom_currency_symbol: string;
  custom_currency_exchange_rate: number;
  /** The top-bar entries shown, as the JSON text of option HeaderNavModules (new-api sends the text). */
  HeaderNavModules: string;
  /** The sidebar sections and entries shown, as the JSON text of option SidebarModulesAdmin. */
  SidebarModulesAdmin: string;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  chats: Record<string, string>[];
  chat_link: string;
  chat_link2: string;
  docs_link: string;
  top_up_link: string;
  server_address: string;
  email_verification: boolean;
  turnstile_check: boolean;
  turnstile_site_key: string;
  register_enabled: boolean;
  password_register_enabled: boolean;
  enabled_password_login: boolean;
  enabled_phone_login: boolean;
  enabled_phone_register: boolean;
  github_oauth: boolean;
  github_client_id: string;
  google_oauth: boolean;
  google_client_id: string;
  oidc_enabled: boolean;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  discord_oauth: boolean;
  discord_client_id: string;
  /** The enabled administrator-defined providers (GET /api/custom-oauth-provider/), without secrets. */
  custom_oauth_providers: CustomOAuthProviderPublic[];
  telegram_oauth: boolean;
  telegram_bot_name: string;
  wechat_login: boolean;
  WebRegisterEnabled: boolean;
  self_use_mode_enabled: boolean;
  demo_site_enabled: boolean;
  /** The token editor starts new keys in the `auto` group (option DefaultUseAutoGroup). */
  default_use_auto_group: boolean;
  /** The top-up exchange rate (option Price). */
  price: number;
  /** Money per currency unit of quota charged through Stripe (option StripeUnitPrice). */
  stripe_unit_price: number;
  quota_for_inviter: number;
  quota_for_invitee: number;
  quota_for_new_user: number;
  fuel_pack_quota: number;
  /** Daily check-in is offered (option checkin_setting.enabled). */
  checkin_enabled: boolean;
  /** Passkey sign-in is offered on the login page (option passkey.enabled). */
  passkey_login: boolean;
  /** A user agreement is set (option legal.user_agreement); registration asks to accept it. */
  user_agreement_enabled: boolean;
  /** A privacy policy is set (option legal.privacy_policy); registration asks to accept it. */
  privacy_policy_enabled: boolean;
  /** The dashboard panels the administrator turned on (console_setting.*_enabled). */
  api_info_enabled: boolean;
  announcements_enabled: boolean;
  faq_enabled: boolean;
  uptime_kuma_enabled: boolean;
  /** Present while its panel is enabled: the API addresses, announcements (newest first) and FAQ. */
  api_info?: ApiInfoItem[];
  announcements?: Announcement[];
  faq?: FaqItem[];
  /** True once first-run setup is done. */
  setup: boolean;
}
