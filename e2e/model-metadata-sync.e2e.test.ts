import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChannelView, ModelMetaPage, ModelMetaView, PageResult, PricingResponse, VendorView } from '@gw/contracts';
import { launchBrowser, openPage, signIn, waitForPath } from './support/browser';
import { pageApi } from './support/page-api';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'syncroot', password: 'root-pass-123' };
const CHANNEL = 'meta-sync-e2e';
/** Served with metadata of its own that differs from the official entry. */
const CONFLICTING = 'gpt-4o-mini';
/** Served without metadata: the sync creates its entry from the official list. */
const MISSING = 'gpt-4o';
/** In the official list but served by no channel: never created. */
const NOT_SERVED = 'e2e-unserved-model';
/** Not among a fresh install's vendors: the sync creates it. */
const VENDOR = 'E2E Official Labs';
const VENDOR_DESCRIPTION = 'Official vendor description from the e2e list';
const LOCAL_DESCRIPTION = 'Described locally before the sync';
const OFFICIAL_DESCRIPTION = { en: 'Official: a small omni model', zh: '官方：小型全能模型' };
const MISSING_DESCRIPTION = 'Official: the omni flagship';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/** The official model list (new-api's models.json entries); the zh-CN list differs in one description. */
function officialModels(zh: boolean) {
  const common = { icon: '', name_rule: 0, status: 1, vendor_name: VENDOR };
  return [
    { ...common, model_name: CONFLICTING, description: zh ? OFFICIAL_DESCRIPTION.zh : OFFICIAL_DESCRIPTION.en, tags: 'Official,Fast', context_length: 128000 },
    { ...common, model_name: MISSING, description: MISSING_DESCRIPTION, tags: 'Vision', context_length: 128000, max_output_tokens: 16384, input_modalities: 'text,image' },
    { ...common, model_name: NOT_SERVED, description: 'Nobody serves this one', tags: '' },
  ];
}

/**
 * Syncing model metadata with the official list (new-api's "sync upstream") from the model management
 * page, against a local fake of the official site (SYNC_UPSTREAM_BASE): the preview lists the served model
 * without metadata and the fields where a following entry differs, switching the locale reads that
 * locale's list, a sync creates the missing model with its vendor and overwrites only the ticked field;
 * when the official site fails, the dialog shows the server's message and loads the list on retry.
 */
describe('model metadata sync with the official list', () => {
  let upstream: Server;
  let base = '';
  /** While set, the fake official site answers every request with HTTP 503. */
  let failing = false;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  const modal = () => page.getByTestId('model-meta-sync-modal');
  const conflicts = () => modal().getByTestId('model-meta-sync-conflicts');
  /** The difference rows of a field, by its label. */
  const conflictRow = (field: string) => conflicts().locator('tr.ant-table-row', { has: page.getByRole('cell', { name: field, exact: true }) });
  const metaNamed = async (name: string): Promise<ModelMetaView | undefined> =>
    (await pageApi<ModelMetaPage>(page, 'GET', `/api/models/search?keyword=${encodeURIComponent(name)}&p=1&page_size=100`)).data.items.find((m) => m.model_name === name);
  const vendorNamed = async (name: string) =>
    (await pageApi<PageResult<VendorView>>(page, 'GET', `/api/vendors/search?keyword=${encodeURIComponent(name)}&p=1&page_size=100`)).data.items.find((v) => v.name === name);
  const openSyncDialog = async () => {
    await page.goto(`${server.baseUrl}/models`);
    await page.getByRole('heading', { name: 'Model management' }).waitFor();
    await page.getByTestId('model-meta-sync').click();
    await modal().getByText('Sync official metadata').first().waitFor();
  };
  const chooseLocale = async (label: string) => {
    await modal().getByLabel('Language of the official list').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: label }).click();
  };

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (failing) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('temporarily unavailable');
      const match = /^\/api(?:\/i18n\/([^/]+))?\/newapi\/(models|vendors)\.json$/.exec(req.url ?? '');
      if (!match) return void res.writeHead(404).end();
      // Models in the {success, data} envelope, vendors as a bare array: the official site has used both.
      const body =
        match[2] === 'models'
          ? { success: true, message: '', data: officialModels(match[1] === 'zh-CN') }
          : [{ name: VENDOR, description: VENDOR_DESCRIPTION, icon: '', status: 1 }];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

    server = await startServer({ env: { SYNC_UPSTREAM_BASE: base } });
    await setupViaApi(server.baseUrl, ROOT);
    browser = await launchBrowser();
    page = await openPage(browser, { width: 1440, height: 900 });
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    // The fake official site is on 127.0.0.1 and a random port, which the fetch policy refuses by default.
    const saved = await pageApi(page, 'PUT', '/api/option/', [
      { key: 'fetch_setting.allow_private_ip', value: 'true' },
      { key: 'fetch_setting.allowed_ports', value: '[]' },
    ]);
    expect(saved.success, saved.message).toBe(true);
    const channels = await pageApi<{ items: ChannelView[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    if (!channels.data.items.some((c) => c.name === CHANNEL)) {
      const created = await pageApi(page, 'POST', '/api/channel/', {
        type: 1, name: CHANNEL, key: 'sk-meta-sync-e2e', base_url: 'http://127.0.0.1:9', models: `${CONFLICTING},${MISSING}`, group: 'default',
      });
      expect(created.success, created.message).toBe(true);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  /** The starting point (also for a retry): local metadata for CONFLICTING only, and no VENDOR. */
  async function reset() {
    failing = false;
    for (const name of [CONFLICTING, MISSING]) {
      const meta = await metaNamed(name);
      if (meta) expect((await pageApi(page, 'DELETE', `/api/models/${meta.id}`, {})).success).toBe(true);
    }
    const vendor = await vendorNamed(VENDOR);
    if (vendor) expect((await pageApi(page, 'DELETE', `/api/vendors/${vendor.id}`, {})).success).toBe(true);
    const created = await pageApi(page, 'POST', '/api/models/', { model_name: CONFLICTING, description: LOCAL_DESCRIPTION, sync_official: 1 });
    expect(created.success, created.message).toBe(true);
  }

  it('previews the models to create and the differences, then creates the missing model and overwrites only the ticked field', async () => {
    await reset();
    await openSyncDialog();

    // The default list, its address, the served model without metadata and the differing description.
    await modal().getByTestId('model-meta-sync-source').getByText(`${base}/api/newapi/models.json`).waitFor();
    const missing = modal().getByTestId('model-meta-sync-missing');
    await missing.getByText('Models to create (1)').waitFor();
    await missing.getByText(MISSING, { exact: true }).waitFor();
    await expect(missing.getByText(NOT_SERVED).count()).resolves.toBe(0);
    const description = conflictRow('Description');
    await description.getByText(CONFLICTING, { exact: true }).waitFor();
    await description.getByText(LOCAL_DESCRIPTION).waitFor();
    await description.getByText(OFFICIAL_DESCRIPTION.en).waitFor();
    // The vendor row: none locally, the official vendor upstream.
    await conflictRow('Vendor').getByText('(empty)').waitFor();
    await conflictRow('Vendor').getByText(VENDOR).waitFor();
    const tick = conflicts().getByRole('checkbox', { name: `Overwrite Description of ${CONFLICTING} with the official value` });
    await expect(tick.isChecked()).resolves.toBe(false);
    const selected = modal().getByTestId('model-meta-sync-selected');
    await selected.getByText('0 selected').waitFor();

    // Another locale reads that locale's list.
    await chooseLocale('简体中文');
    await modal().getByTestId('model-meta-sync-source').getByText(`${base}/api/i18n/zh-CN/newapi/models.json`).waitFor();
    await conflictRow('Description').getByText(OFFICIAL_DESCRIPTION.zh).waitFor();
    await chooseLocale('Default');
    await modal().getByTestId('model-meta-sync-source').getByText(`${base}/api/newapi/models.json`).waitFor();
    await conflictRow('Description').getByText(OFFICIAL_DESCRIPTION.en).waitFor();

    // Select all ticks every difference (description, tags, vendor, context length); clear unticks them.
    await modal().getByRole('button', { name: 'Select all' }).click();
    await selected.getByText('4 selected').waitFor();
    await modal().getByRole('button', { name: 'Clear' }).click();
    await selected.getByText('0 selected').waitFor();
    await tick.check();
    await selected.getByText('1 selected').waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/model-meta-sync-preview.png` });

    await modal().getByTestId('model-meta-sync-submit').click();
    const result = modal().getByTestId('model-meta-sync-result');
    await result.getByText('Sync finished').waitFor();
    await result.getByTestId('model-meta-sync-created').getByText(MISSING, { exact: true }).waitFor();
    await result.getByTestId('model-meta-sync-updated').getByText(CONFLICTING, { exact: true }).waitFor();
    await expect(result.getByTestId('model-meta-sync-created-vendors').textContent()).resolves.toBe('1');
    await result.getByText('Models skipped (0)').waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/model-meta-sync-result.png` });

    // The missing model got the official entry and its vendor, created from the official vendor list.
    const vendor = await vendorNamed(VENDOR);
    expect(vendor).toMatchObject({ name: VENDOR, description: VENDOR_DESCRIPTION, status: 1 });
    expect(await metaNamed(MISSING)).toMatchObject({
      description: MISSING_DESCRIPTION, vendor_id: vendor!.id, tags: 'Vision', context_length: 128000, max_output_tokens: 16384, input_modalities: 'text,image', sync_official: 1,
    });
    // Only the ticked field of the conflicting entry changed.
    expect(await metaNamed(CONFLICTING)).toMatchObject({ description: OFFICIAL_DESCRIPTION.en, tags: '', vendor_id: 0, context_length: 0 });
    // The public pricing list shows the new description.
    await expect
      .poll(async () => ((await (await fetch(`${server.baseUrl}/api/pricing`)).json()) as PricingResponse).data.find((e) => e.model_name === MISSING)?.description, { timeout: 10_000 })
      .toBe(MISSING_DESCRIPTION);

    // Back at the preview: nothing left to create, and the description no longer differs.
    await result.getByRole('button', { name: 'Back to the preview' }).click();
    await modal().getByText('No models will be created', { exact: false }).waitFor();
    await conflictRow('Tags').waitFor();
    await expect(conflictRow('Description').count()).resolves.toBe(0);
    await modal().getByRole('button', { name: 'Cancel' }).click();
    await modal().waitFor({ state: 'hidden' });

    // The metadata list was refreshed with the created entry.
    await page.getByTestId('model-meta-table').locator('tr.ant-table-row', { has: page.getByText(MISSING_DESCRIPTION) }).waitFor();
  });

  it('shows the server’s message when the official list cannot be read, and reads it again on retry', async () => {
    failing = true;
    try {
      await openSyncDialog();
      const error = modal().getByTestId('model-meta-sync-error');
      await error.getByText('The official list could not be read').waitFor();
      await error.getByText(`could not read the official model list at ${base}/api/newapi/models.json: the server answered HTTP 503`).waitFor();
      await expect(modal().getByTestId('model-meta-sync-submit').isDisabled()).resolves.toBe(true);
      if (SCREENSHOTS) {
        // The dialog is still fading in when the message arrives this fast.
        await page.waitForTimeout(800);
        await page.screenshot({ path: `${SCREENSHOTS}/model-meta-sync-error.png` });
      }

      failing = false;
      await error.getByRole('button', { name: 'Retry' }).click();
      await error.waitFor({ state: 'detached' });
      await modal().getByTestId('model-meta-sync-source').getByText(`${base}/api/newapi/models.json`).waitFor();
      await modal().getByTestId('model-meta-sync-missing').waitFor();
    } finally {
      failing = false;
    }
  });
});
