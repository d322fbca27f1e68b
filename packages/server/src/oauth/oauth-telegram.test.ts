import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_BIND_MESSAGE, TELEGRAM_AUTH_MAX_AGE_SECONDS } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { userRow } from '../users/users.test-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { checkTelegramLogin } from './providers/telegram.js';

const BOT_TOKEN = '123456:telegram-test-bot-token';

/** Signs widget fields the way Telegram does (core.telegram.org/widgets/login#checking-authorization). */
function signed(fields: Record<string, string>, botToken = BOT_TOKEN): Record<string, string> {
  const check = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(check).digest('hex');
  return { ...fields, hash };
}

const widget = (id: string, authDate = nowSeconds()) => signed({ id, first_name: 'Tele', last_name: 'Gram', username: `tg${id}`, auth_date: String(authDate) });

describe('Telegram login widget check', () => {
  const now = 1_800_000_000;
  it('accepts a fresh answer signed with the bot token', () => {
    const result = checkTelegramLogin(widget('42', now), BOT_TOKEN, now);
    expect(result).toEqual({ ok: true, profile: { id: '42', username: 'tg42', displayName: 'Tele Gram', email: '' } });
  });

  it('ignores our own query fields (aff, lang) that the widget does not sign', () => {
    expect(checkTelegramLogin({ ...widget('42', now), aff: 'ABCD', lang: 'en' }, BOT_TOKEN, now).ok).toBe(true);
  });

  it('refuses a changed field, another bot’s signature and a missing bot token', () => {
    expect(checkTelegramLogin({ ...widget('42', now), id: '43' }, BOT_TOKEN, now)).toMatchObject({ ok: false, reason: 'the Telegram login data has an invalid signature' });
    expect(checkTelegramLogin(signed({ id: '42', auth_date: String(now) }, 'other:token'), BOT_TOKEN, now).ok).toBe(false);
    expect(checkTelegramLogin(widget('42', now), '', now).ok).toBe(false);
  });

  it('refuses a stale answer and one dated in the future', () => {
    expect(checkTelegramLogin(widget('42', now - TELEGRAM_AUTH_MAX_AGE_SECONDS - 1), BOT_TOKEN, now)).toMatchObject({ ok: false, reason: expect.stringMatching(/expired/) });
    expect(checkTelegramLogin(widget('42', now + 3600), BOT_TOKEN, now).ok).toBe(false);
    expect(checkTelegramLogin(widget('42', now - TELEGRAM_AUTH_MAX_AGE_SECONDS + 5), BOT_TOKEN, now).ok).toBe(true);
  });
});

describe.each(testDialects())('Telegram sign-in and binding (%s)', (dialect) => {
  let ctx: TestContext;
  let seq = 5000;
  const nextId = () => String(++seq);

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    await ctx.services.options.set({ TelegramOAuthEnabled: true, TelegramBotToken: BOT_TOKEN, TelegramBotName: 'gateway_bot' });
  });
  afterAll(() => ctx?.close());

  const login = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/oauth/telegram/login', query, headers });
  const bind = (query: Record<string, string>, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/oauth/telegram/bind', query, headers });

  it('creates a user on the first valid login and signs the same user in next time', async () => {
    const id = nextId();
    const res = await login(widget(id));
    const body = json(res);
    expect(body.success, body.message).toBe(true);
    expect(body.data.username).toMatch(/^telegram_\d+$/);
    expect(res.cookies.find((c) => c.name === 'session')).toBeDefined();
    expect(await userRow(ctx, body.data.id)).toMatchObject({ telegram_id: id, display_name: 'Tele Gram' });
    expect(json(await login(widget(id))).data.id).toBe(body.data.id);
  });

  it('refuses a forged, stale or incomplete login and creates nobody', async () => {
    const before = await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const forged = { ...widget(nextId()), first_name: 'Mallory' };
    expect(json(await login(forged))).toMatchObject({ success: false, message: 'the Telegram login data has an invalid signature' });
    const stale = json(await login(widget(nextId(), nowSeconds() - TELEGRAM_AUTH_MAX_AGE_SECONDS - 60)));
    expect(stale.success).toBe(false);
    expect(stale.message).toMatch(/expired/);
    expect(json(await login({ id: '1', auth_date: '1' }))).toMatchObject({ success: false, message: 'hash is required' });
    const after = await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('binds Telegram to the signed-in user and refuses the same account to another user', async () => {
    const alice = await member(ctx);
    const bob = await member(ctx);
    const id = nextId();
    expect(json(await bind(widget(id), alice.session.headers))).toMatchObject({ success: true, message: OAUTH_BIND_MESSAGE });
    expect((await userRow(ctx, alice.id))?.telegram_id).toBe(id);
    expect(json(await bind(widget(id), bob.session.headers))).toMatchObject({ success: false, message: 'this Telegram account is already bound to another user' });
    expect((await userRow(ctx, bob.id))?.telegram_id).toBe('');
    expect(json(await login(widget(id))).data.id).toBe(alice.id);
  });

  it('requires a signed-in user to bind, and an enabled provider', async () => {
    expect((await bind(widget(nextId()), {})).statusCode).toBe(401);
    await ctx.services.options.set({ TelegramOAuthEnabled: false });
    try {
      expect(json(await login(widget(nextId())))).toMatchObject({ success: false, message: 'Telegram sign-in is not enabled by the administrator' });
    } finally {
      await ctx.services.options.set({ TelegramOAuthEnabled: true });
    }
  });
});
