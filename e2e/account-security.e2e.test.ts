import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generate } from 'otplib';
import { launchBrowser, openPage, signIn, waitForPath, withNotice } from './support/browser';
import { pageApi, signInAgainWithout2fa } from './support/page-api';
import { registerViaApi, setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const IVY = { username: 'ivy', password: 'ivy-pass-123' };
const CHANNEL_KEY = 'sk-account-security-e2e';

/** A code of the authenticator app, `offsetSeconds` from now (the server accepts the steps either side). */
const codeFor = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

interface SignInAnswer {
  success: boolean;
  message: string;
  data: { id: number; require_2fa?: boolean };
}

async function login(baseUrl: string, account: { username: string; password: string }): Promise<{ answer: SignInAnswer; headers: Record<string, string> }> {
  const res = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  const answer = (await res.json()) as SignInAnswer;
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='))?.split(';')[0] ?? '';
  return { answer, headers: { cookie, 'new-api-user': String(answer.data?.id ?? ''), 'content-type': 'application/json' } };
}

/** Turns TOTP on through the API (confirmed with the previous step's code, so the current one stays unused). */
async function enrolTotp(call: (method: string, path: string, body?: unknown) => Promise<{ success: boolean; message: string; data: unknown }>): Promise<string> {
  const setup = await call('POST', '/api/user/2fa/setup');
  expect(setup.success, setup.message).toBe(true);
  const secret = (setup.data as { secret: string }).secret;
  const enable = await call('POST', '/api/user/2fa/enable', { code: await codeFor(secret, -30) });
  expect(enable.success, enable.message).toBe(true);
  return secret;
}

/**
 * Account security as an administrator sees it: the 2FA line on the user list, turning a user's 2FA off from the
 * user editor; and revealing a channel key, which asks root for an authenticator code first.
 */
describe('account security and secure verification', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let ivyId = 0;
  /** Root's authenticator secret, once a test has turned root's 2FA on. */
  let rootSecret = '';

  beforeAll(async () => {
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await registerViaApi(server.baseUrl, IVY);
    const ivy = await login(server.baseUrl, IVY);
    ivyId = ivy.answer.data.id;
    await enrolTotp(async (method, path, body) => (await fetch(`${server.baseUrl}${path}`, { method, headers: ivy.headers, body: JSON.stringify(body ?? {}) })).json());
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the 2FA adoption and turns a user's 2FA off from the user editor", async () => {
    // A retry turns Ivy's 2FA on again if an earlier attempt turned it off.
    const ivy = await login(server.baseUrl, IVY);
    if (ivy.answer.success && !ivy.answer.data.require_2fa) {
      await enrolTotp(async (method, path, body) => (await fetch(`${server.baseUrl}${path}`, { method, headers: ivy.headers, body: JSON.stringify(body ?? {}) })).json());
    }
    expect((await login(server.baseUrl, IVY)).answer.data.require_2fa).toBe(true);
    await page.goto(`${server.baseUrl}/user`);
    await page.getByTestId('two-factor-stats').getByText('Two-factor authentication: 1 of 2 users (50.0%)').waitFor();

    const row = page.locator('tr.ant-table-row', { has: page.getByText(IVY.username, { exact: true }) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('Account security').waitFor();
    await drawer.getByTestId('user-disable-2fa').click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: `Turn off two-factor authentication for ${IVY.username}?` });
    await withNotice(page, 'Two-factor authentication turned off', () => confirm.getByRole('button', { name: 'Confirm' }).click(), 'success');

    // Ivy signs in with the password alone now, and the line counts one user less.
    const again = await login(server.baseUrl, IVY);
    expect(again.answer).toMatchObject({ success: true, data: { id: ivyId } });
    expect(again.answer.data.require_2fa).toBeUndefined();
    await page.getByTestId('two-factor-stats').getByText('Two-factor authentication: 0 of 2 users (0.0%)').waitFor();
    const logs = await pageApi<{ items: { content: string }[] }>(page, 'GET', `/api/log/?p=1&page_size=20&type=3&username=${IVY.username}`);
    expect(logs.data.items.map((l) => l.content)).toContain(`administrator ${ROOT.username} turned off two-factor authentication`);
  });

  it('asks for an authenticator code before revealing a channel key, then shows it', async () => {
    if (rootSecret) {
      // An earlier attempt turned root's 2FA on and may have verified this session: start again without either.
      await signInAgainWithout2fa(page, await codeFor(rootSecret, 30), async () => {
        await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
        await waitForPath(page, '/token');
      });
      rootSecret = '';
    }
    const created = await pageApi<{ ids: number[] }>(page, 'POST', '/api/channel/', { type: 1, name: 'guarded', key: CHANNEL_KEY, models: 'gpt-4o-mini', group: 'default' });
    expect(created.success, created.message).toBe(true);
    const channelId = created.data.ids[0];
    const drawer = page.locator('.ant-drawer-open');
    const prompt = page.getByTestId('secure-verification');

    // Without any second factor, the prompt says to enable one first.
    await page.goto(`${server.baseUrl}/channel/edit/${channelId}`);
    await drawer.getByText(`Edit channel #${channelId}`).waitFor();
    await drawer.getByRole('button', { name: 'Show key' }).click();
    await prompt.getByText('This action needs two-factor authentication or a passkey.', { exact: false }).waitFor();
    await page.locator('.ant-modal').filter({ has: prompt }).getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'detached' });
    await expect(page.getByTestId('channel-revealed-key').count()).resolves.toBe(0);

    const secret = await enrolTotp((method, path, body) => pageApi(page, method, path, body ?? {}));
    rootSecret = secret;
    await drawer.getByRole('button', { name: 'Show key' }).click();
    await prompt.getByText('This action needs a fresh check with your second factor', { exact: false }).waitFor();
    await prompt.getByLabel('Authentication code').fill('000000');
    const modal = page.locator('.ant-modal').filter({ has: prompt });
    await modal.getByRole('button', { name: 'Verify' }).click();
    await prompt.getByText('the verification code is invalid or has already been used').waitFor();
    await prompt.getByLabel('Authentication code').fill(await codeFor(secret));
    await modal.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('channel-revealed-key').innerText()).resolves.toContain(CHANNEL_KEY);
    await prompt.waitFor({ state: 'detached' });

    // Within the five minutes, showing it again needs no new code.
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${server.baseUrl}/channel/edit/${channelId}`);
    await drawer.getByRole('button', { name: 'Show key' }).click();
    await expect(page.getByTestId('channel-revealed-key').innerText()).resolves.toContain(CHANNEL_KEY);
    await expect(prompt.count()).resolves.toBe(0);
  });

  it("shows a user's custom-provider account to the administrator, and the user unbinds it on the personal page", async () => {
    // A retry keeps the provider an earlier attempt made (its slug is taken).
    const existing = await pageApi<{ slug: string }[]>(page, 'GET', '/api/custom-oauth-provider/');
    if (!existing.data.some((p) => p.slug === 'corp')) {
      const provider = await pageApi<{ id: number }>(page, 'POST', '/api/custom-oauth-provider/', {
        name: 'Corp SSO', slug: 'corp', enabled: true, client_id: 'corp-client', client_secret: 'corp-secret',
        authorization_endpoint: 'https://idp.example.com/authorize', token_endpoint: 'https://idp.example.com/token', user_info_endpoint: 'https://idp.example.com/me', user_id_field: 'id',
      });
      expect(provider.success, provider.message).toBe(true);
    }
    // The account as a finished sign-in with the provider would have recorded it (a retry's afresh).
    const db = new Database(join(server.dataDir, 'gateway.db'));
    try {
      db.prepare('delete from oauth_identities where provider = ? and user_id = ?').run('corp', ivyId);
      db.prepare('insert into oauth_identities (provider, external_id, user_id, created_at) values (?, ?, ?, ?)').run('corp', 'corp-77', ivyId, Math.floor(Date.now() / 1000));
    } finally {
      db.close();
    }

    await page.goto(`${server.baseUrl}/user/edit/${ivyId}`);
    await page.getByTestId('user-bound-custom-corp').getByText('Corp SSO: corp-77').waitFor();

    const ivy = await openPage(browser, { width: 1360, height: 900 });
    await signIn(ivy, server.baseUrl, IVY.username, IVY.password, '/personal');
    await waitForPath(ivy, '/personal');
    await ivy.getByTestId('bound-corp').getByText('corp-77', { exact: false }).waitFor();
    await ivy.getByTestId('unbind-corp').click();
    const confirm = ivy.locator('.ant-popconfirm').filter({ hasText: 'Unbind Corp SSO' });
    await withNotice(ivy, 'Corp SSO account unbound', () => confirm.getByRole('button', { name: 'Unbind' }).click(), 'success');
    await ivy.getByTestId('bound-corp').waitFor({ state: 'detached' });
    expect((await pageApi<unknown[]>(ivy, 'GET', '/api/user/oauth/bindings')).data).toEqual([]);
    await ivy.context().close();
  });
});
