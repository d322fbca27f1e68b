import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SupplierView } from '@gw/contracts';
import { launchBrowser, openPage, signIn, waitForPath, withNotice, shownAfter } from './support/browser';
import { pageApi } from './support/page-api';
import { registerViaApi, setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const USER = { username: 'frank', password: 'frank-pass-123' };
const USER_KEY = 'sk-frank-own-key-123456';
const SUPPLIER_MODELS = ['fake-coder', 'fake-chat'];
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

interface FakeSupplier {
  url: string;
  /** Headers of each GET /v1/models received. */
  modelRequests: IncomingHttpHeaders[];
  close: () => Promise<void>;
}

/** A loopback "supplier" answering GET /v1/models like OpenAI, for the right key only. */
async function startFakeSupplier(): Promise<FakeSupplier> {
  const modelRequests: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url === '/v1/models') {
      modelRequests.push(req.headers);
      if (req.headers.authorization !== `Bearer ${USER_KEY}`) {
        res.writeHead(401);
        res.end(JSON.stringify({ error: { message: 'invalid api key', type: 'invalid_request_error' } }));
        return;
      }
      res.end(JSON.stringify({ object: 'list', data: SUPPLIER_MODELS.map((id) => ({ id, object: 'model', owned_by: 'fake' })) }));
      return;
    }
    // DeepSeek's balance query, which the supplier's API type selects.
    if (req.method === 'GET' && req.url === '/user/balance' && req.headers.authorization === `Bearer ${USER_KEY}`) {
      res.end(JSON.stringify({ is_available: true, balance_infos: [{ currency: 'USD', total_balance: '12.5' }] }));
      return;
    }
    res.writeHead(404);
    res.end(JSON.stringify({ error: { message: 'not found' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, modelRequests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Assistant configuration (/aipy-conf) by an administrator and a user's own model service (/custom-models). */
describe('assistant configuration and custom models', () => {
  let server: RunningServer;
  let supplier: FakeSupplier;
  let browser: Browser;
  let admin: Page;
  let user: Page;

  beforeAll(async () => {
    supplier = await startFakeSupplier();
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await registerViaApi(server.baseUrl, USER);
    browser = await launchBrowser();
    admin = await openPage(browser, { width: 1360, height: 900 });
    user = await openPage(browser, { width: 1280, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await supplier?.close();
  });

  /** The suppliers named 'Fake AI', as the administrator lists them. */
  async function fakeSuppliers(): Promise<SupplierView[]> {
    return (await pageApi<SupplierView[]>(admin, 'GET', '/api/supplier/admin/')).data.filter((s) => s.name === 'Fake AI');
  }

  /** Saves a supplier through the API, as it is but for `changes`. */
  async function updateSupplier(view: SupplierView, changes: Partial<SupplierView>): Promise<void> {
    const { name, type, sdk, base_url, disable } = { ...view, ...changes };
    const saved = await pageApi(admin, 'PUT', `/api/supplier/admin/${view.id}`, { name, type, sdk, base_url, disable });
    expect(saved.success, saved.message).toBe(true);
  }

  /** Counts attempts of tests whose retry needs names of its own. */
  let roleAttempt = 0;

  it('adds a supplier in the supplier tab', async () => {
    await signIn(admin, server.baseUrl, ROOT.username, ROOT.password, '/aipy-conf');
    await waitForPath(admin, '/aipy-conf');
    // A retry renames and disables the supplier an earlier attempt may have added (suppliers cannot be deleted).
    for (const old of await fakeSuppliers()) await updateSupplier(old, { name: `Retired supplier ${old.id}`, disable: true });
    await admin.reload();
    await admin.getByRole('heading', { name: 'Assistant configuration' }).waitFor();
    await admin.getByRole('button', { name: 'Add supplier' }).click();
    const modal = admin.locator('.ant-modal', { hasText: 'Add supplier' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Please enter Name').waitFor();
    await modal.getByText('Please enter Base URL').waitFor();
    await modal.getByLabel('Name').fill('Fake AI');
    await modal.getByLabel('API type').click();
    await admin.keyboard.type('DeepSeek');
    await admin.locator('.ant-select-item-option', { hasText: 'DeepSeek' }).click();
    await modal.getByLabel('Base URL').fill(`${supplier.url}/`);
    await withNotice(admin, '添加成功', () => modal.getByRole('button', { name: 'Save' }).click(), 'success');
    const row = admin.locator('tr.ant-table-row', { hasText: 'Fake AI' });
    await row.getByText(supplier.url, { exact: true }).waitFor();
    await row.getByText('openai', { exact: true }).waitFor();
    await row.getByText('DeepSeek').waitFor();
    await row.getByText('Enabled').waitFor();
  });

  it('lets a user configure their key for the supplier and load its models', async () => {
    await signIn(user, server.baseUrl, USER.username, USER.password, '/custom-models');
    await waitForPath(user, '/custom-models');
    // A retry starts again without the service an earlier attempt may have saved.
    const leftover = await pageApi<{ id: number }[]>(user, 'GET', '/api/user/custom-models/conf');
    for (const conf of leftover.data) expect((await pageApi(user, 'DELETE', `/api/user/custom-models/conf/${conf.id}`, {})).success).toBe(true);
    await user.reload();
    await user.getByText('Nothing here yet, please add one').waitFor();
    await user.getByRole('button', { name: 'Add service' }).click();
    const modal = user.locator('.ant-modal', { hasText: 'Add model service' });
    await modal.getByRole('button', { name: 'Load available models' }).click();
    await modal.getByText('请选择服务商').first().waitFor();

    await modal.getByLabel('Supplier').click();
    await user.locator('.ant-select-item-option', { hasText: 'Fake AI' }).click();
    await modal.getByRole('button', { name: 'Load available models' }).click();
    await modal.getByText('请输入Key').first().waitFor();

    await modal.getByLabel('Key').fill('sk-wrong');
    await withNotice(user, /HTTP 401/, () => modal.getByRole('button', { name: 'Load available models' }).click(), 'error');

    await modal.getByLabel('Key').fill(USER_KEY);
    await shownAfter(user.getByText('Models loaded: 2').first(), () => modal.getByRole('button', { name: 'Load available models' }).click());
    expect(supplier.modelRequests.at(-1)?.authorization).toBe(`Bearer ${USER_KEY}`);
    await modal.getByRole('button', { name: 'Select all' }).click();
    for (const model of SUPPLIER_MODELS) await modal.locator('.ant-select-selection-item', { hasText: model }).waitFor();
    await withNotice(user, 'Add success', () => modal.getByRole('button', { name: 'Save' }).click(), 'success');

    const card = user.getByTestId('custom-model-card');
    await card.getByText('Fake AI').waitFor();
    for (const model of SUPPLIER_MODELS) await card.getByText(model, { exact: true }).waitFor();
    // The key is never shown back in full.
    await expect(card.textContent()).resolves.not.toContain(USER_KEY);
    await card.getByRole('button', { name: 'Balance' }).click();
    await card.getByText('Balance: 12.50').waitFor();
    if (SCREENSHOTS) await user.screenshot({ path: `${SCREENSHOTS}/custom-models.png`, fullPage: true });
  });

  it('keeps the supplier fixed when editing and reloads the models with the stored key', async () => {
    await user.getByTestId('custom-model-card').getByRole('button', { name: 'Edit' }).click();
    const modal = user.locator('.ant-modal', { hasText: 'Edit model service' });
    await expect(modal.locator('.ant-select-disabled', { hasText: 'Fake AI' }).count()).resolves.toBe(1);
    await expect(modal.getByLabel('Key').inputValue()).resolves.not.toBe(USER_KEY);
    await modal.getByRole('button', { name: 'Clear' }).click();
    await shownAfter(user.getByText('Models loaded: 2').first(), () => modal.getByRole('button', { name: 'Load available models' }).click());
    expect(supplier.modelRequests.at(-1)?.authorization).toBe(`Bearer ${USER_KEY}`);
    await modal.getByLabel('Models').click();
    await user.locator('.ant-select-item-option', { hasText: 'fake-chat' }).click();
    await user.keyboard.press('Escape');
    await withNotice(user, 'Update success', () => modal.getByRole('button', { name: 'Save' }).click(), 'success');
    const card = user.getByTestId('custom-model-card');
    await card.getByText('fake-chat', { exact: true }).waitFor();
    await card.getByText('fake-coder', { exact: true }).waitFor({ state: 'detached' });
    const configs = await pageApi<{ models: string[] }[]>(user, 'GET', '/api/user/custom-models/conf');
    expect(configs.data).toHaveLength(1);
    expect(configs.data[0].models).toEqual(['fake-chat']);
  });

  it('shows every user\'s services to administrators, without the key', async () => {
    await admin.goto(`${server.baseUrl}/custom-models`);
    await admin.getByRole('tab', { name: 'All users' }).click();
    const row = admin.locator('tr.ant-table-row', { hasText: USER.username });
    await row.getByText('Fake AI').waitFor();
    await row.getByText('fake-chat').waitFor();
    await expect(row.textContent()).resolves.not.toContain(USER_KEY);
    await admin.goto(`${server.baseUrl}/aipy-conf`);
  });

  it('refuses a role that is not TOML and saves one that is, as JSON', async () => {
    const roleName = `Translator ${++roleAttempt}`;
    await admin.getByRole('tab', { name: 'Roles' }).click();
    await admin.getByRole('button', { name: 'Add role' }).click();
    const modal = admin.locator('.ant-modal', { hasText: 'Add role' });
    await modal.getByLabel('Role name').fill(roleName);
    await modal.getByLabel('Role content').fill('name = "translator\nbroken');
    await withNotice(admin, '角色格式不正确', () => modal.getByRole('button', { name: 'Save' }).click(), 'error');
    await expect(modal.isVisible()).resolves.toBe(true);

    await modal.getByLabel('Role content').fill('name = "translator"\n\n[prompt]\nsystem = "Translate to English."\ntemperature = 0.2\n');
    await withNotice(admin, '添加成功', () => modal.getByRole('button', { name: 'Save' }).click(), 'success');
    const row = admin.locator('tr.ant-table-row', { hasText: roleName });
    await row.waitFor();
    const roles = await pageApi<{ data: { role_name: string; role: string }[] }>(admin, 'GET', '/api/ai-role/admin/');
    const saved = roles.data.data.find((r) => r.role_name === roleName);
    expect(JSON.parse(saved?.role ?? '{}')).toEqual({ name: 'translator', prompt: { system: 'Translate to English.', temperature: 0.2 } });

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = admin.locator('.ant-modal', { hasText: 'Edit role' });
    await expect.poll(() => edit.getByLabel('Role content').inputValue()).toContain('[prompt]');
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates an application with the default package address', async () => {
    // A retry starts again without the application an earlier attempt may have left.
    const leftover = await pageApi<{ items: { id: number; name: string }[] }>(admin, 'GET', '/api/application/admin/');
    for (const app of leftover.data.items.filter((a) => a.name === 'weather')) {
      expect((await pageApi(admin, 'DELETE', `/api/application/admin/${app.id}`, {})).success).toBe(true);
    }
    await admin.reload();
    await admin.getByRole('tab', { name: 'Agent marketplace' }).click();
    await withNotice(admin, '请选择要删除的应用', () => admin.getByRole('button', { name: /Delete selected/ }).click(), 'error');

    await admin.getByRole('button', { name: 'Add application' }).click();
    const modal = admin.locator('.ant-modal', { hasText: 'Add application' });
    await modal.getByRole('button', { name: 'Default address' }).click();
    await modal.getByText('应用名称不能为空').waitFor();
    await modal.getByLabel('Name', { exact: true }).fill('weather');
    await modal.getByRole('button', { name: 'Default address' }).click();
    await modal.getByText('版本号不能为空').waitFor();
    await modal.getByLabel('Display name').fill('Weather');
    await modal.getByLabel('Version').fill('1.0.0');
    await modal.getByRole('button', { name: 'Default address' }).click();
    const address = await modal.getByLabel('Package download URL').inputValue();
    expect(address).toMatch(/^https:\/\/dxt\.aipy\.app\/packages\/weather\/weather-1\.0\.0-[0-9a-f]{12}\.dxt$/);
    await modal.getByLabel('Description').fill('Forecasts for your city');
    await modal.getByLabel('Rank').fill('5');
    await modal.getByLabel('default', { exact: true }).check();
    await modal.getByLabel('Keywords').fill('sun');
    await modal.getByLabel('Keywords').press('Enter');
    await withNotice(admin, '应用创建成功', () => modal.getByRole('button', { name: 'Save' }).click(), 'success');
    const row = admin.locator('tr.ant-table-row', { hasText: 'weather' });
    await row.getByText('MCP tool').waitFor();
    await row.getByText('Weather', { exact: true }).waitFor();
    const apps = await pageApi<{ items: { name: string; dxt_url: string; rank: number; app_groups: string[]; keywords: string[] }[] }>(admin, 'GET', '/api/application/admin/');
    expect(apps.data.items[0]).toMatchObject({ name: 'weather', dxt_url: address, rank: 5, app_groups: ['default'], keywords: ['sun'] });
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/aipy-conf-apps.png`, fullPage: true });

    await row.locator('.ant-checkbox-input').check();
    await admin.getByRole('button', { name: 'Delete selected (1)' }).click();
    await withNotice(admin, '批量删除成功', () => admin.locator('.ant-popover').getByRole('button', { name: 'Delete' }).click(), 'success');
    await row.waitFor({ state: 'detached' });
  });

  it('adds and deletes a suggested prompt', async () => {
    // A retry starts again without the prompt an earlier attempt may have left.
    const leftover = await pageApi<{ id: number; title: string }[]>(admin, 'GET', '/api/prompt/suggest');
    for (const prompt of leftover.data.filter((p) => p.title === 'Summarise a folder')) {
      expect((await pageApi(admin, 'DELETE', `/api/prompt/suggest/${prompt.id}`, {})).success).toBe(true);
    }
    await admin.reload();
    await admin.getByRole('tab', { name: 'Prompt recommendations' }).click();
    await admin.getByRole('button', { name: 'Add prompt' }).click();
    const modal = admin.locator('.ant-modal', { hasText: 'Add suggested prompt' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('指令不能为空').waitFor();
    await modal.getByLabel('Title').fill('Summarise a folder');
    await modal.getByLabel('MCP', { exact: true }).fill('filesystem');
    await modal.getByLabel('MCP', { exact: true }).press('Enter');
    await modal.getByLabel('Instruction').fill('Summarise every document in the folder.');
    await modal.getByLabel('win32').check();
    await withNotice(admin, '添加成功', () => modal.getByRole('button', { name: 'Save' }).click(), 'success');
    const row = admin.locator('tr.ant-table-row', { hasText: 'Summarise a folder' });
    await row.getByText('filesystem').waitFor();
    await row.getByText('Not released').waitFor();
    const prompts = await pageApi<{ title: string; mcp: string[]; platform: string[] }[]>(admin, 'GET', '/api/prompt/suggest');
    expect(prompts.data).toMatchObject([{ title: 'Summarise a folder', mcp: ['filesystem'], platform: ['win32'] }]);

    await row.getByRole('button', { name: 'Delete' }).click();
    await withNotice(admin, /^删除成功$/, () => admin.locator('.ant-popover').getByRole('button', { name: 'Delete' }).click(), 'success');
    await row.waitFor({ state: 'detached' });
  });

  it('disables a supplier, which users then no longer see', async () => {
    // A retry starts again from the enabled supplier (an earlier attempt may have disabled it).
    for (const fake of await fakeSuppliers()) if (fake.disable) await updateSupplier(fake, { disable: false });
    await admin.reload();
    await admin.getByRole('tab', { name: 'Model suppliers' }).click();
    const row = admin.locator('tr.ant-table-row', { hasText: 'Fake AI' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const modal = admin.locator('.ant-modal', { hasText: 'Edit supplier' });
    await expect(modal.getByLabel('Name').inputValue()).resolves.toBe('Fake AI');
    await modal.getByRole('switch').click();
    await withNotice(admin, '更新成功', () => modal.getByRole('button', { name: 'Save' }).click(), 'success');
    await row.getByText('Disabled', { exact: true }).waitFor();
    const visible = await pageApi<unknown[]>(user, 'GET', '/api/supplier/');
    expect(visible.data).toEqual([]);
  });

  it('lets the user delete their configuration', async () => {
    const card = user.getByTestId('custom-model-card');
    await card.getByRole('button', { name: 'Delete' }).click();
    await shownAfter(user.getByText('Configuration deleted'), () => user.locator('.ant-popover').getByRole('button', { name: 'Delete' }).click());
    await user.getByText('Nothing here yet, please add one').waitFor();
  });
});
