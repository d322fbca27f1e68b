import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPageWithClipboard, signIn, waitForPath, withNotice, shownAfter } from './support/browser';
import type { TokenView } from '@gw/contracts';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream';
import { pageApi } from './support/page-api';
import { seedChannel } from './support/seed';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const MODEL = 'gpt-4o-mini';
/** Large enough that the cost shows in cents: (100000 + 50000 × 4) × 0.075 = 22500 quota = $0.045. */
const USAGE = { prompt_tokens: 100_000, completion_tokens: 50_000 };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * An API token's whole life: created in /token, copied, used against the gateway (which calls a fake
 * upstream through a channel seeded into the database), and its consumption read back in /log and on the
 * dashboard.
 */
describe('tokens, the gateway and usage logs', () => {
  let server: RunningServer;
  let upstream: FakeUpstream;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let key = '';

  beforeAll(async () => {
    upstream = await startFakeUpstream(USAGE);
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await server.restart((dataDir) => {
      seedChannel(dataDir, { name: 'fake-openai', baseUrl: upstream.url, models: [MODEL] });
    });
    browser = await launchBrowser();
    page = await openPageWithClipboard(browser, server.baseUrl);
    context = page.context();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  /** Root's tokens, as the API lists them. */
  const listTokens = async () => (await pageApi<{ items: TokenView[] }>(page, 'GET', '/api/token/?p=0&size=50')).data.items;

  /** Deletes root's tokens whose name passes `match` (what an earlier attempt of a test left behind). */
  async function deleteTokens(match: (name: string) => boolean): Promise<void> {
    for (const token of (await listTokens()).filter((t) => match(t.name))) {
      const removed = await pageApi(page, 'DELETE', `/api/token/${token.id}`, {});
      expect(removed.success, removed.message).toBe(true);
    }
  }

  /** Counts the auto-group test's attempts: a retry creates a token under a name of its own. */
  let autoKeyAttempt = 0;

  it('refuses a token without a name and then creates one from the drawer', async () => {
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    // A retry starts again without the token an earlier attempt may have created.
    await deleteTokens((name) => name === 'e2e-key');
    await page.reload();
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByRole('button', { name: 'Add token' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('Create token').waitFor();
    await page.getByTestId('token-submit').click();
    await drawer.getByText('Token name cannot be empty').waitFor();

    await drawer.getByLabel('Name').fill('e2e-key');
    await drawer.getByRole('button', { name: 'Never expires' }).click();
    // The model choices come from GET /api/user/models (the seeded channel's model).
    await drawer.getByLabel('Model limits').click();
    await page.locator('.ant-select-item-option', { hasText: MODEL }).click();
    await page.keyboard.press('Escape');
    await shownAfter(page.getByText('Tokens created: 1'), () => page.getByTestId('token-submit').click());
    const row = page.locator('tr.ant-table-row', { hasText: 'e2e-key' });
    await row.getByText('Enabled').waitFor();
    await row.getByText('Remaining: $1.00').waitFor();
    await expect(row.getByText('Never expires').isVisible()).resolves.toBe(true);
    await expect(row.getByText(`Models: ${MODEL}`).isVisible()).resolves.toBe(true);
  });

  it('copies the full sk- key to the clipboard', async () => {
    const row = page.locator('tr.ant-table-row', { hasText: 'e2e-key' });
    await shownAfter(page.getByText('Key copied'), () => row.getByRole('button', { name: 'Copy' }).click());
    key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^sk-[0-9A-Za-z]{48}$/);
    // The table shows only a masked form of it.
    await expect(row.innerText()).resolves.not.toContain(key.slice(3));
  });

  it('answers a chat completion with the copied key through the seeded channel', async () => {
    const requestsBefore = upstream.requests.length;
    const res = await fetch(`${server.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hello' }] }),
    });
    const body = (await res.json()) as { choices?: { message: { content: string } }[]; usage?: { prompt_tokens: number } };
    expect(res.status).toBe(200);
    expect(body.choices?.[0].message.content).toBe('Hello from the fake upstream');
    expect(body.usage?.prompt_tokens).toBe(USAGE.prompt_tokens);
    // One request reached the upstream (a retry counts from what its earlier attempt sent).
    expect(upstream.requests).toHaveLength(requestsBefore + 1);
  });

  it('shows the consumption in /log with its cost, stats and the price calculation', async () => {
    await page.goto(`${server.baseUrl}/log`);
    await page.getByRole('heading', { name: 'Usage logs' }).waitFor();
    const row = page.locator('tr.ant-table-row', { hasText: MODEL });
    await row.waitFor();
    await expect(row.getByText('e2e-key').isVisible()).resolves.toBe(true);
    await expect(row.getByText('Consumption').isVisible()).resolves.toBe(true);
    await expect(row.getByText('$0.04').isVisible()).resolves.toBe(true);
    await expect(row.getByText(String(USAGE.prompt_tokens), { exact: true }).isVisible()).resolves.toBe(true);
    await page.getByTestId('log-stats').getByText('Consumed: $0.04').waitFor();

    await row.locator('.ant-table-row-expand-icon').click();
    const detail = page.getByTestId('log-detail');
    await detail.waitFor();
    await detail
      .getByText('group ratio 1 × model ratio 0.075 × (prompt 100000 + completion 50000 × completion ratio 4) / 500000 = $0.045')
      .waitFor();
    // An administrator also sees why the channel was chosen.
    expect(await detail.getByTestId('log-route').textContent()).toMatch(/^#\d+: priority tier 1 of 1 \(priority 0\)/);
    // The detail stays within the visible part of the table, whose columns scroll sideways.
    const box = (await detail.boundingBox())!;
    const table = (await page.locator('.ant-table-content').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(table.x + table.width + 1);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/logs-page.png`, fullPage: true });
  });

  it('exports the filtered logs as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^logs-.*\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('model_name');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(MODEL);
    expect(lines[1]).toContain('e2e-key');
  });

  it('lowers the token balance by the cost and keeps the column choice after a reload', async () => {
    const tokens = await pageApi<{ items: { name: string; remain_quota: number; used_quota: number }[] }>(page, 'GET', '/api/token/?p=1&size=10');
    expect(tokens.data.items.find((t) => t.name === 'e2e-key')).toMatchObject({ remain_quota: 500_000 - 22_500, used_quota: 22_500 });

    // Under load a click can land while the popover re-renders and change nothing; a retry may find the
    // column already hidden. So: open the settings unless open, untick while ticked, until the column goes.
    const ipHeader = page.locator('thead th', { hasText: /^IP$/ });
    const ipBox = page.locator('.ant-popover').getByLabel('IP');
    for (let i = 0; i < 3 && (await ipHeader.count()) > 0; i++) {
      if (!(await ipBox.isVisible())) await page.getByTestId('column-settings').click();
      if (await ipBox.isChecked()) await ipBox.click();
      await ipHeader.waitFor({ state: 'detached', timeout: 3000 }).catch(() => undefined);
    }
    await expect(ipHeader.count()).resolves.toBe(0);
    await page.reload();
    await page.locator('tr.ant-table-row', { hasText: MODEL }).waitFor();
    await expect(page.locator('thead th', { hasText: /^IP$/ }).count()).resolves.toBe(0);
    await expect(page.locator('thead th', { hasText: /^Channel$/ }).count()).resolves.toBe(1);
  });

  it('filters the log by model name and finds nothing for another model', async () => {
    await page.getByLabel('Model name').fill('no-such-model');
    await page.getByRole('button', { name: 'Query' }).click();
    await page.waitForURL((url) => url.searchParams.get('model_name') === 'no-such-model');
    await page.locator('.ant-table-placeholder').waitFor();
    await expect(page.locator('tr.ant-table-row').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('tr.ant-table-row', { hasText: MODEL }).waitFor();
  });

  it('opens a chat link with the key and the server address filled in', async () => {
    await context.route('https://app.nextchat.dev/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
    await page.goto(`${server.baseUrl}/token`);
    const row = page.locator('tr.ant-table-row', { hasText: 'e2e-key' });
    await row.getByRole('button', { name: 'Chat' }).click();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('menuitem', { name: 'NextChat' }).click()]);
    await popup.waitForLoadState();
    const settings = decodeURIComponent(popup.url().split('settings=')[1] ?? '');
    expect(JSON.parse(settings)).toEqual({ key, url: server.baseUrl });
    await popup.close();
  });

  it('creates a batch of tokens, copies two of them and deletes them together', async () => {
    // A retry starts again without the batch an earlier attempt may have left.
    await deleteTokens((name) => name.startsWith('batch'));
    await page.reload();
    await shownAfter(page.getByText('Please select at least one token'), () => page.getByRole('button', { name: 'Delete selected (0)' }).click());
    await page.getByRole('button', { name: 'Add token' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByLabel('Name').fill('batch');
    await drawer.getByLabel('Number of tokens').fill('3');
    await shownAfter(page.getByText('Tokens created: 3'), () => page.getByTestId('token-submit').click());
    const extras = page.locator('tr.ant-table-row', { hasText: /batch-[0-9A-Za-z]{6}/ });
    await page.waitForFunction(() => document.querySelectorAll('tr.ant-table-row').length === 4);
    await expect(extras.count()).resolves.toBe(2);

    for (const i of [0, 1]) await extras.nth(i).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Copy selected (2)' }).click();
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
    expect(copied).toHaveLength(2);
    for (const line of copied) expect(line).toMatch(/^batch-[0-9A-Za-z]{6}\tsk-[0-9A-Za-z]{48}$/);

    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await shownAfter(page.getByText('Tokens deleted: 2'), () => page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click());
    await page.waitForFunction(() => document.querySelectorAll('tr.ant-table-row').length === 2);
    await expect(extras.count()).resolves.toBe(0);
  });

  it('disables the token, after which the gateway refuses it, and enables it again', async () => {
    // A retry starts again from the enabled token (an earlier attempt may have left it disabled).
    const token = (await listTokens()).find((t) => t.name === 'e2e-key');
    if (token && token.status !== 1) {
      expect((await pageApi(page, 'PUT', '/api/token/?status_only=true', { id: token.id, status: 1 })).success).toBe(true);
      await page.reload();
    }
    const row = page.locator('tr.ant-table-row', { hasText: 'e2e-key' });
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();
    const call = () =>
      fetch(`${server.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'again' }] }),
      });
    expect((await call()).status).toBe(401);
    await row.getByRole('button', { name: 'Enable' }).click();
    await row.getByText('Enabled').waitFor();
  });

  it('edits the token in the same drawer', async () => {
    const row = page.locator('tr.ant-table-row', { hasText: 'e2e-key' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('Edit token').waitFor();
    await expect(drawer.getByLabel('Name').inputValue()).resolves.toBe('e2e-key');
    await expect(drawer.getByLabel('Number of tokens').count()).resolves.toBe(0);
    await drawer.getByRole('button', { name: '$10.00' }).click();
    await shownAfter(page.getByText('Token updated'), () => page.getByTestId('token-submit').click());
    await row.getByText('Remaining: $10.00').waitFor();
    await expect(row.getByText(`Models: ${MODEL}`).isVisible()).resolves.toBe(true);
  });

  it('shows the key in a dialog when the clipboard refuses it', async () => {
    const refusing = await browser.newContext({ viewport: { width: 375, height: 780 } });
    await refusing.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    const mobile = await refusing.newPage();
    await signIn(mobile, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(mobile, '/token');
    await mobile.locator('tr.ant-table-row', { hasText: 'e2e-key' }).getByRole('button', { name: 'Copy' }).click();
    await mobile.locator('.ant-modal-confirm-title', { hasText: 'Cannot copy to clipboard, please copy manually' }).waitFor();
    await expect(mobile.getByTestId('copy-fallback-text').inputValue()).resolves.toBe(key);
    // Usable at 375 px: the page itself does not scroll sideways (wide tables scroll inside their box).
    await expect(mobile.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    await refusing.close();
  });

  it('shows the usage on the dashboard once it has been aggregated', { timeout: 180_000 }, async () => {
    // Age the log past the aggregator's settling window and run it every minute, then wait for one run.
    await server.restart((dataDir) => {
      const db = new Database(join(dataDir, 'gateway.db'));
      db.prepare('update logs set created_at = created_at - 180').run();
      db.prepare(`insert into options (key, value) values ('DataExportInterval', '1') on conflict (key) do update set value = '1'`).run();
      db.close();
    });
    const totals = page.getByTestId('dashboard-totals');
    const deadline = Date.now() + 150_000;
    for (;;) {
      await page.goto(`${server.baseUrl}/detail`);
      await totals.waitFor().catch(async (err: Error) => {
        throw new Error(`the dashboard did not render at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`, { cause: err });
      });
      const shown = await totals.getByText('$0.04').waitFor({ timeout: 5000 }).then(() => true, () => false);
      if (shown) break;
      if (Date.now() > deadline) throw new Error('the dashboard never showed the consumption');
    }
    await page.getByTestId('usage-chart').locator('canvas').first().waitFor();
    await expect(totals.innerText()).resolves.toContain('150k');
  });

  let deleteLogsAttempt = 0;

  it('lets the root user delete the logs older than a chosen moment', async () => {
    if (++deleteLogsAttempt > 1) {
      // The earlier attempt may have deleted the logs: a retry makes a consumption log to delete again, once
      // the earlier attempt's clean-up (a background task, one at a time) has ended.
      await expect.poll(async () => (await pageApi(page, 'GET', '/api/system-task/current')).data, { timeout: 60_000 }).toBeNull();
      const res = await fetch(`${server.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'to be deleted' }] }),
      });
      expect(res.status).toBe(200);
      await expect.poll(async () => (await pageApi<{ total: number }>(page, 'GET', `/api/log/?model_name=${MODEL}`)).data.total).toBeGreaterThan(0);
    }
    await page.goto(`${server.baseUrl}/log`);
    await page.locator('tr.ant-table-row', { hasText: MODEL }).waitFor();
    await page.getByLabel('Delete logs before').fill('2099-01-01 00:00:00');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Delete old logs' }).click();
    await shownAfter(page.getByText(/Logs deleted: [1-9]/), () => page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click());
    await page.locator('.ant-table-placeholder').waitFor();
  });

  it('offers the auto group in the token editor once listed in UserUsableGroups, and its key is served', async () => {
    const autoKeyName = `auto-key-${++autoKeyAttempt}`;
    const offered = await pageApi(page, 'PUT', '/api/option/', { key: 'UserUsableGroups', value: JSON.stringify({ default: 'default', auto: 'Pick for me' }) });
    expect(offered.success).toBe(true);
    expect(await pageApi(page, 'PUT', '/api/option/', { key: 'DefaultUseAutoGroup', value: 'true' })).toMatchObject({ success: true });
    await page.goto(`${server.baseUrl}/token`);
    await page.getByRole('button', { name: 'Add token' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('Create token').waitFor();
    await drawer.getByLabel('Name').fill(autoKeyName);
    await drawer.getByRole('button', { name: 'Never expires' }).click();
    // DefaultUseAutoGroup is on: a new key starts in auto.
    await drawer.locator('.ant-select', { hasText: 'auto — Pick for me (the first group with a channel for the model, at its ratio)' }).waitFor();
    // Offered for the auto group only.
    await drawer.getByRole('switch', { name: 'Cross-group retry' }).click();
    await withNotice(page, 'Tokens created: 1', () => page.getByTestId('token-submit').click());
    const listed = await pageApi<{ items: TokenView[] }>(page, 'GET', '/api/token/?p=0&size=50');
    expect(listed.data.items.find((t) => t.name === autoKeyName)).toMatchObject({ group: 'auto', cross_group_retry: true });
    const row = page.locator('tr.ant-table-row', { hasText: autoKeyName });
    await withNotice(page, 'Key copied', () => row.getByRole('button', { name: 'Copy' }).click());
    const autoKey = await page.evaluate(() => navigator.clipboard.readText());
    // AutoGroups is ['default'] by default: the seeded channel there serves it.
    const res = await fetch(`${server.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${autoKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(res.status).toBe(200);
  });
});
