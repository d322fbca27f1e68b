import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { launchBrowser, openPageWithClipboard, signIn, waitForPath, shownAfter } from './support/browser';
import { pageApi } from './support/page-api';
import { registerViaApi, setupViaApi, startServer, type RunningServer } from './support/server';
import { startFakeEpayGateway, type FakeEpayGateway } from '../packages/server/test/fake-epay-gateway';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const ERIN = { username: 'erin', password: 'erin-pass-123' };
const FRANK = { username: 'frank', password: 'frank-pass-123' };
const NEW_PASSWORD = 'erin-new-pass-9';

/** Signs in over HTTP and answers the headers for later management calls. */
async function apiSession(baseUrl: string, account: { username: string; password: string }): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  const body = (await res.json()) as { success: boolean; message: string; data: { id: number } };
  if (!body.success) throw new Error(`sign-in failed: ${body.message}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0];
  return { cookie, 'new-api-user': String(body.data.id), 'content-type': 'application/json' };
}

async function setOptions(baseUrl: string, admin: Record<string, string>, entries: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/api/option/`, {
    method: 'PUT',
    headers: admin,
    body: JSON.stringify(Object.entries(entries).map(([key, value]) => ({ key, value }))),
  });
  const body = (await res.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`saving options failed: ${body.message}`);
}

/** The personal page, the two-factor sign-in and paying through a (fake) EPay gateway, in a real browser. */
describe('personal settings, two-factor sign-in and online top-up', () => {
  let server: RunningServer;
  let gateway: FakeEpayGateway;
  let browser: Browser;
  let page: Page;
  let totpSecret = '';
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await registerViaApi(server.baseUrl, ERIN);
    await registerViaApi(server.baseUrl, FRANK);
    admin = await apiSession(server.baseUrl, ROOT);
    gateway = await startFakeEpayGateway();
    browser = await launchBrowser();
    page = await openPageWithClipboard(browser, server.baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await server?.stop();
  });

  /** A management call as root. */
  async function asRoot<T>(method: string, path: string, body?: unknown): Promise<{ success: boolean; message: string; data: T }> {
    const res = await fetch(`${server.baseUrl}${path}`, { method, headers: admin, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as { success: boolean; message: string; data: T };
  }

  /** Erin's user id, looked up by root. */
  async function erinId(): Promise<number> {
    const found = await asRoot<{ items: { id: number; username: string }[] }>('GET', `/api/user/search?keyword=${ERIN.username}`);
    return found.data.items.find((u) => u.username === ERIN.username)!.id;
  }

  /** Counts the passkey test's attempts: a retry adds a passkey under a name of its own. */
  let passkeyAttempt = 0;

  it('changes the password on the personal page, refusing one without a digit', async () => {
    // A retry starts again from Erin's first password (an earlier attempt may have changed it).
    const reset = await asRoot('PUT', '/api/user/', { id: await erinId(), password: ERIN.password });
    expect(reset.success, reset.message).toBe(true);
    await signIn(page, server.baseUrl, ERIN.username, ERIN.password, '/personal');
    await waitForPath(page, '/personal');
    await page.getByTestId('personal-username').getByText(ERIN.username).waitFor();
    await page.getByLabel('Current password').fill(ERIN.password);
    await page.getByLabel('New password', { exact: true }).fill('onlyletters');
    await page.getByLabel('Confirm new password').fill('onlyletters');
    await page.getByTestId('password-submit').click();
    await page.getByText('8-20 characters, with at least one letter and one digit', { exact: true }).first().waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await shownAfter(page.getByText('Password changed'), () => page.getByTestId('password-submit').click());
    await expect(apiSession(server.baseUrl, { username: ERIN.username, password: NEW_PASSWORD })).resolves.toHaveProperty('cookie');
    await expect(apiSession(server.baseUrl, ERIN)).rejects.toThrow(/sign-in failed/);
  });

  it('enables TOTP with a code from the authenticator', async () => {
    if (totpSecret) {
      // An earlier attempt got to the setup: if it turned TOTP on, root turns it off (ending Erin's sessions).
      const status = await pageApi<{ totp_enabled: boolean }>(page, 'GET', '/api/user/2fa/status');
      if (status.data?.totp_enabled) {
        const off = await asRoot('DELETE', `/api/user/${await erinId()}/2fa`, {});
        expect(off.success, off.message).toBe(true);
      }
      totpSecret = '';
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signIn(page, server.baseUrl, ERIN.username, NEW_PASSWORD, '/personal');
      await waitForPath(page, '/personal');
    }
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    totpSecret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByTestId('backup-codes').innerText()).resolves.toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}/);
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    await page.getByLabel('Authentication code').fill('000000');
    await shownAfter(page.getByText('the verification code is invalid or has already been used'), () => page.getByRole('button', { name: /^(loading )?Enable$/ }).click());
    await page.getByLabel('Authentication code').fill(await generate({ secret: totpSecret }));
    await shownAfter(page.getByText('Two-factor authentication enabled'), () => page.getByRole('button', { name: /^(loading )?Enable$/ }).click());
    await page.getByText('Unused backup codes: 8').waitFor();
  });

  it('asks for the code at sign-in and signs in with it', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const p = await fresh.newPage();
      await signIn(p, server.baseUrl, ERIN.username, NEW_PASSWORD, '/topup');
      await p.getByTestId('two-factor-step').waitFor();
      expect(new URL(p.url()).pathname).toBe('/login');
      await p.getByLabel('Authentication code').fill('123456');
      await shownAfter(p.getByText('the verification code is invalid or has already been used'), () => p.getByRole('button', { name: 'Verify' }).click());
      // The next 30-second step: the enrolment already used the current one.
      await p.getByLabel('Authentication code').fill(await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await p.getByRole('button', { name: 'Verify' }).click();
      await waitForPath(p, '/topup');
      await p.getByTestId('topup-balance').waitFor();
    } finally {
      await fresh.close();
    }
  });

  it('tops up $10 through the payment gateway and shows the new balance', async () => {
    await setOptions(server.baseUrl, admin, { PayAddress: gateway.url, EpayId: gateway.pid, EpayKey: gateway.key, ServerAddress: server.baseUrl, Price: 7.3, MinTopUp: 1 });
    // A retry starts again from an empty balance (an earlier attempt may have paid).
    const emptied = await asRoot('PUT', '/api/user/', { id: await erinId(), quota: 0 });
    expect(emptied.success, emptied.message).toBe(true);
    await page.goto(`${server.baseUrl}/topup`);
    await page.getByTestId('topup-balance').getByText('$0.00').waitFor();
    await page.getByText('Alipay', { exact: true }).waitFor();
    await page.getByTestId('online-topup-pay').click();
    const confirm = page.locator('.ant-modal', { hasText: 'Confirm payment' });
    await confirm.getByText('Top up $10 for 73.00 with Alipay').waitFor();
    await confirm.getByRole('button', { name: 'Pay now' }).click();

    await page.waitForURL((url) => url.origin === gateway.url && url.pathname === '/submit.php');
    await page.getByText('Pay 73.00 for TUC10').waitFor();
    await page.getByRole('button', { name: 'Pay now' }).click();

    await waitForPath(page, '/topup');
    expect(new URL(page.url()).searchParams.get('trade_no')).toMatch(/^USR\d+NO/);
    await page.getByTestId('payment-confirmed').getByText('Payment received: $10 added to your balance').waitFor();
    await page.getByTestId('topup-balance').getByText('$10.00').waitFor();
  });

  it('registers a passkey in Chromium\'s virtual authenticator and signs in with it, without a password', async () => {
    const passkeyName = `Virtual key ${++passkeyAttempt}`;
    // WebAuthn needs a domain (not an IP) as relying party: this part of the journey uses localhost.
    const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
    await setOptions(server.baseUrl, admin, { 'passkey.enabled': true, 'passkey.rp_id': 'localhost', 'passkey.origins': [origin] });
    const local = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const p = await local.newPage();
      const cdp = await local.newCDPSession(p);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
      await signIn(p, origin, FRANK.username, FRANK.password, '/personal');
      await waitForPath(p, '/personal');
      await p.getByLabel('Passkey name').fill(passkeyName);
      await shownAfter(p.getByText('Passkey added'), () => p.getByRole('button', { name: 'Add a passkey' }).click());
      await p.getByText(passkeyName).waitFor();

      await p.evaluate(async () => {
        await fetch('/api/user/logout');
        localStorage.removeItem('user');
      });
      await p.goto(`${origin}/login`);
      await p.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await waitForPath(p, '/token');
      const self = await p.evaluate(async () => {
        const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
        return (await fetch('/api/user/self', { headers: { 'New-Api-User': String(user.id) } })).json();
      });
      expect(self).toMatchObject({ success: true, data: { username: FRANK.username } });
    } finally {
      await local.close();
    }
  });
});
