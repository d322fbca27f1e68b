import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { BACKUP_CODE_COUNT, Role } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { TwoFactorMessage } from './two-factor.service.js';

/** A code from the authenticator app, optionally `offsetSeconds` from now (the server accepts ±30 s). */
const codeFor = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe.each(testDialects())('two-factor sign-in with TOTP (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  const login = (u: { username: string; password: string }) => ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: u.username, password: u.password } });
  const secondStep = (pending_token: string, code: string) => ctx.app.inject({ method: 'POST', url: '/api/user/login/2fa', payload: { pending_token, code } });
  const sessionOf = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === 'session')?.value;

  /** A signed-in user with TOTP enabled; answers the secret and backup codes. */
  async function enrolled(): Promise<{ u: Member; secret: string; backupCodes: string[] }> {
    const u = await member(ctx);
    const setup = await callJson(ctx, 'POST', '/api/user/2fa/setup', u);
    expect(setup.success, setup.message).toBe(true);
    const enable = await callJson(ctx, 'POST', '/api/user/2fa/enable', u, { code: await codeFor(setup.data.secret) });
    expect(enable.success, enable.message).toBe(true);
    return { u, secret: setup.data.secret, backupCodes: setup.data.backup_codes };
  }

  it('enrols with a secret, a QR code and backup codes, confirmed by a first code', async () => {
    const u = await member(ctx);
    const setup = await callJson(ctx, 'POST', '/api/user/2fa/setup', u);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauth_url).toMatch(new RegExp(`^otpauth://totp/.*${u.username}.*secret=${setup.data.secret}`));
    expect(setup.data.qr_code_data_url).toMatch(/^data:image\/png;base64,/);
    expect(setup.data.backup_codes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(setup.data.backup_codes).size).toBe(BACKUP_CODE_COUNT);
    // Not active until confirmed: the password alone still signs in.
    expect(sessionOf(await login(u))).toBeTruthy();
    expect(await callJson(ctx, 'POST', '/api/user/2fa/enable', u, { code: '000000' })).toMatchObject({ success: false, message: TwoFactorMessage.InvalidCode });
    expect(await callJson(ctx, 'POST', '/api/user/2fa/enable', u, { code: await codeFor(setup.data.secret) })).toMatchObject({ success: true });
    expect((await callJson(ctx, 'GET', '/api/user/2fa/status', u)).data).toMatchObject({ totp_enabled: true, backup_codes_remaining: BACKUP_CODE_COUNT, passkeys: [], required: false });
    expect(await callJson(ctx, 'POST', '/api/user/2fa/setup', u)).toMatchObject({ success: false, message: TwoFactorMessage.AlreadyEnabled });
    const row = await ctx.db.selectFrom('user_two_factor').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(setup.data.secret);
  });

  it('asks for a code after the password, and signs in only with a valid one', async () => {
    const { u, secret } = await enrolled();
    const first = await login(u);
    expect(sessionOf(first)).toBeUndefined();
    expect(json(first)).toMatchObject({ success: true, data: { require_2fa: true, expires_in: 300 } });
    const pending = json(first).data.pending_token as string;

    expect(json(await secondStep(pending, '123456'))).toMatchObject({ success: false, message: TwoFactorMessage.InvalidCode });
    const ok = await secondStep(pending, await codeFor(secret, 30));
    expect(json(ok)).toMatchObject({ success: true, data: { id: u.id, username: u.username } });
    const cookie = sessionOf(ok)!;
    const self = await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: { cookie: `session=${cookie}`, 'new-api-user': String(u.id) } });
    expect(json(self).data.id).toBe(u.id);
    // The pending token is used up.
    expect(json(await secondStep(pending, await codeFor(secret, 30)))).toMatchObject({ success: false, message: TwoFactorMessage.PendingExpired });
  });

  it('refuses a TOTP code that was already used, and accepts each backup code once', async () => {
    const { u, secret, backupCodes } = await enrolled();
    const pendingToken = async () => json(await login(u)).data.pending_token as string;
    const code = await codeFor(secret, 30);
    expect(json(await secondStep(await pendingToken(), code)).success).toBe(true);
    expect(json(await secondStep(await pendingToken(), code))).toMatchObject({ success: false, message: TwoFactorMessage.InvalidCode });

    expect(json(await secondStep(await pendingToken(), backupCodes[0].toUpperCase()))).toMatchObject({ success: true });
    expect(json(await secondStep(await pendingToken(), backupCodes[0]))).toMatchObject({ success: false, message: TwoFactorMessage.InvalidCode });
    expect((await callJson(ctx, 'GET', '/api/user/2fa/status', { ...u })).data.backup_codes_remaining).toBe(BACKUP_CODE_COUNT - 1);
  });

  it('gives a backup code to only one of two simultaneous sign-ins', async () => {
    const { u, backupCodes } = await enrolled();
    const tokens = await Promise.all([login(u), login(u)]);
    const results = await Promise.all(tokens.map((t) => secondStep(json(t).data.pending_token, backupCodes[1])));
    expect(results.map((r) => json(r).success).sort()).toEqual([false, true]);
  });

  it('throws a pending sign-in away after five wrong codes', async () => {
    const { u, secret } = await enrolled();
    const pending = json(await login(u)).data.pending_token as string;
    for (let i = 0; i < 5; i++) expect(json(await secondStep(pending, '000000')).message).toBe(TwoFactorMessage.InvalidCode);
    expect(json(await secondStep(pending, await codeFor(secret, 30)))).toMatchObject({ success: false, message: TwoFactorMessage.TooManyAttempts });
    expect(json(await secondStep(pending, await codeFor(secret, 30)))).toMatchObject({ success: false, message: TwoFactorMessage.PendingExpired });
  });

  it('refuses malformed second-step requests with a clear message', async () => {
    expect(json(await ctx.app.inject({ method: 'POST', url: '/api/user/login/2fa', payload: {} }))).toMatchObject({ success: false, message: 'pending_token is required' });
    expect(json(await secondStep('not-a-token', '123456'))).toMatchObject({ success: false, message: TwoFactorMessage.PendingExpired });
  });

  it('disables with a backup code (not with a wrong code), after which the password alone signs in', async () => {
    const { u, backupCodes } = await enrolled();
    expect(await callJson(ctx, 'POST', '/api/user/2fa/disable', u, { code: '999999' })).toMatchObject({ success: false, message: TwoFactorMessage.InvalidCode });
    expect(await callJson(ctx, 'POST', '/api/user/2fa/disable', u, { code: backupCodes[2] })).toMatchObject({ success: true });
    expect(sessionOf(await login(u))).toBeTruthy();
    expect((await callJson(ctx, 'GET', '/api/user/2fa/status', u)).data).toMatchObject({ totp_enabled: false, backup_codes_remaining: 0 });
    expect(await callJson(ctx, 'POST', '/api/user/2fa/disable', u, { code: backupCodes[3] })).toMatchObject({ success: false, message: TwoFactorMessage.NotEnabled });
  });

  it('replaces the backup codes on request (with a TOTP code); the old ones stop working', async () => {
    const { u, secret, backupCodes } = await enrolled();
    expect(await callJson(ctx, 'POST', '/api/user/2fa/backup_codes', u, { code: backupCodes[0] })).toMatchObject({ success: false });
    const fresh = await callJson(ctx, 'POST', '/api/user/2fa/backup_codes', u, { code: await codeFor(secret, 30) });
    expect(fresh.data).toHaveLength(BACKUP_CODE_COUNT);
    const pending = json(await login(u)).data.pending_token as string;
    expect(json(await secondStep(pending, backupCodes[4])).success).toBe(false);
    expect(json(await secondStep(pending, fresh.data[0])).success).toBe(true);
  });

  it('keeps other users out: the routes need a session, and codes are per user', async () => {
    expect((await call(ctx, 'POST', '/api/user/2fa/setup')).statusCode).toBe(401);
    const a = await enrolled();
    const b = await enrolled();
    const pendingB = json(await login(b.u)).data.pending_token as string;
    expect(json(await secondStep(pendingB, a.backupCodes[5])).success).toBe(false);
  });

  describe('required for administrators (AdminTwoFactorRequired)', () => {
    it('treats an administrator without TOTP as a normal user until they enrol', async () => {
      const admin = await member(ctx, { role: Role.Admin });
      await ctx.services.options.set({ AdminTwoFactorRequired: true });
      try {
        const refused = await call(ctx, 'GET', '/api/user/', admin);
        expect(refused.statusCode).toBe(403);
        expect(json(refused).message).toBe(TwoFactorMessage.AdminRequired);
        expect((await call(ctx, 'GET', '/api/user/self', admin)).statusCode).toBe(200);
        expect((await callJson(ctx, 'GET', '/api/user/2fa/status', admin)).data.required).toBe(true);

        const setup = await callJson(ctx, 'POST', '/api/user/2fa/setup', admin);
        await callJson(ctx, 'POST', '/api/user/2fa/enable', admin, { code: await codeFor(setup.data.secret) });
        expect((await call(ctx, 'GET', '/api/user/', admin)).statusCode).toBe(200);
        // Normal users are not concerned.
        const normal = await member(ctx);
        expect((await callJson(ctx, 'GET', '/api/user/2fa/status', normal)).data.required).toBe(false);
      } finally {
        await ctx.services.options.set({ AdminTwoFactorRequired: false });
      }
      const other = await member(ctx, { role: Role.Admin });
      expect((await call(ctx, 'GET', '/api/user/', other)).statusCode).toBe(200);
    });
  });
});
