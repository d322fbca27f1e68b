import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, signIn, type SignedIn, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { OptionsService } from './options.service.js';
import { optionKeys, secretOptionKeys } from './option-registry.js';

describe.each(testDialects())('options API (%s)', (dialect) => {
  let ctx: TestContext;
  let root: SignedIn;
  let admin: SignedIn;
  let user: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await signIn(ctx.app, await createUser(ctx.db, { role: Role.Root }));
    admin = await signIn(ctx.app, await createUser(ctx.db, { role: Role.Admin }));
    user = await signIn(ctx.app, await createUser(ctx.db, { role: Role.User }));
  });
  afterAll(() => ctx?.close());

  const list = async () => json(await ctx.app.inject({ method: 'GET', url: '/api/option/', headers: root.headers }));
  const valueOf = async (key: string) => ((await list()).data as { key: string; value: string }[]).find((e) => e.key === key)?.value;
  const put = async (payload: unknown, who: SignedIn = root) => json(await ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: who.headers, payload: payload as object }));
  const storedRow = async (key: string) => (await ctx.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst())?.value;

  it('lets only root read and change options', async () => {
    const cases: [SignedIn | null, number][] = [[null, 401], [user, 403], [admin, 403], [root, 200]];
    for (const [who, status] of cases) {
      const headers = who?.headers ?? {};
      const get = await ctx.app.inject({ method: 'GET', url: '/api/option/', headers });
      expect(get.statusCode).toBe(status);
      const change = await ctx.app.inject({ method: 'PUT', url: '/api/option/', headers, payload: { key: 'Notice', value: `by ${status}` } });
      expect(change.statusCode).toBe(status);
    }
    expect(await valueOf('Notice')).toBe('by 200');
  });

  it('lists every non-secret option as a string, with the defaults', async () => {
    const body = await list();
    expect(body.success).toBe(true);
    const entries = body.data as { key: string; value: unknown }[];
    expect(entries.map((e) => e.key)).toEqual(optionKeys.filter((k) => !secretOptionKeys.has(k)));
    for (const e of entries) expect(typeof e.value).toBe('string');
    const byKey = Object.fromEntries(entries.map((e) => [e.key, e.value]));
    expect(byKey.QuotaPerUnit).toBe('500000');
    expect(byKey.Price).toBe('7.3');
    expect(byKey.DrawingEnabled).toBe('true');
    expect(byKey.ModelRequestRateLimitSuccessCount).toBe('1000');
    expect(JSON.parse(byKey['claude.default_max_tokens'] as string)).toEqual({ default: 8192 });
  });

  it('never returns a secret value, not even masked', async () => {
    const secrets = [...secretOptionKeys].map((key, i) => ({ key, value: `s3cr3t-${i}-${dialect}-value` }));
    expect((await put(secrets)).success).toBe(true);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/option/', headers: root.headers });
    for (const { key, value } of secrets) {
      expect(res.body).not.toContain(value);
      expect(res.body).not.toContain(`"${key}"`);
    }
    expect(ctx.services.options.get('SMTPToken')).toBe(secrets.find((s) => s.key === 'SMTPToken')!.value);
    // Internal callers may clear secrets; later tests start without credentials.
    await ctx.services.options.set(Object.fromEntries([...secretOptionKeys].map((k) => [k, ''])));
  });

  it('saves booleans, integers, numbers, JSON and text given as strings or native values', async () => {
    expect((await put({ key: 'DrawingEnabled', value: false })).success).toBe(true);
    expect(await valueOf('DrawingEnabled')).toBe('false');
    expect((await put({ key: 'DrawingEnabled', value: 'true' })).success).toBe(true);
    expect(ctx.services.options.get('DrawingEnabled')).toBe(true);

    expect((await put({ key: 'RetryTimes', value: 3 })).success).toBe(true);
    expect((await put({ key: 'QuotaForNewUser', value: '2500' })).success).toBe(true);
    expect(await valueOf('RetryTimes')).toBe('3');
    expect(ctx.services.options.get('QuotaForNewUser')).toBe(2500);

    expect((await put({ key: 'Price', value: 6.5 })).success).toBe(true);
    expect(await valueOf('Price')).toBe('6.5');

    expect((await put({ key: 'GroupRatio', value: '{"default":1,"vip":0.8}' })).success).toBe(true);
    expect(ctx.services.options.get('GroupRatio')).toEqual({ default: 1, vip: 0.8 });
    expect((await put({ key: 'ModelRatio', value: { 'gpt-4o': 1.25 } })).success).toBe(true);
    expect(JSON.parse((await valueOf('ModelRatio'))!)).toEqual({ 'gpt-4o': 1.25 });

    expect((await put({ key: 'SystemName', value: 'My Gateway' })).success).toBe(true);
    expect(await valueOf('SystemName')).toBe('My Gateway');
    expect(await storedRow('SystemName')).toBe('My Gateway');
  });

  it('refuses malformed JSON and JSON of the wrong shape, naming the key', async () => {
    const bad = await put({ key: 'ModelPrice', value: '{"gpt-4o": 0.1,' });
    expect(bad).toMatchObject({ success: false, message: 'ModelPrice is not a legal JSON string' });
    const shape = await put({ key: 'UserUsableGroups', value: '{"vip": 3}' });
    expect(shape.success).toBe(false);
    expect(shape.message).toBe('UserUsableGroups.vip must be a string');
    expect(await storedRow('ModelPrice')).toBeUndefined();
  });

  it('refuses numbers outside their bounds', async () => {
    for (const [key, value, message] of [
      ['DataExportInterval', 0, 'DataExportInterval must be at least 1'],
      ['ModelRequestRateLimitSuccessCount', '0', 'ModelRequestRateLimitSuccessCount must be at least 1'],
      ['ModelRequestRateLimitCount', -1, 'ModelRequestRateLimitCount must be at least 0'],
      ['claude.thinking_adapter_budget_tokens_percentage', 2, 'claude.thinking_adapter_budget_tokens_percentage must be at most 1'],
      ['RetryTimes', 'many', 'RetryTimes must be a number'],
    ] as const) {
      expect(await put({ key, value }), key).toMatchObject({ success: false, message });
    }
    expect(ctx.services.options.get('DataExportInterval')).toBe(5);
  });

  it('refuses an unknown key and a body without a key', async () => {
    expect(await put({ key: 'NoSuchOption', value: '1' })).toMatchObject({ success: false, message: 'unknown option key NoSuchOption' });
    const missing = await put({ value: '1' });
    expect(missing.success).toBe(false);
    expect(missing.message).toMatch(/key/);
  });

  it('refuses to enable a sign-in method before its credentials are saved', async () => {
    const refused = await put({ key: 'GitHubOAuthEnabled', value: true });
    expect(refused).toMatchObject({ success: false, message: 'cannot enable GitHub sign-in: set GitHubClientId and GitHubClientSecret first' });
    for (const key of ['GoogleOAuthEnabled', 'LinuxDOOAuthEnabled', 'TelegramOAuthEnabled', 'oidc.enabled', 'oauth_wechat.enabled', 'TurnstileCheckEnabled']) {
      const res = await put({ key, value: 'true' });
      expect(res.success, key).toBe(false);
      expect(res.message).toMatch(/^cannot enable /);
    }
    expect((await put({ key: 'GitHubClientId', value: 'gh-id' })).success).toBe(true);
    expect((await put({ key: 'GitHubOAuthEnabled', value: true })).message).toBe('cannot enable GitHub sign-in: set GitHubClientSecret first');
    expect((await put({ key: 'GitHubClientSecret', value: 'gh-secret' })).success).toBe(true);
    expect((await put({ key: 'GitHubOAuthEnabled', value: true })).success).toBe(true);
    expect(ctx.services.options.get('GitHubOAuthEnabled')).toBe(true);
    // Clearing a required id while the switch is on would break sign-in.
    expect(await put({ key: 'GitHubClientId', value: '' })).toMatchObject({ success: false, message: 'GitHubClientId cannot be empty while GitHubOAuthEnabled is on' });
  });

  it('accepts credentials and the switch together in one batch, all or nothing', async () => {
    const ok = await put([
      { key: 'GoogleClientId', value: 'g-id' },
      { key: 'GoogleClientSecret', value: 'g-secret' },
      { key: 'GoogleOAuthEnabled', value: true },
    ]);
    expect(ok.success).toBe(true);
    expect(ctx.services.options.get('GoogleOAuthEnabled')).toBe(true);
    const mixed = await put([{ key: 'Footer', value: 'batch footer' }, { key: 'DataExportInterval', value: 0 }]);
    expect(mixed.success).toBe(false);
    expect(await valueOf('Footer')).not.toBe('batch footer');
  });

  it('requires a non-empty whitelist for the e-mail domain restriction', async () => {
    expect((await put({ key: 'EmailDomainWhitelist', value: '' })).success).toBe(true);
    expect(await put({ key: 'EmailDomainRestrictionEnabled', value: true })).toMatchObject({
      success: false,
      message: 'cannot enable the e-mail domain restriction: set EmailDomainWhitelist first',
    });
    expect((await put({ key: 'EmailDomainWhitelist', value: 'example.com, example.org' })).success).toBe(true);
    expect(await valueOf('EmailDomainWhitelist')).toBe('example.com,example.org');
    expect((await put({ key: 'EmailBlacklist', value: ['spam.example', ' junk.example '] })).success).toBe(true);
    expect(ctx.services.options.get('EmailBlacklist')).toEqual(['spam.example', 'junk.example']);
    expect((await put({ key: 'EmailDomainRestrictionEnabled', value: true })).success).toBe(true);
  });

  it('keeps the saved secret when an empty one is submitted', async () => {
    expect((await put({ key: 'TurnstileSecretKey', value: 'ts-secret-1' })).success).toBe(true);
    const res = await put({ key: 'TurnstileSecretKey', value: '' });
    expect(res.success).toBe(true);
    expect(await storedRow('TurnstileSecretKey')).toBe('ts-secret-1');
    expect(ctx.services.options.get('TurnstileSecretKey')).toBe('ts-secret-1');
  });

  it('resets model prices and ratios to the shipped defaults (root only)', async () => {
    expect((await put({ key: 'ModelRatio', value: '{"only-model": 3}' })).success).toBe(true);
    expect(JSON.parse((await valueOf('ModelRatio'))!)).toEqual({ 'only-model': 3 });
    const denied = await ctx.app.inject({ method: 'POST', url: '/api/option/rest_model_ratio', headers: admin.headers });
    expect(denied.statusCode).toBe(403);
    const reset = json(await ctx.app.inject({ method: 'POST', url: '/api/option/rest_model_ratio', headers: root.headers }));
    expect(reset.success).toBe(true);
    const ratios = JSON.parse((await valueOf('ModelRatio'))!);
    expect(ratios['only-model']).toBeUndefined();
    expect(ratios['gpt-4o']).toBe(1.25);
  });

  it('takes audio and image ratios as JSON maps of numbers, and resets them with the other prices', async () => {
    expect(JSON.parse((await valueOf('AudioRatio'))!)['gpt-4o-realtime-preview']).toBe(8);
    expect(await put({ key: 'AudioRatio', value: '{"voice-model": "eight"}' })).toMatchObject({ success: false });
    expect(await put({ key: 'AudioCompletionRatio', value: 'not json' })).toMatchObject({ success: false });
    expect((await put({ key: 'AudioRatio', value: '{"voice-model": 12}' })).success).toBe(true);
    expect((await put({ key: 'AudioCompletionRatio', value: '{"voice-model": 3}' })).success).toBe(true);
    expect(ctx.services.options.get('AudioRatio')).toEqual({ 'voice-model': 12 });
    expect(ctx.services.options.get('AudioCompletionRatio')).toEqual({ 'voice-model': 3 });
    expect(json(await ctx.app.inject({ method: 'POST', url: '/api/option/rest_model_ratio', headers: root.headers })).success).toBe(true);
    expect(ctx.services.options.get('AudioRatio')['voice-model']).toBeUndefined();
    expect(ctx.services.options.get('AudioCompletionRatio')['gpt-4o-realtime-preview']).toBe(2);
    expect((await put({ key: 'ImageRatio', value: '{"gpt-image-1": 3}' })).success).toBe(true);
    expect(json(await ctx.app.inject({ method: 'POST', url: '/api/option/rest_model_ratio', headers: root.headers })).success).toBe(true);
    expect(ctx.services.options.get('ImageRatio')['gpt-image-1']).toBe(2);
    expect(ctx.services.options.get('ToolCallPrice')).toEqual({ web_search: 10, file_search: 2.5, google_search: 35 });
    expect(ctx.services.options.get('LongContextPrice')['gemini-2.5-pro']).toEqual({ threshold: 200_000, input: 2, output: 1.5 });
    expect(await put({ key: 'LongContextPrice', value: '{"m": {"threshold": 0, "input": 2, "output": 1}}' })).toMatchObject({ success: false });
    expect(await put({ key: 'LongContextPrice', value: '{"m": 2}' })).toMatchObject({ success: false });
    expect((await put({ key: 'LongContextPrice', value: '{"m": {"threshold": 128000, "input": 2, "output": 2}}' })).success).toBe(true);
  });

  it('keeps saved values across a restart', async () => {
    expect((await put({ key: 'About', value: 'about us' })).success).toBe(true);
    expect((await put({ key: 'SensitiveWords', value: 'alpha\nbeta' })).success).toBe(true);
    expect((await put({ key: 'CompletionRatio', value: '{"gpt-4o":4}' })).success).toBe(true);
    const restarted = new OptionsService(ctx.db);
    await restarted.load();
    expect(restarted.get('About')).toBe('about us');
    expect(restarted.get('SensitiveWords')).toEqual(['alpha', 'beta']);
    expect(restarted.get('CompletionRatio')).toEqual({ 'gpt-4o': 4 });
  });
});
