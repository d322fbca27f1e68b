import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, json, markSetupDone, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { startFakeYunpian, type FakeYunpian } from '../../test/fake-http-peers.js';
import { sha256Hex } from '../platform/crypto.js';
import { CAPTCHA_REQUIRED, PHONE_AUTH_DISABLED, PHONE_LOGIN_DISABLED, PHONE_NOT_REGISTERED, PHONE_REGISTER_DISABLED } from './phone-auth.service.js';
import { SMS_NOT_CONFIGURED } from './yunpian-client.js';

const API_KEY = 'yunpian-test-key';
const TOGGLES = { PhoneLoginEnabled: true, PhoneRegisterEnabled: true, RegisterEnabled: true, PasswordLoginEnabled: true, 'yunpian.api_key': API_KEY, 'yunpian.sign': 'Gateway' };

describe.each(testDialects())('SMS codes and phone sign-in (%s)', (dialect) => {
  let ctx: TestContext;
  let yunpian: FakeYunpian;
  // Distinct numbers per dialect so parallel files never share one.
  const prefix = { sqlite: '1380', postgres: '1390', mysql: '1370' }[dialect];
  let n = 0;
  const phone = () => `${prefix}${String(Date.now() % 10_000).padStart(4, '0')}${String(++n).padStart(3, '0')}`;

  beforeAll(async () => {
    yunpian = await startFakeYunpian(API_KEY);
    ctx = await createTestContext(dialect, { yunpianBaseUrl: `${yunpian.url}/` });
    await markSetupDone(ctx.db);
  });
  afterEach(() => {
    yunpian.failWith(null);
    return ctx.services.options.set(TOGGLES);
  });
  afterAll(async () => {
    await ctx?.close();
    await yunpian?.close();
  });

  /** Solves a slider captcha the way the browser would (the answer read from the database). */
  const solvedCaptcha = async () => {
    const { data } = json(await ctx.app.inject({ method: 'GET', url: '/api/captcha' }));
    const row = await ctx.db.selectFrom('captcha_challenges').select('answer_x').where('id', '=', sha256Hex(data.captcha_key)).executeTakeFirstOrThrow();
    expect(json(await ctx.app.inject({ method: 'POST', url: '/api/captcha/check', payload: { captcha_key: data.captcha_key, position: { x: row.answer_x + 2, y: data.tile_y } } })).success).toBe(true);
    return data.captcha_key as string;
  };
  const sendCode = async (mobile: string, captchaKey?: string) =>
    json(await ctx.app.inject({ method: 'POST', url: '/api/sms/code', payload: { mobile, captcha_key: captchaKey ?? (await solvedCaptcha()) } }));
  const codeSentTo = (mobile: string) => /验证码是(\d{6})/.exec(yunpian.textsTo(mobile).at(-1) ?? '')?.[1] ?? '';
  const loginMobile = (payload: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/user/login/mobile', payload });
  const registerMobile = async (payload: Record<string, string>) => json(await ctx.app.inject({ method: 'POST', url: '/api/user/register/mobile', payload }));
  const userByPhone = (p: string) => ctx.db.selectFrom('users').selectAll().where('phone', '=', p).executeTakeFirst();

  beforeAll(() => ctx.services.options.set(TOGGLES));

  it('texts a 6-digit code through Yunpian with the API key and the sign', async () => {
    const mobile = phone();
    expect(await sendCode(mobile)).toMatchObject({ success: true, message: 'verification code sent' });
    const request = yunpian.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/sms/single_send.json' });
    expect(request.form).toMatchObject({ apikey: API_KEY, mobile });
    expect(request.form.text).toMatch(/^【Gateway】您的验证码是\d{6}，3分钟内有效/);
  });

  it('refuses to text without a solved captcha, and spends the captcha', async () => {
    const mobile = phone();
    expect(json(await ctx.app.inject({ method: 'POST', url: '/api/sms/code', payload: { mobile } }))).toMatchObject({ success: false, message: CAPTCHA_REQUIRED });
    const { data } = json(await ctx.app.inject({ method: 'GET', url: '/api/captcha' }));
    expect(await sendCode(mobile, data.captcha_key)).toMatchObject({ success: false, message: CAPTCHA_REQUIRED });
    const key = await solvedCaptcha();
    expect(await sendCode(mobile, key)).toMatchObject({ success: true });
    expect(await sendCode(phone(), key)).toMatchObject({ success: false, message: CAPTCHA_REQUIRED });
  });

  it('refuses numbers that are not 11-digit mainland mobiles', async () => {
    for (const mobile of ['', '12812345678', '1381234567', '138123456789', '+8613812345678', 'abcdefghijk']) {
      const res = json(await ctx.app.inject({ method: 'POST', url: '/api/sms/code', payload: { mobile, captcha_key: 'k' } }));
      expect(res).toMatchObject({ success: false, code: 'validation_failed' });
      expect(res.message).toMatch(/^please enter (a valid )?phone number$/);
    }
    expect(yunpian.requests.filter((r) => r.form.mobile === '12812345678')).toHaveLength(0);
  });

  it('refuses a second code within 60 s', async () => {
    const mobile = phone();
    await sendCode(mobile);
    const again = await sendCode(mobile);
    expect(again).toMatchObject({ success: false, code: 'rate_limited' });
    expect(again.message).toMatch(/^please wait \d+ seconds/);
    expect(yunpian.textsTo(mobile)).toHaveLength(1);
  });

  it('reports a Yunpian refusal and lets the user retry at once', async () => {
    const mobile = phone();
    yunpian.failWith({ code: 22, msg: '验证码类短信1小时内同一手机号发送次数不能超过3次', detail: 'too many' });
    expect(await sendCode(mobile)).toMatchObject({ success: false, code: 'delivery_failed', message: 'the SMS could not be sent: 验证码类短信1小时内同一手机号发送次数不能超过3次: too many' });
    yunpian.failWith(null);
    expect(await sendCode(mobile)).toMatchObject({ success: true });
  });

  it('says so when SMS is not configured or phone sign-in is off', async () => {
    await ctx.services.options.set({ 'yunpian.api_key': '' });
    expect(await sendCode(phone())).toMatchObject({ success: false, message: SMS_NOT_CONFIGURED });
    await ctx.services.options.set({ 'yunpian.api_key': API_KEY, PhoneLoginEnabled: false, PhoneRegisterEnabled: false });
    expect(await sendCode(phone())).toMatchObject({ success: false, message: PHONE_AUTH_DISABLED });
  });

  it('asks a phone user who has two-factor sign-in on for the second factor instead of starting a session', async () => {
    const mobile = phone();
    const user = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ phone: mobile }).where('id', '=', user.id).execute();
    const now = Math.floor(Date.now() / 1000);
    await ctx.db.insertInto('user_two_factor').values({ user_id: user.id, totp_secret: 'sealed', enabled: 1, last_time_step: 0, created_at: now, updated_at: now }).execute();
    await sendCode(mobile);
    const res = await loginMobile({ phone_number: mobile, code: codeSentTo(mobile) });
    expect(json(res)).toMatchObject({ success: true, data: { require_2fa: true } });
    expect(json(res).data.pending_token).toEqual(expect.any(String));
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('signs an existing phone user in with the code, with a session cookie, and uses the code up', async () => {
    const mobile = phone();
    const user = await createUser(ctx.db);
    await ctx.db.updateTable('users').set({ phone: mobile }).where('id', '=', user.id).execute();
    await sendCode(mobile);
    const code = codeSentTo(mobile);
    const res = await loginMobile({ phone_number: mobile, code });
    expect(json(res)).toMatchObject({ success: true, data: { id: user.id, username: user.username } });
    const cookie = res.cookies.find((c) => c.name === 'session')!;
    expect(cookie.httpOnly).toBe(true);
    const self = await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: { cookie: `session=${cookie.value}`, 'new-api-user': String(user.id) } });
    expect(json(self).data.id).toBe(user.id);
    expect(json(await loginMobile({ phone_number: mobile, code }))).toMatchObject({ success: false, message: 'the verification code is invalid or has expired' });
  });

  it('creates the account on the first phone sign-in when phone registration is open, crediting the inviter', async () => {
    const inviter = await createUser(ctx.db);
    const affCode = (await ctx.db.selectFrom('users').select('aff_code').where('id', '=', inviter.id).executeTakeFirstOrThrow()).aff_code;
    const mobile = phone();
    await sendCode(mobile);
    const res = json(await loginMobile({ phone_number: mobile, code: codeSentTo(mobile), aff: affCode }));
    expect(res).toMatchObject({ success: true, data: { username: mobile } });
    const created = await userByPhone(mobile);
    expect(created).toMatchObject({ username: mobile, display_name: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, inviter_id: inviter.id, password: '' });
  });

  it('refuses an unknown number when phone registration is closed, and everything when phone login is off', async () => {
    await ctx.services.options.set({ PhoneRegisterEnabled: false });
    const mobile = phone();
    await sendCode(mobile);
    expect(json(await loginMobile({ phone_number: mobile, code: codeSentTo(mobile) }))).toMatchObject({ success: false, message: PHONE_NOT_REGISTERED });
    expect(await userByPhone(mobile)).toBeUndefined();
    await ctx.services.options.set({ PhoneLoginEnabled: false });
    expect(json(await loginMobile({ phone_number: mobile, code: '123456' }))).toMatchObject({ success: false, message: PHONE_LOGIN_DISABLED });
  });

  it('refuses an expired code', async () => {
    const mobile = phone();
    await sendCode(mobile);
    await ctx.db.updateTable('verification_codes').set({ expires_at: 1 }).where('purpose', '=', 'sms').where('target', '=', mobile).execute();
    expect(json(await loginMobile({ phone_number: mobile, code: codeSentTo(mobile) }))).toMatchObject({ success: false, message: 'the verification code is invalid or has expired' });
  });

  it('refuses a disabled account', async () => {
    const mobile = phone();
    const user = await createUser(ctx.db, { status: 2 });
    await ctx.db.updateTable('users').set({ phone: mobile }).where('id', '=', user.id).execute();
    await sendCode(mobile);
    const res = await loginMobile({ phone_number: mobile, code: codeSentTo(mobile) });
    expect(json(res)).toMatchObject({ success: false, message: 'this account has been disabled' });
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('registers a new number once, and refuses a taken one without spending its code', async () => {
    const mobile = phone();
    await sendCode(mobile);
    expect(await registerMobile({ phone_number: mobile, code: codeSentTo(mobile) })).toMatchObject({ success: true, message: 'registration successful' });
    expect(await userByPhone(mobile)).toBeDefined();
    await ctx.db.deleteFrom('verification_codes').where('target', '=', mobile).execute();
    await sendCode(mobile);
    const code = codeSentTo(mobile);
    expect(await registerMobile({ phone_number: mobile, code })).toMatchObject({ success: false, message: 'this phone number is already registered' });
    expect(json(await loginMobile({ phone_number: mobile, code }))).toMatchObject({ success: true });
  });

  it('honours PhoneRegisterEnabled and RegisterEnabled for phone registration', async () => {
    await ctx.services.options.set({ PhoneRegisterEnabled: false });
    expect(await registerMobile({ phone_number: phone(), code: '123456' })).toMatchObject({ success: false, message: PHONE_REGISTER_DISABLED });
    await ctx.services.options.set({ PhoneRegisterEnabled: true, RegisterEnabled: false });
    expect(await registerMobile({ phone_number: phone(), code: '123456' })).toMatchObject({ success: false, message: 'new user registration has been disabled by the administrator' });
  });

  it('refuses password login when PasswordLoginEnabled is off, while phone login still works', async () => {
    const user = await createUser(ctx.db);
    const mobile = phone();
    await ctx.db.updateTable('users').set({ phone: mobile }).where('id', '=', user.id).execute();
    await ctx.services.options.set({ PasswordLoginEnabled: false });
    const pw = json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: user.username, password: user.password } }));
    expect(pw).toMatchObject({ success: false, message: 'password login has been disabled by the administrator' });
    await sendCode(mobile);
    expect(json(await loginMobile({ phone_number: mobile, code: codeSentTo(mobile) }))).toMatchObject({ success: true });
  });

  it('answers malformed bodies with the spec messages', async () => {
    expect(json(await loginMobile({ phone_number: '' , code: '1' }))).toMatchObject({ success: false, message: 'please enter phone number' });
    expect(json(await loginMobile({ phone_number: '13812345678', code: '' }))).toMatchObject({ success: false, message: 'please enter code' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/register/mobile', payload: { phone_number: 13812345678 } });
    expect(res.statusCode).toBe(200);
    expect(json(res).success).toBe(false);
  });
});
