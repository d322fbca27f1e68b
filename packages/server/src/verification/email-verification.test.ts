import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, json, markSetupDone, signIn, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../test/smtp-inbox.js';
import { optionRegistry } from '../options/option-registry.js';
import { MAIL_NOT_CONFIGURED } from '../mail/mailer.js';
import { EMAIL_ALIAS_NOT_ALLOWED, EMAIL_BLACKLISTED, EMAIL_DOMAIN_NOT_ALLOWED } from '../mail/email-rules.js';
import { EMAIL_NOT_REGISTERED, INVALID_RESET_LINK } from './email-verification.service.js';

const RESET_OPTIONS = {
  EmailVerificationEnabled: false,
  EmailDomainRestrictionEnabled: false,
  EmailDomainWhitelist: optionRegistry.EmailDomainWhitelist.default,
  EmailBlacklistEnabled: false,
  EmailBlacklist: [],
  EmailAliasRestrictionEnabled: false,
  ServerAddress: '',
};

const codeIn = (mail: ReceivedMail) => /verification code is: ([A-Z0-9]{6})/.exec(mail.text)?.[1] ?? '';
const linkIn = (mail: ReceivedMail) => /(https?:\/\/\S+\/user\/reset\?email=[^\s&]+&token=[A-Za-z0-9]+)/.exec(mail.text)?.[1] ?? '';

describe.each(testDialects())('e-mail codes, binding and password reset over real SMTP (%s)', (dialect) => {
  let ctx: TestContext;
  let inbox: SmtpInbox;
  let n = 0;
  const address = (tag = 'u') => `${tag}${++n}.${dialect}@example.com`;
  const mailTo = (to: string) => inbox.waitFor((m) => m.to.includes(to));
  const sendCode = async (email: string) => json(await ctx.app.inject({ method: 'GET', url: `/api/verification?email=${encodeURIComponent(email)}` }));
  const register = async (body: Record<string, string>) => json(await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: { password: 'password123', ...body } }));
  const username = () => `ev${dialect.slice(0, 2)}${++n}`;
  const ageCodes = (target: string, seconds: number) =>
    ctx.db.updateTable('verification_codes').set((eb) => ({ created_at: eb('created_at', '-', seconds), expires_at: eb('expires_at', '-', seconds) })).where('target', '=', target).execute();

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    await ctx.services.options.set({ SMTPServer: '127.0.0.1', SMTPPort: inbox.port, SMTPFrom: 'noreply@example.com', SystemName: 'Gateway' });
  });
  afterEach(() => ctx.services.options.set(RESET_OPTIONS));
  afterAll(async () => {
    await ctx?.close();
    await inbox?.close();
  });

  describe('registration with an e-mail code', () => {
    it('mails a 6-character code that registers once', async () => {
      await ctx.services.options.set({ EmailVerificationEnabled: true });
      const email = address();
      expect(await sendCode(email)).toMatchObject({ success: true, message: 'verification code sent' });
      const mail = await mailTo(email);
      expect(mail.raw).toMatch(/^Subject: Gateway e-mail verification/m);
      const code = codeIn(mail);
      expect(code).toMatch(/^[A-Z0-9]{6}$/);
      const name = username();
      expect(await register({ username: name, email, verification_code: code.toLowerCase() })).toMatchObject({ success: true });
      const row = await ctx.db.selectFrom('users').select('email').where('username', '=', name).executeTakeFirstOrThrow();
      expect(row.email).toBe(email);
      expect(await register({ username: username(), email, verification_code: code })).toMatchObject({ success: false });
    });

    it('refuses a second code within 60 s and a code that has expired', async () => {
      await ctx.services.options.set({ EmailVerificationEnabled: true });
      const email = address();
      await sendCode(email);
      const code = codeIn(await mailTo(email));
      const again = await sendCode(email);
      expect(again).toMatchObject({ success: false, code: 'rate_limited' });
      expect(again.message).toMatch(/^please wait (59|60) seconds before asking for another code$/);
      await ageCodes(email, 181);
      expect(await register({ username: username(), email, verification_code: code })).toMatchObject({ success: false, message: 'the verification code is invalid or has expired' });
    });

    it('sends a new code after 60 s, and only the newest one works', async () => {
      await ctx.services.options.set({ EmailVerificationEnabled: true });
      const email = address();
      await sendCode(email);
      const first = codeIn(await mailTo(email));
      await ageCodes(email, 61);
      expect(await sendCode(email)).toMatchObject({ success: true });
      const second = await inbox.waitFor((m) => m.to.includes(email) && codeIn(m) !== first);
      if (codeIn(second) !== first) expect(await register({ username: username(), email, verification_code: first })).toMatchObject({ success: false });
      expect(await register({ username: username(), email, verification_code: codeIn(second) })).toMatchObject({ success: true });
    });

    it('refuses to send a code to an address already in use', async () => {
      const email = address();
      await createUser(ctx.db, { email });
      expect(await sendCode(email.toUpperCase())).toMatchObject({ success: false, message: 'this e-mail address is already in use' });
    });

    it('enforces the domain whitelist, the blacklist and the alias rule when sending and when registering', async () => {
      await ctx.services.options.set({ EmailVerificationEnabled: true, EmailDomainRestrictionEnabled: true, EmailDomainWhitelist: ['example.com'] });
      expect(await sendCode(`x${++n}@other.org`)).toMatchObject({ success: false, message: EMAIL_DOMAIN_NOT_ALLOWED });
      const allowed = address();
      await sendCode(allowed);
      const code = codeIn(await mailTo(allowed));

      await ctx.services.options.set({ EmailDomainRestrictionEnabled: false, EmailBlacklistEnabled: true, EmailBlacklist: ['spam.test', allowed] });
      expect(await sendCode(`x${++n}@spam.test`)).toMatchObject({ success: false, message: EMAIL_BLACKLISTED });
      // A rule switched on after the code was sent still applies at registration.
      expect(await register({ username: username(), email: allowed, verification_code: code })).toMatchObject({ success: false, message: EMAIL_BLACKLISTED });

      await ctx.services.options.set({ EmailBlacklistEnabled: false, EmailAliasRestrictionEnabled: true });
      expect(await sendCode(`me+shop${++n}@example.com`)).toMatchObject({ success: false, message: EMAIL_ALIAS_NOT_ALLOWED });
      expect(await sendCode(`first.last${++n}@gmail.com`)).toMatchObject({ success: false, message: EMAIL_ALIAS_NOT_ALLOWED });
      expect(await register({ username: username(), email: `a+b${++n}@example.com`, verification_code: 'AAAAAA' })).toMatchObject({ success: false, message: EMAIL_ALIAS_NOT_ALLOWED });
      expect(inbox.messages.some((m) => m.to.some((to) => to.includes('+') || to.endsWith('spam.test') || to.endsWith('other.org')))).toBe(false);
    });

    it('answers bad input with a message, never a 500', async () => {
      for (const url of ['/api/verification', '/api/verification?email=', '/api/verification?email=nope', `/api/verification?email=${'a'.repeat(60)}@x.com`]) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(json(res)).toMatchObject({ success: false, code: 'validation_failed' });
      }
    });

    it('says so when no SMTP server is set, and lets the user retry at once when it is', async () => {
      await ctx.services.options.set({ SMTPServer: '' });
      const email = address();
      expect(await sendCode(email)).toMatchObject({ success: false, message: MAIL_NOT_CONFIGURED, code: 'delivery_failed' });
      await ctx.services.options.set({ SMTPServer: '127.0.0.1' });
      expect(await sendCode(email)).toMatchObject({ success: true });
      expect(codeIn(await mailTo(email))).toMatch(/^[A-Z0-9]{6}$/);
    });
  });

  describe('binding an e-mail address', () => {
    const bind = async (headers: Record<string, string>, email: string, code: string) =>
      json(await ctx.app.inject({ method: 'GET', url: `/api/oauth/email/bind?email=${encodeURIComponent(email)}&code=${code}`, headers }));

    it('binds the address the code was mailed to, once', async () => {
      const user = await createUser(ctx.db);
      const s = await signIn(ctx.app, user);
      const email = address('bind');
      await sendCode(email);
      const code = codeIn(await mailTo(email));
      expect(await bind(s.headers, address('other'), code)).toMatchObject({ success: false, message: 'the verification code is invalid or has expired' });
      expect(await bind(s.headers, email, code)).toMatchObject({ success: true, message: 'e-mail address bound' });
      expect((await ctx.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email).toBe(email);
      const other = await createUser(ctx.db);
      const o = await signIn(ctx.app, other);
      expect(await bind(o.headers, email, code)).toMatchObject({ success: false, message: 'this e-mail address is already in use' });
    });

    it('requires a signed-in user', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/oauth/email/bind?email=a@example.com&code=ABCDEF' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('password reset by mailed link', () => {
    const requestReset = async (email: string) => json(await ctx.app.inject({ method: 'GET', url: `/api/reset_password?email=${encodeURIComponent(email)}` }));
    const confirm = async (email: string, token: string) => json(await ctx.app.inject({ method: 'POST', url: '/api/user/reset', payload: { email, token } }));
    const login = async (username: string, password: string) => json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } }));

    it('mails a link to ServerAddress/user/reset that sets a new random password once and ends the sessions', async () => {
      await ctx.services.options.set({ ServerAddress: 'https://gw.example.com/' });
      const email = address('reset');
      const user = await createUser(ctx.db, { email });
      const s = await signIn(ctx.app, user);
      expect(await requestReset(email)).toMatchObject({ success: true });
      const link = new URL(linkIn(await mailTo(email)));
      expect(link.origin + link.pathname).toBe('https://gw.example.com/user/reset');
      expect(link.searchParams.get('email')).toBe(email);
      const token = link.searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9]{32}$/);

      const answer = await confirm(email, token);
      expect(answer).toMatchObject({ success: true });
      expect(answer.data).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(await login(user.username, user.password)).toMatchObject({ success: false });
      expect(await login(user.username, answer.data)).toMatchObject({ success: true });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: s.headers })).statusCode).toBe(401);
      expect(await confirm(email, token)).toMatchObject({ success: false, message: INVALID_RESET_LINK });
    });

    it('links to the address the request came to when ServerAddress is empty', async () => {
      const email = address('reset');
      await createUser(ctx.db, { email });
      await ctx.app.inject({ method: 'GET', url: `/api/reset_password?email=${encodeURIComponent(email)}`, headers: { host: 'console.local:8080' } });
      expect(linkIn(await mailTo(email))).toMatch(/^http:\/\/console\.local:8080\/user\/reset\?/);
    });

    it('refuses an expired token, a wrong token and a token for another address', async () => {
      const email = address('reset');
      const other = address('reset');
      await createUser(ctx.db, { email });
      await createUser(ctx.db, { email: other });
      await requestReset(email);
      const token = new URL(linkIn(await mailTo(email))).searchParams.get('token')!;
      expect(await confirm(other, token)).toMatchObject({ success: false, message: INVALID_RESET_LINK });
      expect(await confirm(email, 'x'.repeat(32))).toMatchObject({ success: false, message: INVALID_RESET_LINK });
      await ctx.db.updateTable('verification_codes').set({ expires_at: 1 }).where('purpose', '=', 'reset_password').where('target', '=', email).execute();
      expect(await confirm(email, token)).toMatchObject({ success: false, message: INVALID_RESET_LINK });
    });

    it('refuses an address that no account uses, and a second request within 60 s', async () => {
      expect(await requestReset(address('nobody'))).toMatchObject({ success: false, message: EMAIL_NOT_REGISTERED });
      const email = address('reset');
      await createUser(ctx.db, { email });
      expect(await requestReset(email)).toMatchObject({ success: true });
      expect(await requestReset(email)).toMatchObject({ success: false, code: 'rate_limited' });
    });

    it('answers a malformed confirmation with a message', async () => {
      expect(await confirm('', '')).toMatchObject({ success: false, code: 'validation_failed' });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/reset', payload: { email: 5, token: [] } });
      expect(res.statusCode).toBe(200);
      expect(json(res).success).toBe(false);
    });
  });
});
