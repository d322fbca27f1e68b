import { bool, commaList, secret, str, url } from '../option-def.js';

/** Login, registration, Turnstile and third-party sign-in (spec 2 §3). */
export const authOptions = {
  // Login and registration
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  RegisterEnabled: bool(true),
  WebRegisterEnabled: bool(true),
  WebRegisterHtml: str(),
  EmailVerificationEnabled: bool(false),
  PhoneLoginEnabled: bool(false),
  PhoneRegisterEnabled: bool(false),

  // Two-factor sign-in: administrators without a second factor act as normal users until they enrol.
  AdminTwoFactorRequired: bool(false),
  // Passkeys (WebAuthn). Relying-party id and origins default to the ServerAddress host (or the request's).
  'passkey.enabled': bool(false),
  'passkey.rp_display_name': str(),
  'passkey.rp_id': str(),
  'passkey.origins': commaList(),

  // Turnstile (the site key is shown to browsers, so it is public)
  TurnstileCheckEnabled: bool(false),
  TurnstileSiteKey: str(),
  TurnstileSecretKey: secret(),

  // GitHub
  GitHubOAuthEnabled: bool(false),
  GitHubClientId: str(),
  GitHubClientSecret: secret(),

  // Google
  GoogleOAuthEnabled: bool(false),
  GoogleClientId: str(),
  GoogleClientSecret: secret(),

  // Linux DO
  LinuxDOOAuthEnabled: bool(false),
  LinuxDOClientId: str(),
  LinuxDOClientSecret: secret(),

  // Discord
  'discord.enabled': bool(false),
  'discord.client_id': str(),
  'discord.client_secret': secret(),

  // Telegram
  TelegramOAuthEnabled: bool(false),
  TelegramBotToken: secret(),
  TelegramBotName: str(),

  // OpenID Connect
  'oidc.enabled': bool(false),
  'oidc.client_id': str(),
  'oidc.client_secret': secret(),
  'oidc.well_known': url(),
  'oidc.authorization_endpoint': url(),
  'oidc.token_endpoint': url(),
  'oidc.user_info_endpoint': url(),

  // WeChat
  'oauth_wechat.enabled': bool(false),
  'oauth_wechat.client_id': str(),
  'oauth_wechat.client_secret': secret(),
};
