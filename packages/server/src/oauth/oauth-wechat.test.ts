import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { json, member } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { callJson, userRow } from '../users/users.test-helpers.js';
import { useFakeOAuthSite } from './testing/oauth.test-helpers.js';

describe.each(testDialects())('WeChat QR sign-in in the login page frame (%s)', (dialect) => {
  const site = useFakeOAuthSite(dialect);
  let seq = 9000;
  const nextId = () => String(++seq);

  /** Opens the frame (optionally the bind frame with a session), lets WeChat "scan", and answers the return. */
  async function scan(path: string, id: string, cookie = '', query: Record<string, string> = {}) {
    const start = await site.ctx.app.inject({ method: 'GET', url: path, query, headers: cookie ? { cookie } : {} });
    expect(start.statusCode, start.payload).toBe(302);
    const qr = new URL(start.headers.location as string);
    expect(qr.pathname).toBe('/connect/qrconnect');
    expect(qr.searchParams.get('redirect_uri')).toBe('http://localhost/api/oauth/wechat');
    const stateCookie = start.cookies.find((c) => c.name === 'oauth_state')!.value;
    site.fake.signInAs('wechat', { id, name: 'Wei' });
    const back = new URL(await site.fake.authorize(qr.href));
    const cookies = [cookie, `oauth_state=${stateCookie}`].filter(Boolean).join('; ');
    return site.ctx.app.inject({ method: 'GET', url: `/api/oauth/wechat${back.search}`, headers: { cookie: cookies } });
  }

  it('signs a new user in: a session cookie, the user stored for the console, the page sent on', async () => {
    const id = nextId();
    const res = await scan('/api/oauth/wechat', id, '', { next: '/topup' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.cookies.find((c) => c.name === 'session')).toBeDefined();
    const user = await site.ctx.db.selectFrom('users').selectAll().where('wechat_id', '=', `union-${id}`).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ display_name: 'Wei' });
    expect(user.username).toMatch(/^wechat_\d+$/);
    expect(res.payload).toContain(`localStorage.setItem('user'`);
    expect(res.payload).toContain('"/topup"');
  });

  it('binds from the personal page frame with the session cookie', async () => {
    const alice = await member(site.ctx);
    const id = nextId();
    const res = await scan('/api/oauth/wechat/bind', id, alice.session.headers.cookie);
    expect(res.payload).toContain('WeChat account bound.');
    expect((await userRow(site.ctx, alice.id))?.wechat_id).toBe(`union-${id}`);
    const bob = await member(site.ctx);
    const refused = await scan('/api/oauth/wechat/bind', id, bob.session.headers.cookie);
    expect(refused.payload).toContain('this WeChat account is already bound to another user');
    expect((await userRow(site.ctx, bob.id))?.wechat_id).toBe('');
  });

  it('asks a user who has two-factor sign-in on for the second factor: no session, nothing stored, the pending token handed to the login page', async () => {
    const alice = await member(site.ctx);
    const setup = await callJson(site.ctx, 'POST', '/api/user/2fa/setup', alice);
    const enable = await callJson(site.ctx, 'POST', '/api/user/2fa/enable', alice, { code: await generate({ secret: setup.data.secret }) });
    expect(enable.success, enable.message).toBe(true);
    const id = nextId();
    await scan('/api/oauth/wechat/bind', id, alice.session.headers.cookie);

    const res = await scan('/api/oauth/wechat', id, '', { next: '/topup' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
    expect(res.payload).not.toContain('localStorage');
    expect(res.payload).toContain('"type":"oauth-two-factor"');
    const pendingToken = /"pending_token":"([^"]+)"/.exec(res.payload)?.[1];
    expect(pendingToken).toBeTruthy();

    // The login page's two-factor step finishes the sign-in with that token (the next step's code: enrolment used this one).
    const code = await generate({ secret: setup.data.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const second = await site.ctx.app.inject({ method: 'POST', url: '/api/user/login/2fa', payload: { pending_token: pendingToken, code } });
    expect(json(second)).toMatchObject({ success: true, data: { id: alice.id } });
    expect(second.cookies.find((c) => c.name === 'session')).toBeDefined();
  });

  it('shows the refusal in the frame for a return without the browser’s state', async () => {
    const res = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/wechat', query: { code: 'c', state: 'forged' } });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.payload).toContain('the sign-in state does not match this browser');
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('keeps a hostile next address from breaking out of the frame page’s script', async () => {
    const res = await scan('/api/oauth/wechat', nextId(), '', { next: '/x</script><script>alert(1)</script>' });
    expect(res.payload).toContain('\\u003c/script\\u003e');
    expect(res.payload).not.toContain('<script>alert(1)');
    const offsite = await scan('/api/oauth/wechat', nextId(), '', { next: '//evil.example/' });
    expect(offsite.payload).toContain('"/token"');
  });

  it('shows in the frame that WeChat sign-in is off', async () => {
    await site.ctx.services.options.set({ 'oauth_wechat.enabled': false });
    try {
      const res = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/wechat' });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.payload).toContain('WeChat sign-in is not enabled by the administrator');
    } finally {
      await site.ctx.services.options.set({ 'oauth_wechat.enabled': true });
    }
  });

  it('asks for a session before binding', async () => {
    const res = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/wechat/bind' });
    expect(res.statusCode).toBe(401);
  });
});
