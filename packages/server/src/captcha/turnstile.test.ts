import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, json, markSetupDone, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { startFakeTurnstile, type FakeTurnstile } from '../../test/fake-http-peers.js';
import { TURNSTILE_FAILED, TURNSTILE_MISSING } from './turnstile.js';

const SECRET = 'turnstile-secret-key';

describe.each(testDialects())('Turnstile on the guarded routes (%s)', (dialect) => {
  let ctx: TestContext;
  let cloudflare: FakeTurnstile;
  let n = 0;

  beforeAll(async () => {
    cloudflare = await startFakeTurnstile(SECRET);
    ctx = await createTestContext(dialect, { turnstileVerifyUrl: `${cloudflare.url}/turnstile/v0/siteverify` });
    await markSetupDone(ctx.db);
  });
  afterEach(() => ctx.services.options.set({ TurnstileCheckEnabled: false, TurnstileSecretKey: SECRET }));
  afterAll(async () => {
    await ctx?.close();
    await cloudflare?.close();
  });

  const guarded = (token?: string) => {
    const q = token === undefined ? '' : `turnstile=${encodeURIComponent(token)}`;
    return [
      { method: 'POST' as const, url: `/api/user/login?${q}`, payload: { username: 'nobody', password: 'whatever1' } },
      { method: 'POST' as const, url: `/api/user/register?${q}`, payload: { username: `ts${dialect.slice(0, 2)}${++n}`, password: 'password123' } },
      { method: 'GET' as const, url: `/api/verification?email=ts${++n}@example.com&${q}` },
      { method: 'GET' as const, url: `/api/reset_password?email=ts${++n}@example.com&${q}` },
    ];
  };

  it('does not ask for a token while the check is off', async () => {
    const u = await createUser(ctx.db);
    const res = json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: u.username, password: u.password } }));
    expect(res.success).toBe(true);
    expect(cloudflare.requests).toHaveLength(0);
  });

  it('refuses every guarded route without a token, with the waiting message', async () => {
    expect(TURNSTILE_MISSING).toBe('please wait a few seconds, Turnstile is checking the user environment');
    await ctx.services.options.set({ TurnstileCheckEnabled: true, TurnstileSecretKey: SECRET });
    for (const call of guarded()) {
      expect(json(await ctx.app.inject(call))).toEqual({ success: false, message: TURNSTILE_MISSING, code: 'human_check_failed' });
    }
  });

  it('refuses a token that Cloudflare rejects', async () => {
    await ctx.services.options.set({ TurnstileCheckEnabled: true, TurnstileSecretKey: SECRET });
    for (const call of guarded('forged-token')) {
      expect(json(await ctx.app.inject(call))).toMatchObject({ success: false, message: TURNSTILE_FAILED });
    }
  });

  it('passes a good token to the route, sending the secret and the caller IP, and accepts it only once', async () => {
    await ctx.services.options.set({ TurnstileCheckEnabled: true, TurnstileSecretKey: SECRET });
    const u = await createUser(ctx.db);
    const token = cloudflare.issueToken();
    const login = (t: string) => ctx.app.inject({ method: 'POST', url: `/api/user/login?turnstile=${t}`, payload: { username: u.username, password: u.password }, remoteAddress: '10.1.2.3' });
    expect(json(await login(token))).toMatchObject({ success: true });
    expect(cloudflare.requests.at(-1)?.form).toMatchObject({ secret: SECRET, response: token, remoteip: '10.1.2.3' });
    expect(json(await login(token))).toMatchObject({ success: false, message: TURNSTILE_FAILED });
    // The other guarded routes reach their own checks once the token is good.
    const register = json(await ctx.app.inject({ method: 'POST', url: `/api/user/register?turnstile=${cloudflare.issueToken()}`, payload: { username: `ts${dialect.slice(0, 2)}${++n}`, password: 'password123' } }));
    expect(register.success).toBe(true);
    const reset = json(await ctx.app.inject({ method: 'GET', url: `/api/reset_password?email=nobody${++n}@example.com&turnstile=${cloudflare.issueToken()}` }));
    expect(reset.message).toBe('no account uses this e-mail address');
  });

  it('refuses when the secret key is wrong or Cloudflare cannot be reached', async () => {
    await ctx.services.options.set({ TurnstileCheckEnabled: true, TurnstileSecretKey: 'not-the-secret' });
    expect(json(await ctx.app.inject(guarded(cloudflare.issueToken())[0]))).toMatchObject({ success: false, message: TURNSTILE_FAILED });
    const offline = await createTestContext('sqlite', { turnstileVerifyUrl: 'http://127.0.0.1:9/siteverify' });
    try {
      await offline.services.options.set({ TurnstileCheckEnabled: true, TurnstileSecretKey: SECRET });
      const res = await offline.app.inject({ method: 'POST', url: '/api/user/login?turnstile=abc', payload: { username: 'x', password: 'yyyyyyyy' } });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ success: false, message: TURNSTILE_FAILED });
    } finally {
      await offline.close();
    }
  });
});
