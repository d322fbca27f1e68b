import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role, UserStatus } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, signIn, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { LogType } from '../logs/log-types.js';
import { optionRegistry } from '../options/option-registry.js';
import { UsersService } from './users.service.js';
import { logsOf, userRow } from './users.test-helpers.js';
import { newEmailCode } from '../verification/random-codes.js';

const DEFAULTS = {
  RegisterEnabled: optionRegistry.RegisterEnabled.default,
  PasswordRegisterEnabled: optionRegistry.PasswordRegisterEnabled.default,
  EmailVerificationEnabled: optionRegistry.EmailVerificationEnabled.default,
  QuotaForNewUser: optionRegistry.QuotaForNewUser.default,
  QuotaForInviter: optionRegistry.QuotaForInviter.default,
  QuotaForInvitee: optionRegistry.QuotaForInvitee.default,
};

describe.each(testDialects())('POST /api/user/register (%s)', (dialect) => {
  let ctx: TestContext;
  let n = 0;
  const name = () => `reg${dialect.slice(0, 2)}${++n}`;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
  });
  afterEach(() => ctx.services.options.set(DEFAULTS));
  afterAll(() => ctx?.close());

  const register = async (payload: Record<string, unknown>) => json(await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload }));
  const byName = (username: string) => ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  it('creates an enabled normal user with the username as display name and a fresh invite code', async () => {
    const username = name();
    const body = await register({ username, password: 'password123', password2: 'password123' });
    expect(body).toMatchObject({ success: true, data: { username } });
    const row = await byName(username);
    expect(row).toMatchObject({ role: Role.User, status: UserStatus.Enabled, display_name: username, quota: 0, inviter_id: 0, email: '' });
    expect(row!.aff_code).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(row!.password).toMatch(/^\$argon2id\$/);
    await expect(signIn(ctx.app, { username, password: 'password123' })).resolves.toMatchObject({ id: row!.id });
  });

  it('answers the spec messages for short passwords and mismatched passwords', async () => {
    const username = name();
    expect(await register({ username, password: 'short12', password2: 'short12' })).toMatchObject({ success: false, message: 'password length must not be less than 8' });
    expect(await register({ username, password: 'x'.repeat(21) })).toMatchObject({ success: false, message: 'password length must not be more than 20' });
    const differ = await register({ username, password: 'password123', password2: 'password124' });
    expect(differ.success).toBe(false);
    expect(differ.message).toContain('the two passwords differ');
    expect(await register({ username: 'a'.repeat(13), password: 'password123' })).toMatchObject({ success: false, message: 'username must be at most 12 characters' });
    expect(await register({ password: 'password123' })).toMatchObject({ success: false, message: 'username is required' });
    expect(await byName(username)).toBeUndefined();
  });

  it('refuses a taken username, including one of a deleted account', async () => {
    const live = await createUser(ctx.db);
    const gone = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ deleted_at: 1 }).where('id', '=', gone.id).execute();
    for (const username of [live.username, gone.username]) {
      expect(await register({ username, password: 'password123' })).toMatchObject({ success: false, message: 'username already taken' });
    }
    const count = await ctx.db.selectFrom('users').select('id').where('username', 'in', [live.username, gone.username]).execute();
    expect(count).toHaveLength(2);
  });

  it('lets only one of several concurrent sign-ups with the same name succeed', async () => {
    const username = name();
    const results = await Promise.all([1, 2, 3, 4].map(() => register({ username, password: 'password123' })));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.success)) expect(r.message).toBe('username already taken');
  });

  it('refuses sign-up when registration or password registration is turned off', async () => {
    await ctx.services.options.set({ RegisterEnabled: false });
    const off = await register({ username: name(), password: 'password123' });
    expect(off).toMatchObject({ success: false, message: 'new user registration has been disabled by the administrator' });
    await ctx.services.options.set({ RegisterEnabled: true, PasswordRegisterEnabled: false });
    const noPassword = await register({ username: name(), password: 'password123' });
    expect(noPassword.success).toBe(false);
    expect(noPassword.message).toMatch(/password has been disabled/);
    const rows = await ctx.db.selectFrom('users').select('id').where('username', 'like', `reg${dialect.slice(0, 2)}%`).execute();
    const before = rows.length;
    await ctx.services.options.set({ PasswordRegisterEnabled: true });
    expect((await register({ username: name(), password: 'password123' })).success).toBe(true);
    expect(await ctx.db.selectFrom('users').select('id').where('username', 'like', `reg${dialect.slice(0, 2)}%`).execute()).toHaveLength(before + 1);
  });

  it('gives QuotaForNewUser to a new user and writes a system log row', async () => {
    await ctx.services.options.set({ QuotaForNewUser: 5000 });
    const username = name();
    expect((await register({ username, password: 'password123' })).success).toBe(true);
    const row = await byName(username);
    expect(row!.quota).toBe(5000);
    const logs = await logsOf(ctx, row!.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: LogType.System, quota: 5000, username });
  });

  it('writes no gift log when QuotaForNewUser is zero', async () => {
    const username = name();
    await register({ username, password: 'password123' });
    expect(await logsOf(ctx, (await byName(username))!.id)).toEqual([]);
  });

  it('rewards invitee and inviter for a valid invite code, each with a log row', async () => {
    await ctx.services.options.set({ QuotaForNewUser: 100, QuotaForInvitee: 30, QuotaForInviter: 70 });
    const inviter = await createUser(ctx.db, { quota: 1 });
    const inviterBefore = await userRow(ctx, inviter.id);
    const username = name();
    expect((await register({ username, password: 'password123', aff_code: inviterBefore!.aff_code })).success).toBe(true);

    const invitee = await byName(username);
    expect(invitee).toMatchObject({ quota: 130, inviter_id: inviter.id });
    const inviteeLogs = await logsOf(ctx, invitee!.id);
    expect(inviteeLogs.map((l) => [l.type, l.quota])).toEqual([[LogType.System, 100], [LogType.System, 30]]);

    expect(await userRow(ctx, inviter.id)).toMatchObject({ quota: 1, aff_count: 1, aff_quota: 70, aff_history_quota: 70 });
    const inviterLogs = await logsOf(ctx, inviter.id);
    expect(inviterLogs).toHaveLength(1);
    expect(inviterLogs[0]).toMatchObject({ type: LogType.System, quota: 70, username: inviter.username });
    expect(inviterLogs[0].content).toContain(username);
  });

  it('counts concurrent invitations exactly', async () => {
    await ctx.services.options.set({ QuotaForInviter: 10 });
    const inviter = await createUser(ctx.db);
    const code = (await userRow(ctx, inviter.id))!.aff_code;
    const results = await Promise.all(Array.from({ length: 6 }, () => register({ username: name(), password: 'password123', aff_code: code })));
    expect(results.every((r) => r.success)).toBe(true);
    expect(await userRow(ctx, inviter.id)).toMatchObject({ aff_count: 6, aff_quota: 60, aff_history_quota: 60 });
  });

  it('ignores an unknown invite code and a deleted inviter\'s code', async () => {
    await ctx.services.options.set({ QuotaForInvitee: 30, QuotaForInviter: 70 });
    const gone = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ deleted_at: 1 }).where('id', '=', gone.id).execute();
    const goneCode = (await userRow(ctx, gone.id))!.aff_code;
    for (const aff_code of ['nosuchcode', goneCode]) {
      const username = name();
      expect((await register({ username, password: 'password123', aff_code })).success).toBe(true);
      expect(await byName(username)).toMatchObject({ quota: 0, inviter_id: 0 });
    }
    expect((await userRow(ctx, gone.id))!.aff_count).toBe(0);
  });

  describe('with e-mail verification on', () => {
    const turnOn = () => ctx.services.options.set({ EmailVerificationEnabled: true });
    const issueCode = async (email: string) => {
      const code = newEmailCode();
      await ctx.services.users.verificationCodes.issue('email', email, { secret: code, ttlSeconds: 180, resendAfterSeconds: 60 });
      return code;
    };

    it('requires an e-mail address and a code', async () => {
      await turnOn();
      expect(await register({ username: name(), password: 'password123' })).toMatchObject({ success: false, message: 'email is required because e-mail verification is enabled' });
      expect(await register({ username: name(), password: 'password123', email: 'a@example.com' })).toMatchObject({ success: false, message: 'verification_code is required' });
      expect(await register({ username: name(), password: 'password123', email: 'not-an-email', verification_code: 'abc' })).toMatchObject({ success: false, message: 'email is not a valid e-mail address' });
    });

    it('refuses a wrong code and a code issued for another address', async () => {
      await turnOn();
      await issueCode(`other.${dialect}@example.com`);
      const code = await issueCode(`me.${dialect}@example.com`);
      const wrong = await register({ username: name(), password: 'password123', email: `me.${dialect}@example.com`, verification_code: code === 'zzzzzz' ? 'yyyyyy' : 'zzzzzz' });
      expect(wrong).toMatchObject({ success: false, message: 'the verification code is invalid or has expired' });
      const elsewhere = await register({ username: name(), password: 'password123', email: `other.${dialect}@example.com`, verification_code: code });
      expect(elsewhere.success).toBe(false);
    });

    it('registers with a valid code, stores the address, and uses the code up', async () => {
      await turnOn();
      const email = `ok.${dialect}@example.com`;
      const code = await issueCode(email);
      const username = name();
      expect((await register({ username, password: 'password123', email, verification_code: code })).success).toBe(true);
      expect((await byName(username))!.email).toBe(email);
      expect(await ctx.services.users.verificationCodes.consume('email', email, code)).toBe(false);
    });

    it('refuses an address that is already in use without spending the code', async () => {
      await turnOn();
      const taken = `taken.${dialect}@example.com`;
      await createUser(ctx.db, { email: taken });
      const code = await issueCode(taken);
      expect(await register({ username: name(), password: 'password123', email: taken, verification_code: code })).toMatchObject({ success: false, message: 'this e-mail address is already in use' });
      expect(await ctx.services.users.verificationCodes.consume('email', taken, code)).toBe(true);
    });
  });

  it('stores no e-mail address when verification is off', async () => {
    const username = name();
    await register({ username, password: 'password123', email: `free.${dialect}@example.com` });
    expect((await byName(username))!.email).toBe('');
  });

  it('retries with a new invite code when the generated one collides', async () => {
    const existing = await createUser(ctx.db);
    const takenCode = (await userRow(ctx, existing.id))!.aff_code;
    const codes = [takenCode, takenCode, `fresh${dialect.slice(0, 3)}`];
    const service = new UsersService(ctx.db, ctx.services.options, ctx.services.sessions, { newAffCode: () => codes.shift()! });
    const view = await service.register({ username: name(), password: 'password123', email: '', verification_code: '', aff_code: '' });
    expect(view.aff_code).toBe(`fresh${dialect.slice(0, 3)}`);
    expect(codes).toEqual([]);
  });
});

describe('registration rate limit', () => {
  it('answers 429 after too many sign-ups from one IP', async () => {
    const ctx = await createTestContext('sqlite', { authRateLimitPerMinute: 2 });
    try {
      await markSetupDone(ctx.db);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: { username: `rl${i}`, password: 'password123' } });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 429, 429]);
      expect(await ctx.db.selectFrom('users').select('username').execute()).toHaveLength(2);
    } finally {
      await ctx.close();
    }
  });
});

/** new-api's GENERATE_DEFAULT_TOKEN and DefaultUseAutoGroup. */
describe.each(testDialects())('the initial key of a new user (%s)', (dialect) => {
  let withKeys: TestContext;
  let withoutKeys: TestContext;
  let n = 0;
  const name = () => `ini${dialect.slice(0, 2)}${++n}`;

  beforeAll(async () => {
    [withKeys, withoutKeys] = await Promise.all([createTestContext(dialect, { generateDefaultToken: true }), createTestContext(dialect)]);
    await Promise.all([markSetupDone(withKeys.db), markSetupDone(withoutKeys.db)]);
  });
  afterEach(() => withKeys.services.options.set({ DefaultUseAutoGroup: false, UserUsableGroups: optionRegistry.UserUsableGroups.default }));
  afterAll(() => Promise.all([withKeys?.close(), withoutKeys?.close()]));

  const register = async (ctx: TestContext, username: string) => {
    const body = json(await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: { username, password: 'password123' } }));
    expect(body).toMatchObject({ success: true });
    const user = await ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    return ctx.db.selectFrom('tokens').selectAll().where('user_id', '=', user.id).execute();
  };

  it('gives a self-registered user an unlimited, never-expiring key named after them', async () => {
    const username = name();
    const tokens = await register(withKeys, username);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ name: `${username}'s initial token`, status: 1, unlimited_quota: 1, expired_time: -1, group: '' });
    expect(tokens[0].key).toMatch(/^[A-Za-z0-9]{48}$/);
  });

  it('puts the key in the auto group with DefaultUseAutoGroup, only while auto is offered', async () => {
    await withKeys.services.options.set({ DefaultUseAutoGroup: true });
    expect((await register(withKeys, name()))[0].group).toBe('');
    await withKeys.services.options.set({ UserUsableGroups: { default: 'default', auto: 'pick for me' } });
    expect((await register(withKeys, name()))[0].group).toBe('auto');
  });

  it('gives none without GENERATE_DEFAULT_TOKEN, nor to a user an administrator creates', async () => {
    expect(await register(withoutKeys, name())).toEqual([]);
    const root = await createUser(withKeys.db, { role: Role.Root });
    const { headers } = await signIn(withKeys.app, root);
    const username = name();
    const created = json(await withKeys.app.inject({ method: 'POST', url: '/api/user/', headers, payload: { username, password: 'password123' } }));
    expect(created).toMatchObject({ success: true });
    const user = await withKeys.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    expect(await withKeys.db.selectFrom('tokens').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
