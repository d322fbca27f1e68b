import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn, waitForPath, shownAfter, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
const CODE = 'ac_e2e_code';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256' })}.${b64(claims)}.sig`;

/** A fake auth.openai.com token endpoint that takes one authorization code, checking its PKCE verifier. */
async function startTokenEndpoint(): Promise<{ url: string; expect(code: string, challenge: string): void; close(): Promise<void> }> {
  const codes = new Map<string, string>();
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };
  const server: Server = createServer((req, res) => {
    void read(req).then((form) => {
      const challenge = codes.get(form.get('code') ?? '');
      const verified = challenge !== undefined && createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === challenge;
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/oauth/token' || form.get('grant_type') !== 'authorization_code' || !verified) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid authorization code' }));
        return;
      }
      const now = Math.floor(Date.now() / 1000);
      const auth = { chatgpt_account_id: 'acc-e2e', chatgpt_plan_type: 'plus' };
      res.end(JSON.stringify({
        id_token: jwt({ email: 'e2e@example.com', exp: now + 3600, 'https://api.openai.com/auth': auth }),
        access_token: jwt({ exp: now + 864_000, 'https://api.openai.com/auth': auth }),
        refresh_token: 'rt-e2e',
        expires_in: 864_000,
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`,
    expect: (code, challenge) => codes.set(code, challenge),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A Codex channel (type 57) made in the console: "Authorize with ChatGPT" opens the sign-in, the address the
 * sign-in ends on is pasted back, and the key the server makes of it fills the key field.
 */
describe('Codex channel authorization in the console', () => {
  let server: RunningServer;
  let tokens: Awaited<ReturnType<typeof startTokenEndpoint>>;
  let browser: Browser;
  let page: Page;
  const drawer = () => page.locator('.ant-drawer-open');

  beforeAll(async () => {
    tokens = await startTokenEndpoint();
    server = await startServer({ env: { CODEX_OAUTH_TOKEN_URL: tokens.url } });
    await setupViaApi(server.baseUrl, ROOT);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await tokens?.close();
  });

  it('authorizes with ChatGPT, fills the key field and saves the channel', async () => {
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    const leftover = await pageApi<{ items: { id: number; name: string }[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    for (const channel of leftover.data.items.filter((c) => c.name === 'codex-e2e')) await pageApi(page, 'DELETE', `/api/channel/${channel.id}`, {});

    await page.goto(`${server.baseUrl}/channel/add`);
    await drawer().getByText('Create channel').waitFor();
    await drawer().getByTestId('channel-type-select').click();
    await page.keyboard.type('Codex');
    await page.locator('.ant-select-item-option', { hasText: 'Codex (ChatGPT subscription) (57)' }).click();
    await drawer().getByText('A JSON object of the ChatGPT account').waitFor();
    // JSON keys are not split into one channel per line.
    await expect(drawer().getByRole('switch', { name: 'Batch create' }).count()).resolves.toBe(0);

    // The sign-in opens in a new window (which cannot load here); the link stays in the drawer.
    const popup = page.context().waitForEvent('page');
    await drawer().getByTestId('codex-authorize-start').click();
    await (await popup).close();
    const href = await drawer().getByRole('link', { name: /Open the ChatGPT sign-in/ }).getAttribute('href');
    const authorize = new URL(href!);
    expect(authorize.origin + authorize.pathname).toBe('https://auth.openai.com/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('app_EMoamEEZ73f0CkXaXp7hrann');
    tokens.expect(CODE, authorize.searchParams.get('code_challenge')!);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-codex-authorize.png` });

    // A wrong paste is refused and said why; the right one fills the key.
    await drawer().getByTestId('codex-callback-url').fill('https://chatgpt.com/');
    await withNotice(page, /holds no authorization code/, () => drawer().getByTestId('codex-authorize-complete').click(), 'error');
    await drawer().getByTestId('codex-callback-url').fill(`http://localhost:1455/auth/callback?code=${CODE}&scope=openid&state=${authorize.searchParams.get('state')}`);
    await withNotice(page, 'Authorized e2e@example.com', () => drawer().getByTestId('codex-authorize-complete').click(), 'success');
    const key = JSON.parse(await drawer().getByLabel('Key', { exact: true }).inputValue()) as Record<string, string>;
    expect(key).toMatchObject({ type: 'codex', account_id: 'acc-e2e', refresh_token: 'rt-e2e', email: 'e2e@example.com' });
    await drawer().getByTestId('codex-key-accounts').getByText(/e2e@example.com \(acc-e2e\)/).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-codex-editor.png`, fullPage: true });

    await drawer().getByLabel('Name', { exact: true }).fill('codex-e2e');
    await drawer().getByLabel('Custom model names').fill('gpt-5-codex');
    await drawer().getByRole('button', { name: /Add$/ }).click();
    await drawer().locator('.ant-select-selection-item', { hasText: 'gpt-5-codex' }).waitFor();
    await shownAfter(page.getByText('Channel created'), () => page.getByTestId('channel-submit').click());
    await waitForPath(page, '/channel');
    const list = await pageApi<{ items: { id: number; name: string; type: number }[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    expect(list.data.items.find((c) => c.name === 'codex-e2e')).toMatchObject({ type: 57 });
  });
});
