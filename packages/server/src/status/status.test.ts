import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, signIn, type SignedIn, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { secretOptionKeys } from '../options/option-registry.js';

/** The status fields of spec 1 §3, plus our extras. */
const statusFields = [
  'system_name', 'logo', 'footer_html', 'quota_per_unit', 'display_in_currency', 'enable_drawing', 'enable_task', 'enable_data_export',
  'chats', 'data_export_default_time', 'default_collapse_sidebar', 'mj_notify_enabled', 'chat_link', 'chat_link2', 'docs_link',
  'version', 'start_time', 'email_verification', 'turnstile_check', 'turnstile_site_key', 'enabled_phone_register',
  'enabled_phone_login', 'enabled_password_login', 'github_oauth', 'github_client_id', 'google_oauth', 'google_client_id',
  'oidc_enabled', 'oidc_authorization_endpoint', 'oidc_client_id', 'linuxdo_oauth', 'linuxdo_client_id', 'telegram_oauth',
  'discord_oauth', 'discord_client_id', 'custom_oauth_providers',
  'telegram_bot_name', 'wechat_login', 'WebRegisterEnabled', 'self_use_mode_enabled', 'demo_site_enabled', 'default_use_auto_group', 'price', 'stripe_unit_price',
  'quota_for_inviter', 'quota_for_invitee', 'quota_for_new_user', 'fuel_pack_quota', 'checkin_enabled', 'setup',
  'top_up_link', 'server_address', 'register_enabled', 'password_register_enabled', 'passkey_login',
  'user_agreement_enabled', 'privacy_policy_enabled',
  'api_info_enabled', 'announcements_enabled', 'faq_enabled', 'uptime_kuma_enabled', 'api_info', 'announcements', 'faq',
  'quota_display_type', 'usd_exchange_rate', 'custom_currency_symbol', 'custom_currency_exchange_rate', 'HeaderNavModules', 'SidebarModulesAdmin',
];

describe.each(testDialects())('site status (%s)', (dialect) => {
  let ctx: TestContext;
  let root: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  const status = async () => json(await ctx.app.inject({ method: 'GET', url: '/api/status' }));

  it('answers every field with its default before setup, without signing in', async () => {
    const body = await status();
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual([...statusFields].sort());
    expect(body.data).toMatchObject({
      quota_per_unit: 500000,
      price: 7.3,
      stripe_unit_price: 8,
      display_in_currency: true,
      enable_drawing: true,
      enable_task: true,
      enable_data_export: true,
      data_export_default_time: 'hour',
      default_collapse_sidebar: false,
      mj_notify_enabled: false,
      enabled_password_login: true,
      enabled_phone_login: false,
      github_oauth: false,
      oidc_enabled: false,
      wechat_login: false,
      turnstile_check: false,
      WebRegisterEnabled: true,
      self_use_mode_enabled: false,
      default_use_auto_group: false,
      quota_for_new_user: 0,
      fuel_pack_quota: 0,
      checkin_enabled: false,
      user_agreement_enabled: false,
      privacy_policy_enabled: false,
      setup: false,
    });
    expect(Array.isArray(body.data.chats)).toBe(true);
    expect(typeof body.data.version).toBe('string');
    expect(body.data.start_time).toBeGreaterThan(1_600_000_000);
  });

  it('shows an option change in the next status answer', async () => {
    await markSetupDone(ctx.db);
    root = await signIn(ctx.app, await createUser(ctx.db, { role: Role.Root }));
    expect((await status()).data.system_name).not.toBe('Changed Name');
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: root.headers, payload: { key: 'SystemName', value: 'Changed Name' } });
    expect(json(put).success).toBe(true);
    const after = (await status()).data;
    expect(after.system_name).toBe('Changed Name');
    expect(after.setup).toBe(true);
  });

  it('serves a cached status without reading options or the database', async () => {
    await status();
    const queries = vi.spyOn(ctx.db.getExecutor(), 'executeQuery');
    const reads = vi.spyOn(ctx.services.options, 'get');
    try {
      const body = await status();
      expect(body.data.system_name).toBe('Changed Name');
      expect(queries).not.toHaveBeenCalled();
      expect(reads).not.toHaveBeenCalled();
      await ctx.services.options.set({ Footer: '<b>footer</b>' });
      expect((await status()).data.footer_html).toBe('<b>footer</b>');
      expect(reads).toHaveBeenCalled();
      // The spy does see queries made through this database handle.
      await ctx.db.selectFrom('options').select('key').execute();
      expect(queries).toHaveBeenCalled();
    } finally {
      queries.mockRestore();
      reads.mockRestore();
    }
  });

  it('never carries a secret value', async () => {
    const secrets = [...secretOptionKeys].map((key, i) => [key, `status-secret-${i}-${dialect}`] as const);
    await ctx.services.options.set({
      ...Object.fromEntries(secrets),
      GitHubClientId: 'public-github-id',
      GitHubOAuthEnabled: true,
      TurnstileSiteKey: 'public-site-key',
      TurnstileCheckEnabled: true,
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/status' });
    for (const [, value] of secrets) expect(res.body).not.toContain(value);
    expect(res.json().data).toMatchObject({ github_oauth: true, github_client_id: 'public-github-id', turnstile_check: true, turnstile_site_key: 'public-site-key' });
  });

  it('serves the notice, about and home page texts publicly', async () => {
    await ctx.services.options.set({ Notice: 'maintenance tonight', About: '<p>about</p>', HomePageContent: 'https://example.com/home' });
    for (const [url, text] of [['/api/notice', 'maintenance tonight'], ['/api/about', '<p>about</p>'], ['/api/home_page_content', 'https://example.com/home']]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: '', data: text });
    }
  });

  it('serves the user agreement and privacy policy publicly, empty by default, and flags them in the status', async () => {
    const get = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    // Nothing saved yet: both are empty.
    expect(await get('/api/user-agreement')).toEqual({ success: true, message: '', data: '' });
    expect(await get('/api/privacy-policy')).toEqual({ success: true, message: '', data: '' });
    expect((await status()).data).toMatchObject({ user_agreement_enabled: false, privacy_policy_enabled: false });

    const put = await ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: root.headers, payload: { key: 'legal.user_agreement', value: '# Terms\n\nBe nice.' } });
    expect(json(put).success).toBe(true);
    expect(await get('/api/user-agreement')).toEqual({ success: true, message: '', data: '# Terms\n\nBe nice.' });
    expect(await get('/api/privacy-policy')).toEqual({ success: true, message: '', data: '' });
    expect((await status()).data).toMatchObject({ user_agreement_enabled: true, privacy_policy_enabled: false });

    await ctx.services.options.set({ 'legal.privacy_policy': 'https://example.com/privacy' });
    expect(await get('/api/privacy-policy')).toEqual({ success: true, message: '', data: 'https://example.com/privacy' });
    expect((await status()).data).toMatchObject({ user_agreement_enabled: true, privacy_policy_enabled: true });

    // Whitespace alone does not count as a text.
    await ctx.services.options.set({ 'legal.user_agreement': '  \n ' });
    expect((await status()).data).toMatchObject({ user_agreement_enabled: false, privacy_policy_enabled: true });
  });
});
