import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, signIn, waitForPath, shownAfter } from './support/browser';
import { optionsAsFirstFound, pageApi } from './support/page-api';
import { seedChannel } from './support/seed';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
/** 2020-06-01 UTC: older than the cleanup time the test picks. */
const OLD_LOG_TIME = 1_590_969_600;

/** Writes `count` old consumption logs into the stopped server's SQLite file. */
function seedOldLogs(dataDir: string, count: number): void {
  const db = new Database(join(dataDir, 'gateway.db'));
  try {
    const insert = db.prepare('insert into logs (user_id, created_at, type, content, username, model_name, quota) values (1, ?, 2, ?, ?, ?, 10)');
    for (let i = 0; i < count; i++) insert.run(OLD_LOG_TIME + i, `old log ${i}`, ROOT.username, 'gpt-4o');
  } finally {
    db.close();
  }
}

/** The admin settings console: pricing editor, model hub list, site name, password-login guard, JSON checks, log cleanup. */
describe('settings and pricing', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await server.restart((dataDir) => {
      seedChannel(dataDir, { name: 'acme-upstream', baseUrl: 'http://127.0.0.1:9', models: ['acme-chat', 'acme-embed', 'gpt-4o-mini'] });
      seedOldLogs(dataDir, 3);
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function adminPage(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password, path);
    await waitForPath(page, '/setting');
    return page;
  }

  /** A table row of `scope` that holds a cell with exactly `name`. */
  const rowOf = (page: Page, scope: Page | Locator, name: string) => scope.locator('tr.ant-table-row', { has: page.getByText(name, { exact: true }) });
  const dialog = (page: Page) => page.getByRole('dialog');

  /** On a retry, saves back the options (of `keys`) the earlier attempt changed. */
  const startFromFirstOptions = optionsAsFirstFound();

  /** Counts the system-name test's attempts: a retry saves a name of its own (its own would be "changed nothing"). */
  let systemNameAttempt = 0;

  let pricingAttempt = 0;

  it('prices a new model with the visual editor and shows it on the model hub', async () => {
    const page = await adminPage('/setting?tab=operation');
    // A retry starts again from the prices and model hub entries as the first attempt found them.
    await startFromFirstOptions(page, 'pricing', ['ModelPrice', 'ModelRatio', 'CompletionRatio']);
    if (++pricingAttempt > 1) {
      const entries = await pageApi<{ id: number; name: string }[] | { items: { id: number; name: string }[] }>(page, 'GET', '/api/model_hub/admin/');
      const ids = (Array.isArray(entries.data) ? entries.data : entries.data.items).filter((e) => e.name === 'acme-chat').map((e) => e.id);
      if (ids.length > 0) expect((await pageApi(page, 'PUT', '/api/model_hub/admin/', { delete: ids })).success).toBe(true);
      await page.reload();
    }

    const visitor = await browser.newPage();
    await visitor.goto(`${server.baseUrl}/model-hub`);
    await rowOf(visitor, visitor, 'gpt-4o-mini').waitFor();
    await expect(rowOf(visitor, visitor, 'acme-chat').count()).resolves.toBe(0);

    await page.getByRole('tab', { name: 'Unset-ratio models' }).click();
    const unpriced = page.getByTestId('unpriced-models');
    await rowOf(page, unpriced, 'acme-chat').waitFor();
    await expect(rowOf(page, unpriced, 'gpt-4o-mini').count()).resolves.toBe(0);
    // Quick pricing: a per-request price for the selected model, saved at once.
    await rowOf(page, unpriced, 'acme-embed').getByRole('checkbox').check();
    await unpriced.getByRole('button', { name: 'Batch set (1)' }).click();
    await dialog(page).getByText('Per request', { exact: true }).click();
    await dialog(page).getByLabel('Fixed price per call').fill('0.01');
    await shownAfter(page.getByText('Saved successfully'), () => dialog(page).getByRole('button', { name: 'Apply' }).click());
    await rowOf(page, unpriced, 'acme-embed').waitFor({ state: 'detached' });

    await page.goto(`${server.baseUrl}/setting?tab=visual`);
    const editor = page.getByTestId('visual-ratio-editor');
    await shownAfter(page.getByText('Select models first'), () => editor.getByRole('button', { name: /Batch set/ }).click());

    await editor.getByRole('button', { name: 'Add model' }).click();
    const modal = dialog(page);
    await modal.getByLabel('Model name').fill('gpt-4o-mini');
    await modal.getByLabel('Input price').fill('abc');
    await shownAfter(modal.getByText('Model name already exists'), () => modal.getByRole('button', { name: 'Apply' }).click());
    await modal.getByText('Please enter a number').waitFor();

    await modal.getByText('Per request', { exact: true }).click();
    await modal.getByLabel('Fixed price per call').fill('0');
    await shownAfter(modal.getByText('Price cannot be 0'), () => modal.getByRole('button', { name: 'Apply' }).click());

    await modal.getByText('Per token', { exact: true }).click();
    await expect(modal.getByLabel('Fixed price per call').inputValue()).resolves.toBe('');
    await modal.getByLabel('Model name').fill('acme-chat');
    await modal.getByLabel('Input price').fill('3');
    await modal.getByLabel('Output price').fill('12');
    // price per 1M = ratio × 2; completion ratio = output / input.
    await expect(modal.getByLabel('Model ratio').inputValue()).resolves.toBe('1.5');
    await expect(modal.getByLabel('Completion ratio').inputValue()).resolves.toBe('4');
    await modal.getByRole('button', { name: 'Apply' }).click();
    await modal.waitFor({ state: 'hidden' });

    await editor.getByLabel('Search models').fill('acme');
    const row = rowOf(page, editor, 'acme-chat');
    await row.getByText('$3', { exact: true }).waitFor();
    await expect(row.getByText('$12', { exact: true }).isVisible()).resolves.toBe(true);
    await shownAfter(page.getByText('Saved successfully'), () => editor.getByRole('button', { name: 'Save prices (1)' }).click());

    const hub = page.getByTestId('model-hub-admin');
    await hub.getByRole('button', { name: 'Add entry' }).click();
    const entry = dialog(page);
    await entry.getByLabel('Model name').fill('acme-chat');
    await entry.getByLabel('Description').fill('Acme flagship chat model');
    await entry.getByLabel('Max tokens').fill('128000');
    await shownAfter(page.getByText('Model hub saved'), () => entry.getByRole('button', { name: 'OK' }).click());
    await rowOf(page, hub, 'acme-chat').getByText('Input $3 · Output $12 / 1M').waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/settings-visual.png`, fullPage: true });

    await visitor.reload();
    const priced = rowOf(visitor, visitor, 'acme-chat');
    await priced.getByText('Input $3.00 / 1M tokens').waitFor();
    await expect(priced.getByText('Output $12.00 / 1M tokens').isVisible()).resolves.toBe(true);
    await expect(priced.getByText('Acme flagship chat model').isVisible()).resolves.toBe(true);
    await rowOf(visitor, visitor, 'acme-embed').waitFor();
    await visitor.close();
    await page.context().close();
  });

  it('changes the system name in the other tab and the title and header follow', async () => {
    const systemName = `Nimbus Gateway ${++systemNameAttempt}`;
    const page = await adminPage('/setting');
    // The default tab is operation.
    await page.getByTestId('settings-general').waitFor();
    await page.getByRole('tab', { name: 'Other settings' }).click();
    await waitForPath(page, /\/setting\?tab=other$/);
    await page.getByTestId('settings-system-info').getByText('Started at').waitFor();

    const site = page.getByTestId('settings-site');
    await site.getByLabel('System name').fill(systemName);
    await shownAfter(page.getByText('Saved successfully'), () => site.getByRole('button', { name: 'Save' }).click());
    await page.locator('.ant-layout-header').getByText(systemName).waitFor();
    await page.waitForFunction((name) => document.title === name, systemName);
    await page.context().close();
  });

  /** A root session of the password-login test's first attempt, kept for its retry. */
  let rootSession: { cookie: string; userId: string } | undefined;

  it('asks before turning off password login, and cancelling keeps it on', async () => {
    if (!rootSession) {
      const login = await fetch(`${server.baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ROOT) });
      rootSession = { cookie: String(login.headers.get('set-cookie')).split(';')[0], userId: String(((await login.json()) as { data: { id: number } }).data.id) };
    } else {
      // An earlier attempt may have left password login off, which would refuse the sign-in: on again first.
      const on = await fetch(`${server.baseUrl}/api/option/`, {
        method: 'PUT',
        headers: { cookie: rootSession.cookie, 'new-api-user': rootSession.userId, 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'PasswordLoginEnabled', value: 'true' }),
      });
      expect(((await on.json()) as { success: boolean }).success).toBe(true);
    }
    const page = await adminPage('/setting?tab=system');
    const login = page.getByTestId('settings-login');
    const checkbox = login.getByLabel('Allow login with password');
    await expect(checkbox.isChecked()).resolves.toBe(true);

    await checkbox.click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Turn off password login?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(checkbox.isChecked()).resolves.toBe(true);
    await shownAfter(page.getByText('You seem to have changed nothing'), () => login.getByRole('button', { name: 'Save' }).click());

    await checkbox.click();
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(checkbox.isChecked()).resolves.toBe(false);
    await shownAfter(page.getByText('Saved successfully'), () => login.getByRole('button', { name: 'Save' }).click());
    const options = await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/');
    expect(options.data.find((o) => o.key === 'PasswordLoginEnabled')?.value).toBe('false');
    // The switch applies without a restart.
    const status = await pageApi<{ enabled_password_login: boolean }>(page, 'GET', '/api/status');
    expect(status.data.enabled_password_login).toBe(false);

    // Switch it back on so the other journeys can sign in with a password.
    await checkbox.click();
    await expect(checkbox.isChecked()).resolves.toBe(true);
    await shownAfter(page.getByText('Saved successfully').first(), () => login.getByRole('button', { name: 'Save' }).click());
    // The earlier notice may still be showing: wait for the save itself before the page goes.
    await expect.poll(async () => (await pageApi<{ enabled_password_login: boolean }>(page, 'GET', '/api/status')).data.enabled_password_login).toBe(true);
    await page.context().close();
  });

  it('fills the OIDC endpoints from the well-known document the browser fetches', async () => {
    const page = await adminPage('/setting?tab=system');
    const wellKnown = 'https://id.example.test/.well-known/openid-configuration';
    await page.route(wellKnown, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'access-control-allow-origin': '*' },
        json: {
          issuer: 'https://id.example.test',
          authorization_endpoint: 'https://id.example.test/authorize',
          token_endpoint: 'https://id.example.test/token',
          userinfo_endpoint: 'https://id.example.test/userinfo',
        },
      }),
    );
    await page.route('https://down.example.test/**', (route) => route.fulfill({ status: 404, headers: { 'access-control-allow-origin': '*' }, body: 'no' }));
    const oidc = page.getByTestId('settings-oidc');
    await oidc.getByLabel('Well-known URL').fill('https://down.example.test/.well-known/openid-configuration');
    await shownAfter(page.getByText('Failed to get OIDC config, check network and well-known URL'), () => oidc.getByRole('button', { name: 'Fetch OIDC config' }).click());

    await oidc.getByLabel('Well-known URL').fill(wellKnown);
    await shownAfter(page.getByText('OIDC config fetched'), () => oidc.getByRole('button', { name: 'Fetch OIDC config' }).click());
    await expect(oidc.getByLabel('Authorization endpoint').inputValue()).resolves.toBe('https://id.example.test/authorize');
    await expect(oidc.getByLabel('Token endpoint').inputValue()).resolves.toBe('https://id.example.test/token');
    await expect(oidc.getByLabel('User info endpoint').inputValue()).resolves.toBe('https://id.example.test/userinfo');
    await page.context().close();
  });

  it('refuses invalid JSON in a ratio text area and saves nothing', async () => {
    const page = await adminPage('/setting?tab=operation');
    const ratios = page.getByTestId('settings-ratios');
    const before = await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/');
    const groupRatio = ratios.getByLabel('Group ratio (GroupRatio)');
    await groupRatio.fill('{"default": 1, "vip": ');
    await ratios.getByLabel('Model ratio (ModelRatio)').focus();
    await ratios.getByText('Not a legal JSON string').waitFor();

    await shownAfter(page.getByText('Please check your input'), () => ratios.getByRole('button', { name: 'Save' }).click());
    const after = await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/');
    const valueOf = (list: { key: string; value: string }[], key: string) => list.find((o) => o.key === key)?.value;
    expect(valueOf(after.data, 'GroupRatio')).toBe(valueOf(before.data, 'GroupRatio'));
    await page.context().close();
  });

  it('saves the audio ratios edited as JSON', async () => {
    const page = await adminPage('/setting?tab=operation');
    await startFromFirstOptions(page, 'audio', ['AudioRatio', 'AudioCompletionRatio']);
    const ratios = page.getByTestId('settings-ratios');
    await expect(ratios.getByLabel('Audio ratio (AudioRatio)').inputValue()).resolves.toContain('"gpt-4o-realtime-preview": 8');
    await ratios.getByLabel('Audio ratio (AudioRatio)').fill('{"acme-voice": 6}');
    await ratios.getByLabel('Audio completion ratio (AudioCompletionRatio)').fill('{"acme-voice": 2.5}');
    await shownAfter(page.getByText('Saved successfully').first(), () => ratios.getByRole('button', { name: 'Save' }).click());
    const options = await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/');
    expect(JSON.parse(options.data.find((o) => o.key === 'AudioRatio')!.value)).toEqual({ 'acme-voice': 6 });
    expect(JSON.parse(options.data.find((o) => o.key === 'AudioCompletionRatio')!.value)).toEqual({ 'acme-voice': 2.5 });
    await page.context().close();
  });

  it('saves the retried and the disabling status codes, refusing a list that is not codes and ranges', async () => {
    const page = await adminPage('/setting?tab=operation');
    await startFromFirstOptions(page, 'status codes', ['AutomaticRetryStatusCodes', 'AutomaticDisableStatusCodes']);
    const monitoring = page.getByTestId('settings-monitoring');
    const retry = monitoring.getByLabel('Status codes retried on another channel');
    await expect(retry.inputValue()).resolves.toBe('100-199,300-399,401-499,500-599');
    await retry.fill('429,5xx');
    await monitoring.getByRole('button', { name: 'Save' }).click();
    await page.getByText('"5xx" is not a status code or a range such as 500-503', { exact: false }).waitFor();
    const optionValue = async (key: string) => (await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/')).data.find((o) => o.key === key)?.value;
    expect(await optionValue('AutomaticRetryStatusCodes')).toBe('100-199,300-399,401-499,500-599');

    await retry.fill('429,500-503');
    await monitoring.getByLabel('Status codes that disable a channel').fill('401,403');
    await shownAfter(page.getByText('Saved successfully').first(), () => monitoring.getByRole('button', { name: 'Save' }).click());
    expect(await optionValue('AutomaticRetryStatusCodes')).toBe('429,500-503');
    expect(await optionValue('AutomaticDisableStatusCodes')).toBe('401,403');
    await page.context().close();
  });

  let cleanupAttempt = 0;

  it('cleans the logs older than the chosen time and reports the count', async () => {
    if (++cleanupAttempt > 1) {
      // A retry starts again from the three old logs (an earlier attempt may have cleaned them).
      const db = new Database(join(server.dataDir, 'gateway.db'));
      let left: number;
      try {
        left = (db.prepare('select count(*) as n from logs where created_at < ?').get(OLD_LOG_TIME + 3) as { n: number }).n;
      } finally {
        db.close();
      }
      if (left === 0) seedOldLogs(server.dataDir, 3);
    }
    const page = await adminPage('/setting?tab=operation');
    const logs = page.getByTestId('settings-logs');
    await logs.getByTestId('log-cleanup').click();
    await page.getByText('Please select log time').waitFor();

    await logs.getByLabel('Clean up old logs').click();
    await logs.getByLabel('Clean up old logs').fill('2021-01-01 00:00:00');
    await page.locator('.ant-picker-dropdown').getByRole('button', { name: 'OK' }).click();
    await logs.getByTestId('log-cleanup').click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Delete old logs?' }).waitFor();
    await shownAfter(page.getByText('3 logs cleaned'), () => dialog(page).getByRole('button', { name: 'OK' }).click());
    await page.context().close();
  });

  it('resets the model prices and ratios to the defaults after a confirmation', async () => {
    const page = await adminPage('/setting?tab=operation');
    await startFromFirstOptions(page, 'reset ratios', ['ModelRatio', 'CompletionRatio', 'ModelPrice']);
    const ratios = page.getByTestId('settings-ratios');
    await expect(ratios.getByLabel('Model ratio (ModelRatio)').inputValue()).resolves.toContain('"acme-chat": 1.5');
    await ratios.getByRole('button', { name: 'Reset model ratios' }).click();
    await shownAfter(page.getByText('Model ratios reset'), () => dialog(page).getByRole('button', { name: 'OK' }).click());
    await page.waitForFunction(() => !document.querySelector<HTMLTextAreaElement>('#ModelRatio')?.value.includes('acme-chat'));
    const options = await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/');
    expect(options.data.find((o) => o.key === 'ModelRatio')?.value).not.toContain('acme-chat');
    expect(options.data.find((o) => o.key === 'ModelRatio')?.value).toContain('gpt-4o-mini');
    await page.context().close();
  });
});
