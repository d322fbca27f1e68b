import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingEntry } from '@gw/contracts';
import { createTestContext, markSetupDone, member, signIn, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson, userRow } from '../users/users.test-helpers.js';
import { WebhookUrlRefusal } from './webhook-url.js';

const PUBLIC_HOOK = 'https://93.184.216.34/hooks/quota';

describe.each(testDialects())('personal settings (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  const save = (who: Awaited<ReturnType<typeof member>>, body: Record<string, unknown>) => callJson(ctx, 'PUT', '/api/user/setting', who, body);

  it('answers the defaults before anything is saved (threshold 100000, e-mail)', async () => {
    const u = await member(ctx);
    expect((await callJson(ctx, 'GET', '/api/user/setting', u)).data).toEqual({
      notify_type: 'email',
      quota_warning_threshold: 100000,
      webhook_url: '',
      webhook_secret_set: false,
      notification_email: '',
      accept_unset_model_ratio_model: false,
    });
    expect((await call(ctx, 'GET', '/api/user/setting')).statusCode).toBe(401);
    expect((await call(ctx, 'PUT', '/api/user/setting', undefined, {})).statusCode).toBe(401);
  });

  it('saves webhook settings into the user setting, keeping the secret out of every answer', async () => {
    const u = await member(ctx);
    await ctx.db.updateTable('users').set({ setting: JSON.stringify({ sidebar_modules: 'x' }) }).where('id', '=', u.id).execute();
    const body = await save(u, { notify_type: 'webhook', quota_warning_threshold: 500000, webhook_url: PUBLIC_HOOK, webhook_secret: 'hook-secret-1', accept_unset_model_ratio_model: true });
    expect(body).toMatchObject({ success: true, data: { notify_type: 'webhook', quota_warning_threshold: 500000, webhook_url: PUBLIC_HOOK, webhook_secret_set: true } });
    const row = (await userRow(ctx, u.id))!;
    expect(JSON.parse(row.setting!)).toEqual({
      sidebar_modules: 'x',
      notify_type: 'webhook',
      quota_warning_threshold: 500000,
      webhook_url: PUBLIC_HOOK,
      notification_email: '',
      accept_unset_model_ratio_model: true,
    });
    expect(row.notify_webhook_secret).not.toContain('hook-secret-1');
    const self = await callJson(ctx, 'GET', '/api/user/self', u);
    expect(JSON.stringify(self)).not.toContain('hook-secret-1');
    expect(JSON.stringify(await callJson(ctx, 'GET', '/api/user/setting', u))).not.toContain('hook-secret-1');

    // An empty secret keeps the saved one.
    await save(u, { notify_type: 'webhook', quota_warning_threshold: 500000, webhook_url: PUBLIC_HOOK, webhook_secret: '' });
    expect((await userRow(ctx, u.id))!.notify_webhook_secret).toBe(row.notify_webhook_secret);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['an http webhook', { notify_type: 'webhook', webhook_url: 'http://93.184.216.34/hook' }, WebhookUrlRefusal.NotHttps],
    ['a loopback webhook', { notify_type: 'webhook', webhook_url: 'https://127.0.0.1:8443/hook' }, WebhookUrlRefusal.NotPublic],
    ['a private-network webhook', { notify_type: 'webhook', webhook_url: 'https://10.1.2.3/hook' }, WebhookUrlRefusal.NotPublic],
    ['a link-local (cloud metadata) webhook', { notify_type: 'webhook', webhook_url: 'https://169.254.169.254/latest' }, WebhookUrlRefusal.NotPublic],
    ['an IPv6 loopback webhook', { notify_type: 'webhook', webhook_url: 'https://[::1]/hook' }, WebhookUrlRefusal.NotPublic],
    ['a host name that resolves to loopback', { notify_type: 'webhook', webhook_url: 'https://localhost/hook' }, WebhookUrlRefusal.NotPublic],
    ['a webhook that is not a URL', { notify_type: 'webhook', webhook_url: 'not a url' }, WebhookUrlRefusal.Invalid],
    ['webhook notifications without an address', { notify_type: 'webhook', webhook_url: '' }, 'webhook_url is required for webhook notifications'],
    ['an unknown notification type', { notify_type: 'sms' }, 'notify_type must be email or webhook'],
    ['a threshold of 0', { quota_warning_threshold: 0 }, 'quota_warning_threshold must be a positive integer'],
    ['a fractional threshold', { quota_warning_threshold: 1.5 }, 'quota_warning_threshold must be a positive integer'],
    ['a bad notification e-mail', { notification_email: 'nope' }, 'notification_email is not a valid e-mail address'],
  ];
  it.each(refusals)('refuses %s with a clear message and saves nothing', async (_what, body, message) => {
    const u = await member(ctx);
    const res = await call(ctx, 'PUT', '/api/user/setting', u, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(message) });
    expect((await userRow(ctx, u.id))!.setting).toBeNull();
  });

  it('lets the relay price unset models once the user accepts them', async () => {
    await ctx.services.routing.createChannel({ type: 1, name: 'mystery', key: 'k-mystery', models: 'mystery-model-x', group: 'default', status: 1 });
    const u = await member(ctx);
    const listed = async () => ((await callJson(ctx, 'GET', '/api/pricing', u)).data as PricingEntry[]).some((e) => e.model_name === 'mystery-model-x');
    expect(await listed()).toBe(false);
    await save(u, { accept_unset_model_ratio_model: true });
    expect(await listed()).toBe(true);
    await save(u, { accept_unset_model_ratio_model: false });
    expect(await listed()).toBe(false);
  });

  it('requires a letter and a digit in a new password (spec 3 §5)', async () => {
    const u = await member(ctx);
    const change = (password: string) => callJson(ctx, 'PUT', '/api/user/self', u, { password, original_password: u.password });
    expect(await change('abcdefghij')).toMatchObject({ success: false, message: 'password must contain at least one digit' });
    expect(await change('1234567890')).toMatchObject({ success: false, message: 'password must contain at least one letter' });
    expect(await change('short1')).toMatchObject({ success: false, message: 'password must be at least 8 characters' });
    expect(await change('a1'.repeat(11))).toMatchObject({ success: false, message: 'password must be at most 20 characters' });
    expect(await change('letters4and2digits')).toMatchObject({ success: true });
    await expect(signIn(ctx.app, { username: u.username, password: 'letters4and2digits' })).resolves.toMatchObject({ id: u.id });
  });
});

describe('personal settings with the test-only private webhook flag', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { allowPrivateWebhooks: true });
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('accepts a plain-http loopback webhook only when the flag is set', async () => {
    const u = await member(ctx);
    const body = await callJson(ctx, 'PUT', '/api/user/setting', u, { notify_type: 'webhook', webhook_url: 'http://127.0.0.1:9/hook' });
    expect(body).toMatchObject({ success: true, data: { webhook_url: 'http://127.0.0.1:9/hook' } });
    const ftp = await callJson(ctx, 'PUT', '/api/user/setting', u, { notify_type: 'webhook', webhook_url: 'ftp://127.0.0.1/hook' });
    expect(ftp).toMatchObject({ success: false, message: WebhookUrlRefusal.NotHttps });
  });
});
