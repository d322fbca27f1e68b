import { describe, expect, it } from 'vitest';
import { optionDef, optionKeys, optionRegistry, secretOptionKeys, type OptionKey } from './option-registry.js';
import { encodeOptionValue, parseOptionValue } from './option-codec.js';

/** Every key spec 2 §3 lists, area by area. */
const specKeys = [
  // Login and registration
  'PasswordLoginEnabled', 'PasswordRegisterEnabled', 'PhoneLoginEnabled', 'PhoneRegisterEnabled', 'EmailVerificationEnabled',
  'RegisterEnabled', 'WebRegisterEnabled', 'WebRegisterHtml',
  // Turnstile
  'TurnstileCheckEnabled', 'TurnstileSiteKey', 'TurnstileSecretKey',
  // Third-party sign-in
  'GitHubOAuthEnabled', 'GitHubClientId', 'GitHubClientSecret', 'GoogleOAuthEnabled', 'GoogleClientId', 'GoogleClientSecret',
  'LinuxDOOAuthEnabled', 'LinuxDOClientId', 'LinuxDOClientSecret', 'TelegramOAuthEnabled', 'TelegramBotToken', 'TelegramBotName',
  'oidc.enabled', 'oidc.client_id', 'oidc.client_secret', 'oidc.well_known', 'oidc.authorization_endpoint', 'oidc.token_endpoint',
  'oidc.user_info_endpoint', 'oauth_wechat.enabled', 'oauth_wechat.client_id', 'oauth_wechat.client_secret',
  // Mail
  'SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled', 'EmailDomainRestrictionEnabled',
  'EmailDomainWhitelist', 'EmailBlacklist', 'EmailBlacklistEnabled', 'EmailAliasRestrictionEnabled',
  // Payment, SMS, API error message
  'ServerAddress', 'WorkerUrl', 'WorkerValidKey', 'Price', 'MinTopUp', 'TopupGroupRatio', 'PayAddress', 'CustomCallbackAddress',
  'alipay.app_id', 'alipay.public_key', 'alipay.private_key', 'yunpian.api_key', 'yunpian.sign', 'api.error_addition_message',
  // Content
  'Notice', 'SystemName', 'Logo', 'Footer', 'About', 'HomePageContent', 'TopUpLink', 'general_setting.docs_link', 'Chats',
  // Display and behaviour
  'QuotaPerUnit', 'RetryTimes', 'DisplayInCurrencyEnabled', 'DisplayTokenStatEnabled', 'DefaultCollapseSidebar', 'DemoSiteEnabled',
  'SelfUseModeEnabled', 'DrawingEnabled', 'MjNotifyEnabled', 'MjAccountFilterEnabled', 'MjForwardUrlEnabled', 'MjModeClearEnabled',
  'MjActionCheckSuccessEnabled',
  // Sensitive words
  'CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'SensitiveWords',
  // Logs and export
  'LogConsumeEnabled', 'DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime',
  // Channel health
  'ChannelDisableThreshold', 'AutomaticDisableChannelEnabled', 'AutomaticEnableChannelEnabled', 'AutomaticDisableKeywords',
  'QuotaRemindThreshold',
  // Quota
  'QuotaForNewUser', 'PreConsumedQuota', 'QuotaForInviter', 'QuotaForInvitee', 'StreamCacheQueueLength', 'FuelPackEnabled',
  'FuelPackLimit', 'FuelPackQuota',
  // Pricing
  'ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio', 'GroupRatio', 'UserUsableGroups',
  // Rate limit
  'ModelRequestRateLimitEnabled', 'ModelRequestRateLimitCount', 'ModelRequestRateLimitSuccessCount',
  'ModelRequestRateLimitDurationMinutes',
  // Model-specific
  'gemini.safety_settings', 'gemini.version_settings', 'claude.model_headers_settings', 'claude.thinking_adapter_enabled',
  'claude.default_max_tokens', 'claude.thinking_adapter_budget_tokens_percentage', 'global.pass_through_request_enabled',
];

/** Names that look like credentials but are meant to be public. */
const publicAllowList = new Set(['TurnstileSiteKey', 'alipay.public_key']);
const looksSecret = (key: string) => /(secret|token|key|password|passwd)$/i.test(key);

describe('option registry', () => {
  it('holds every option key of spec 2 §3', () => {
    const missing = specKeys.filter((k) => !(k in optionRegistry));
    expect(missing).toEqual([]);
  });

  it('uses the documented defaults', () => {
    const o = optionRegistry;
    expect(o.QuotaPerUnit.default).toBe(500000);
    expect(o.Price.default).toBe(7.3);
    expect(o.MinTopUp.default).toBe(1);
    expect(o.RetryTimes.default).toBe(0);
    expect(o.PreConsumedQuota.default).toBe(500);
    expect(o.QuotaRemindThreshold.default).toBe(1000);
    expect(o.ChannelDisableThreshold.default).toBe(5);
    expect(o.ModelRequestRateLimitEnabled.default).toBe(false);
    expect(o.ModelRequestRateLimitDurationMinutes.default).toBe(1);
    expect(o.ModelRequestRateLimitCount.default).toBe(0);
    expect(o.ModelRequestRateLimitSuccessCount.default).toBe(1000);
    expect(o.DataExportInterval.default).toBe(5);
    expect(o.DataExportDefaultTime.default).toBe('hour');
    expect(o['claude.thinking_adapter_budget_tokens_percentage'].default).toBe(0.8);
    expect(o['claude.default_max_tokens'].default).toEqual({ default: 8192 });
    expect(o['gemini.version_settings'].default).toEqual({ default: 'v1beta' });
    expect(o['global.pass_through_request_enabled'].default).toBe(false);
    expect(o.LogConsumeEnabled.default).toBe(true);
    expect(o.AutomaticDisableKeywords.default).toContain('You exceeded your current quota');
    expect(o.ModelRatio.default['gpt-4o']).toBe(1.25);
    expect(o.ModelPrice.default['dall-e-3']).toBe(0.04);
  });

  it('marks every credential-looking key secret, except the public allow-list', () => {
    const unmarked = optionKeys.filter((k) => looksSecret(k) && !publicAllowList.has(k) && !secretOptionKeys.has(k));
    expect(unmarked).toEqual([]);
    for (const k of publicAllowList) expect(secretOptionKeys.has(k as OptionKey)).toBe(false);
  });

  it('keeps exactly the intended secret list', () => {
    expect([...secretOptionKeys].sort()).toEqual(
      [
        'EpayKey', 'GitHubClientSecret', 'GoogleClientSecret', 'LinuxDOClientSecret', 'MetricsToken', 'SMTPToken', 'TelegramBotToken', 'TurnstileSecretKey',
        'StripeApiSecret', 'StripeWebhookSecret', 'CreemApiKey', 'CreemWebhookSecret',
        'WorkerValidKey', 'alipay.private_key', 'discord.client_secret', 'oauth_wechat.client_secret', 'oidc.client_secret', 'yunpian.api_key',
      ].sort(),
    );
    for (const k of secretOptionKeys) {
      expect(optionDef(k).kind).toBe('string');
      expect(optionDef(k).default).toBe('');
    }
  });

  it('stores every default in a form that reads back to the same value', () => {
    for (const key of optionKeys) {
      const d = optionDef(key).default;
      expect(parseOptionValue(key, encodeOptionValue(key, d)), key).toEqual(d);
    }
  });
});

describe('option values', () => {
  it('reads booleans only from "true" and "false"', () => {
    expect(parseOptionValue('DrawingEnabled', 'false')).toBe(false);
    expect(parseOptionValue('DrawingEnabled', true)).toBe(true);
    expect(() => parseOptionValue('DrawingEnabled', 'yes')).toThrow('DrawingEnabled must be true or false');
  });

  it('enforces integer and range bounds with the key named', () => {
    expect(parseOptionValue('DataExportInterval', '10')).toBe(10);
    expect(() => parseOptionValue('DataExportInterval', '0')).toThrow('DataExportInterval must be at least 1');
    expect(() => parseOptionValue('RetryTimes', '1.5')).toThrow('RetryTimes must be an integer');
    expect(() => parseOptionValue('ModelRequestRateLimitSuccessCount', '0')).toThrow('must be at least 1');
    expect(() => parseOptionValue('claude.thinking_adapter_budget_tokens_percentage', '1.5')).toThrow('must be at most 1');
    expect(() => parseOptionValue('claude.thinking_adapter_budget_tokens_percentage', '0.05')).toThrow('must be at least 0.1');
    expect(() => parseOptionValue('QuotaPerUnit', 'abc')).toThrow('QuotaPerUnit must be a number');
  });

  it('takes per-group request limits as [count ≥ 0, success count ≥ 1] pairs', () => {
    expect(parseOptionValue('ModelRequestRateLimitGroup', '{"vip":[0,5000]}')).toEqual({ vip: [0, 5000] });
    expect(() => parseOptionValue('ModelRequestRateLimitGroup', '{"vip":[10,0]}')).toThrow('the success count must be at least 1');
    expect(() => parseOptionValue('ModelRequestRateLimitGroup', '{"vip":[-1,5]}')).toThrow('the request count must be at least 0');
    expect(() => parseOptionValue('ModelRequestRateLimitGroup', '{"vip":[1.5,5]}')).toThrow('the request count must be a whole number');
    expect(() => parseOptionValue('ModelRequestRateLimitGroup', '{"vip":5}')).toThrow('each group needs [request count, success count]');
    expect(() => parseOptionValue('ModelRequestRateLimitGroup', '{"vip":[1,4294967296]}')).toThrow('the success count is too large');
  });

  it('rejects bad JSON and a JSON value of the wrong shape', () => {
    expect(parseOptionValue('GroupRatio', '{"default":1,"vip":2}')).toEqual({ default: 1, vip: 2 });
    expect(() => parseOptionValue('GroupRatio', '{default:1')).toThrow('GroupRatio is not a legal JSON string');
    expect(() => parseOptionValue('GroupRatio', '{"vip":"x"}')).toThrow('GroupRatio.vip must be a number');
    expect(() => parseOptionValue('GroupRatio', '[1]')).toThrow('GroupRatio must be a JSON object');
    expect(() => parseOptionValue('ModelRatio', '{"gpt-4o":-1}')).toThrow('ModelRatio.gpt-4o must not be negative');
    expect(() => parseOptionValue('claude.default_max_tokens', '{"default":0}')).toThrow('claude.default_max_tokens.default must be at least 1');
    expect(() => parseOptionValue('Chats', '{"a":"b"}')).toThrow(/^Chats/);
  });

  it('splits comma and line lists and stores them normalised', () => {
    const domains = parseOptionValue('EmailDomainWhitelist', ' a.com, b.com ,,');
    expect(domains).toEqual(['a.com', 'b.com']);
    expect(encodeOptionValue('EmailDomainWhitelist', domains)).toBe('a.com,b.com');
    const words = parseOptionValue('SensitiveWords', 'foo\r\nbar\n\n');
    expect(words).toEqual(['foo', 'bar']);
    expect(encodeOptionValue('SensitiveWords', words)).toBe('foo\nbar');
  });

  it('accepts only the listed words and http(s) addresses', () => {
    expect(parseOptionValue('DataExportDefaultTime', 'week')).toBe('week');
    expect(() => parseOptionValue('DataExportDefaultTime', 'month')).toThrow('DataExportDefaultTime must be one of hour, day, week');
    expect(parseOptionValue('ServerAddress', '')).toBe('');
    expect(() => parseOptionValue('ServerAddress', 'ftp://x')).toThrow('ServerAddress must start with http:// or https://');
  });
});
