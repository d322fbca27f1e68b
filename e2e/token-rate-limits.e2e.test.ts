import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TokenView } from '@gw/contracts';
import { launchBrowser, openPage, signIn, waitForPath, withNotice } from './support/browser';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream';
import { pageApi } from './support/page-api';
import { seedChannel } from './support/seed';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const MODEL = 'gpt-4o-mini';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * A key's own rate limits: root sets requests and tokens per minute in the token drawer, the list shows them
 * ("3 RPM · 100k TPM"), an edit changes them, and the gateway refuses the key's request past its RPM with 429.
 */
describe('token rate limits', () => {
  let upstream: FakeUpstream;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    upstream = await startFakeUpstream({ prompt_tokens: 10, completion_tokens: 5 });
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await server.restart((dataDir) => {
      seedChannel(dataDir, { name: 'fake-openai', baseUrl: upstream.url, models: [MODEL] });
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  /** Counts attempts: a retry creates (and limits) a token of its own, whose counters start from nothing. */
  let attempt = 0;

  const tokenNamed = async (page: Page, name: string) =>
    (await pageApi<{ items: TokenView[] }>(page, 'GET', '/api/token/?p=0&size=100')).data.items.find((t) => t.name === name);

  const chat = (key: string) =>
    fetch(`${server.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hello' }] }),
    });

  it('sets the limits in the token editor, shows them in the list, and the gateway answers 429 past the RPM', async () => {
    const name = `rate-key-${++attempt}-${Date.now().toString(36)}`;
    const page = await openPage(browser, { width: 1360, height: 900 });
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password, '/token');
    await waitForPath(page, '/token');
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();

    await page.getByRole('button', { name: 'Add token' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('Create token').waitFor();
    await drawer.getByLabel('Name').fill(name);
    // Empty means unlimited.
    await expect(drawer.getByLabel('Requests per minute').inputValue()).resolves.toBe('');
    await drawer.getByLabel('Requests per minute').fill('3');
    await drawer.getByLabel('Tokens per minute').fill('100000');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/token-rate-limits-drawer.png` });
    await withNotice(page, 'Tokens created: 1', () => page.getByTestId('token-submit').click());

    const row = page.locator('tr.ant-table-row', { hasText: name });
    const limits = row.getByTestId('token-rate-limits');
    await row.getByText('3 RPM · 100k TPM', { exact: true }).waitFor();
    await expect(limits.innerText()).resolves.toBe('3 RPM · 100k TPM');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/token-rate-limits-list.png` });
    expect(await tokenNamed(page, name)).toMatchObject({ rpm_limit: 3, tpm_limit: 100_000 });

    // Edited: 2 requests a minute, no token limit (the field emptied).
    await row.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByText('Edit token').waitFor();
    await expect(drawer.getByLabel('Requests per minute').inputValue()).resolves.toBe('3');
    await expect(drawer.getByLabel('Tokens per minute').inputValue()).resolves.toBe('100000');
    await drawer.getByLabel('Requests per minute').fill('2');
    await drawer.getByLabel('Tokens per minute').fill('');
    await withNotice(page, 'Token updated', () => page.getByTestId('token-submit').click());
    await row.getByText('2 RPM', { exact: true }).waitFor();
    await expect(limits.innerText()).resolves.toBe('2 RPM');
    const token = await tokenNamed(page, name);
    expect(token).toMatchObject({ rpm_limit: 2, tpm_limit: 0 });
    await page.context().close();

    // The gateway: two requests in the minute are served, the third is refused before reaching the upstream.
    const key = `sk-${token!.key}`;
    const served = [await chat(key), await chat(key)];
    expect(served.map((res) => res.status)).toEqual([200, 200]);
    expect(served.map((res) => res.headers.get('x-ratelimit-remaining-requests'))).toEqual(['1', '0']);
    const upstreamCalls = upstream.requests.length;
    const refused = await chat(key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('token_rate_limit_exceeded');
    expect(body.error.message).toContain('at most 2 requests per minute');
    expect(upstream.requests.length).toBe(upstreamCalls);
  });
});
