import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ErrorCode, LogType, Role, SECURE_VERIFICATION_SECONDS } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { REDIS_URL, testDialects } from '../../test/test-database.js';
import type { DatabaseType } from '../config/config.schema.js';
import { connectRedis } from '../platform/redis.js';
import { SoftwareAuthenticator } from '../two-factor/software-authenticator.test-helpers.js';
import { PasskeyMessage } from '../two-factor/passkeys.service.js';
import { call, callJson, logsOf } from '../users/users.test-helpers.js';
import { SecureVerificationMessage } from './secure-verification.service.js';
import { enrolTotp, totpCode, verifyWithCode } from './secure-verification.test-helpers.js';

const ORIGIN = 'http://localhost:5173';
const KEY = 'sk-very-secret-channel-key';

/** The suite, over a database of `dialect` and (optionally) sessions in Redis. */
function secureVerificationSuite(dialect: DatabaseType, withRedis: boolean) {
  let ctx: TestContext;
  let redis: Redis | undefined;
  const prefix = `gwtest:${randomBytes(4).toString('hex')}:`;
  let channelId = 0;

  beforeAll(async () => {
    if (withRedis) redis = await connectRedis(REDIS_URL, prefix);
    ctx = await createTestContext(dialect, {}, { redis });
    await markSetupDone(ctx.db);
    await ctx.services.options.set({ 'passkey.enabled': true, 'passkey.rp_id': 'localhost', 'passkey.origins': [ORIGIN] });
    const root = await member(ctx, { role: Role.Root });
    const created = await callJson(ctx, 'POST', '/api/channel/', root, { type: 1, name: 'secret-holder', key: KEY, models: 'gpt-4o' });
    expect(created.success, created.message).toBe(true);
    channelId = created.data.ids[0];
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await ctx?.close();
    if (redis) {
      for (const k of await redis.keys(`${prefix}*`)) await redis.del(k.slice(prefix.length));
      redis.disconnect();
    }
  });

  const reveal = (who: Member) => call(ctx, 'POST', `/api/channel/${channelId}/key`, who);
  const root = () => member(ctx, { role: Role.Root });
  /** Moves the clock `seconds` ahead (Date only: timers and the databases keep real time). */
  const advance = (seconds: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + seconds * 1000);
  };

  it('refuses a root with neither 2FA nor a passkey, telling them to enable one (new-api)', async () => {
    const r = await root();
    const res = await reveal(r);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ success: false, code: ErrorCode.VerificationRequired, message: SecureVerificationMessage.NoMethod, data: { methods: { two_factor: false, passkey: false } } });
    expect(await verifyWithCode(ctx, r, '123456')).toMatchObject({ success: false, message: SecureVerificationMessage.TwoFactorOff });
    expect(res.body).not.toContain(KEY);
  });

  it('asks a root with 2FA to verify, reveals after a correct code, and logs the verification', async () => {
    const r = await root();
    const { secret } = await enrolTotp(ctx, r);
    const before = await reveal(r);
    expect(before.statusCode).toBe(403);
    expect(json(before)).toMatchObject({ code: ErrorCode.VerificationRequired, message: SecureVerificationMessage.Required, data: { methods: { two_factor: true, passkey: false } } });

    expect(await verifyWithCode(ctx, r, '000000')).toMatchObject({ success: false, message: SecureVerificationMessage.InvalidCode });
    expect((await reveal(r)).statusCode).toBe(403);
    const t0 = Math.floor(Date.now() / 1000);
    const ok = await verifyWithCode(ctx, r, await totpCode(secret));
    expect(ok).toMatchObject({ success: true, data: { verified: true } });
    expect(ok.data.expires_at).toBeGreaterThanOrEqual(t0 + SECURE_VERIFICATION_SECONDS);
    expect(ok.data.expires_at).toBeLessThanOrEqual(t0 + SECURE_VERIFICATION_SECONDS + 2);
    expect(json(await reveal(r))).toMatchObject({ success: true, data: { key: KEY } });
    // The same code does not verify twice.
    expect(await verifyWithCode(ctx, r, await totpCode(secret))).toMatchObject({ success: false, message: SecureVerificationMessage.InvalidCode });
    const logs = await logsOf(ctx, r.id);
    expect(logs.filter((l) => l.type === LogType.System && l.content === 'secure verification passed (two-factor code)')).toHaveLength(1);
  });

  it('refuses again once the five-minute window has passed, as expired, until verified anew', async () => {
    const r = await root();
    const { secret, backupCodes } = await enrolTotp(ctx, r);
    expect((await verifyWithCode(ctx, r, await totpCode(secret))).success).toBe(true);
    advance(SECURE_VERIFICATION_SECONDS - 5);
    expect((await reveal(r)).statusCode).toBe(200);
    advance(10);
    const expired = await reveal(r);
    expect(expired.statusCode).toBe(403);
    expect(json(expired)).toMatchObject({ success: false, code: ErrorCode.VerificationExpired, message: SecureVerificationMessage.Expired });
    expect((await verifyWithCode(ctx, r, backupCodes[0])).success).toBe(true);
    expect(json(await reveal(r))).toMatchObject({ success: true, data: { key: KEY } });
  });

  it('verifies one session only: another sign-in of the same root must verify itself', async () => {
    const r = await root();
    const { secret } = await enrolTotp(ctx, r);
    const other = await ctx.services.sessions.create(r.id, { ip: '127.0.0.1', userAgent: 'second browser' });
    expect((await verifyWithCode(ctx, r, await totpCode(secret))).success).toBe(true);
    const fromOther = await ctx.app.inject({ method: 'POST', url: `/api/channel/${channelId}/key`, headers: { cookie: `session=${other}`, 'new-api-user': String(r.id) } });
    expect(fromOther.statusCode).toBe(403);
    expect((await reveal(r)).statusCode).toBe(200);
  });

  it('does not accept an access token in place of a verified session', async () => {
    const r = await root();
    const { secret } = await enrolTotp(ctx, r);
    const token = (await callJson(ctx, 'GET', '/api/user/token', r)).data as string;
    const headers = { authorization: `Bearer ${token}`, 'new-api-user': String(r.id) };
    const verify = await ctx.app.inject({ method: 'POST', url: '/api/verify', headers, payload: { method: '2fa', code: await totpCode(secret) } });
    expect(verify.statusCode).toBe(403);
    expect(json(verify)).toMatchObject({ success: false, message: SecureVerificationMessage.NeedsSession });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/channel/${channelId}/key`, headers });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ code: ErrorCode.VerificationRequired, message: SecureVerificationMessage.NeedsSession });
  });

  it('answers bad input with a clear message, never a 500', async () => {
    const u = await member(ctx);
    for (const [payload, message] of [
      [{}, 'method must be "2fa" or "passkey"'],
      [{ method: 'sms', code: '1' }, 'method must be "2fa" or "passkey"'],
      [{ method: '2fa' }, 'code is required for method "2fa"'],
      [{ method: '2fa', code: 'x'.repeat(40) }, 'code is too long'],
    ] as const) {
      const res = await call(ctx, 'POST', '/api/verify', u, payload);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ success: false, message });
    }
    expect((await call(ctx, 'POST', '/api/verify', undefined, { method: '2fa', code: '123456' })).statusCode).toBe(401);
    // Only root reaches the key: the verification guard comes after the role guard.
    const admin = await member(ctx, { role: Role.Admin });
    expect(json(await reveal(admin))).toMatchObject({ success: false, message: 'super administrator permission is required' });
  });

  it('verifies with a passkey (begin/finish), which POST /api/verify then confirms', async () => {
    const r = await root();
    const authenticator = new SoftwareAuthenticator('localhost', ORIGIN);
    const begin = await callJson(ctx, 'POST', '/api/user/passkey/register/begin', r);
    expect((await callJson(ctx, 'POST', '/api/user/passkey/register/finish', r, { challenge_id: begin.data.challenge_id, response: authenticator.register(begin.data.options) })).success).toBe(true);

    expect(json(await reveal(r))).toMatchObject({ code: ErrorCode.VerificationRequired, data: { methods: { two_factor: false, passkey: true } } });
    // new-api's console calls /api/verify with "passkey" after the ceremony; alone it proves nothing.
    expect(await callJson(ctx, 'POST', '/api/verify', r, { method: 'passkey' })).toMatchObject({ success: false, message: SecureVerificationMessage.PasskeyFirst });

    const options = await callJson(ctx, 'POST', '/api/user/passkey/verify/begin', r);
    expect(options.success, options.message).toBe(true);
    expect(options.data.options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const finish = await callJson(ctx, 'POST', '/api/user/passkey/verify/finish', r, { challenge_id: options.data.challenge_id, response: authenticator.authenticate(options.data.options) });
    expect(finish).toMatchObject({ success: true, data: { verified: true } });
    expect(await callJson(ctx, 'POST', '/api/verify', r, { method: 'passkey' })).toMatchObject({ success: true, data: { verified: true, expires_at: finish.data.expires_at } });
    expect(json(await reveal(r))).toMatchObject({ success: true, data: { key: KEY } });
  });

  it("refuses another user's passkey and a verification ceremony begun by someone else", async () => {
    const r = await root();
    const mallory = await member(ctx);
    const theirs = new SoftwareAuthenticator('localhost', ORIGIN);
    const reg = await callJson(ctx, 'POST', '/api/user/passkey/register/begin', mallory);
    expect((await callJson(ctx, 'POST', '/api/user/passkey/register/finish', mallory, { challenge_id: reg.data.challenge_id, response: theirs.register(reg.data.options) })).success).toBe(true);
    const mine = new SoftwareAuthenticator('localhost', ORIGIN);
    const reg2 = await callJson(ctx, 'POST', '/api/user/passkey/register/begin', r);
    expect((await callJson(ctx, 'POST', '/api/user/passkey/register/finish', r, { challenge_id: reg2.data.challenge_id, response: mine.register(reg2.data.options) })).success).toBe(true);

    const begin = await callJson(ctx, 'POST', '/api/user/passkey/verify/begin', r);
    expect(await callJson(ctx, 'POST', '/api/user/passkey/verify/finish', r, { challenge_id: begin.data.challenge_id, response: theirs.authenticate(begin.data.options) })).toMatchObject({
      success: false,
      message: PasskeyMessage.Unknown,
    });
    const stolen = await callJson(ctx, 'POST', '/api/user/passkey/verify/begin', r);
    expect(await callJson(ctx, 'POST', '/api/user/passkey/verify/finish', mallory, { challenge_id: stolen.data.challenge_id, response: theirs.authenticate(stolen.data.options) })).toMatchObject({
      success: false,
      message: PasskeyMessage.Expired,
    });
    expect((await reveal(r)).statusCode).toBe(403);
    // Without a passkey there is nothing to begin.
    expect(await callJson(ctx, 'POST', '/api/user/passkey/verify/begin', await member(ctx))).toMatchObject({ success: false, message: PasskeyMessage.NoneRegistered });
  });

  it('ends with the session: after signing out and in again the new session must verify again', async () => {
    const r = await root();
    const { secret } = await enrolTotp(ctx, r);
    expect((await verifyWithCode(ctx, r, await totpCode(secret))).success).toBe(true);
    await call(ctx, 'GET', '/api/user/logout', r);
    const pending = json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: r.username, password: r.password } }));
    expect(pending.data.require_2fa).toBe(true);
    const second = await ctx.app.inject({ method: 'POST', url: '/api/user/login/2fa', payload: { pending_token: pending.data.pending_token, code: await totpCode(secret, 30) } });
    expect(json(second).success).toBe(true);
    const cookie = second.cookies.find((c) => c.name === 'session')!.value;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/channel/${channelId}/key`, headers: { cookie: `session=${cookie}`, 'new-api-user': String(r.id) } });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe(ErrorCode.VerificationRequired);
  });
}

describe.each(testDialects())('secure verification with database sessions (%s)', (dialect) => {
  secureVerificationSuite(dialect, false);
});

describe('secure verification with sessions in Redis', () => {
  secureVerificationSuite('sqlite', true);
});
