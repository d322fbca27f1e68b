import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ChannelView, ModelMetaPage, PageResult, PricingResponse, VendorView } from '@gw/contracts';
import { openPage, signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { useRootSite } from './support/server';

const ROOT = { username: 'metaroot', password: 'root-pass-123' };
const CHANNEL = 'meta-e2e';
/** Both have a shipped price, so the pricing list shows them while an enabled channel serves them. */
const MODEL = 'gpt-4o-mini';
const OTHER = 'gpt-4o';
const VENDOR = 'E2E Labs';
const DESCRIPTION = 'Small omni model described by the e2e test';
const TAGS = ['Fast', 'Vision'];
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * Model metadata and vendors (new-api's model management page, /api/models/ and /api/vendors/) as the root
 * user: a vendor made in the vendor manager, metadata for a served model with a description, tags and that
 * vendor, its status switch hiding the model from GET /api/pricing, metadata created from the missing-models
 * list, the public model hub showing the description and filtering by vendor, and last the deletions.
 */
describe('model metadata', () => {
  const site = useRootSite(ROOT);
  let page: Page;

  const table = () => page.getByTestId('model-meta-table');
  const metaRow = (name: string) => table().locator('tr.ant-table-row', { has: page.getByText(name, { exact: true }) });
  const drawer = () => page.getByTestId('model-meta-drawer');
  const vendorsModal = () => page.getByTestId('model-meta-vendors-modal');
  const metas = async () => (await pageApi<ModelMetaPage>(page, 'GET', '/api/models/?p=1&page_size=100')).data.items;
  const metaNamed = async (name: string) => (await metas()).find((m) => m.model_name === name);
  const vendorNamed = async (name: string) =>
    (await pageApi<PageResult<VendorView>>(page, 'GET', `/api/vendors/search?keyword=${encodeURIComponent(name)}&p=1&page_size=100`)).data.items.find((v) => v.name === name);
  const listedModels = async () => ((await (await fetch(`${site.server.baseUrl}/api/pricing`)).json()) as PricingResponse).data.map((e) => e.model_name);
  /** A retry starts without the entry an earlier attempt may have saved. */
  const removeMeta = async (name: string) => {
    const meta = await metaNamed(name);
    if (meta) expect((await pageApi(page, 'DELETE', `/api/models/${meta.id}`, {})).success).toBe(true);
  };
  const openModelsPage = async () => {
    await page.goto(`${site.server.baseUrl}/models`);
    await page.getByRole('heading', { name: 'Model management' }).waitFor();
  };

  beforeAll(async () => {
    page = await openPage(site.browser, { width: 1440, height: 900 });
  });

  it('adds a vendor in the vendor manager of the model management page', async () => {
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    const channels = await pageApi<{ items: ChannelView[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    if (!channels.data.items.some((c) => c.name === CHANNEL)) {
      const created = await pageApi(page, 'POST', '/api/channel/', { type: 1, name: CHANNEL, key: 'sk-meta-e2e', base_url: 'http://127.0.0.1:9', models: `${MODEL},${OTHER}`, group: 'default' });
      expect(created.success).toBe(true);
    }
    for (const name of [MODEL, OTHER]) await removeMeta(name);
    const leftover = await vendorNamed(VENDOR);
    if (leftover) expect((await pageApi(page, 'DELETE', `/api/vendors/${leftover.id}`, {})).success).toBe(true);

    // The page is in the admin section of the sidebar.
    await page.getByTestId('sidebar').getByText('Model management', { exact: true }).click();
    await waitForPath(page, '/models');
    await page.getByRole('heading', { name: 'Model management' }).waitFor();
    await page.getByTestId('sidebar').locator('.ant-menu-item-selected', { hasText: 'Model management' }).waitFor();
    await table().getByText('No model metadata yet').waitFor();

    await page.getByTestId('model-meta-vendors').click();
    // A fresh install has the default vendors.
    await vendorsModal().locator('tr.ant-table-row', { hasText: 'OpenAI' }).first().waitFor();
    await vendorsModal().getByTestId('vendor-add').click();
    const dialog = page.getByTestId('vendor-dialog');
    await dialog.getByText('Add vendor').waitFor();
    // Without a name, nothing is sent.
    await dialog.getByTestId('vendor-submit').click();
    await dialog.getByText('Enter a name').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill(VENDOR);
    await dialog.getByLabel('Description').fill('Makers of test models');
    await withNotice(page, 'Vendor created', () => dialog.getByTestId('vendor-submit').click());
    await dialog.waitFor({ state: 'hidden' });
    // The new vendor comes after the defaults; the search finds it.
    await vendorsModal().getByLabel('Search vendors').fill('test models');
    await vendorsModal().locator('tr.ant-table-row', { hasText: VENDOR }).getByText('Makers of test models').waitFor();
    await expect(vendorsModal().locator('tr.ant-table-row').count()).resolves.toBe(1);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/model-meta-vendors.png` });
    await vendorsModal().locator('.ant-modal-close').click();
    await vendorsModal().waitFor({ state: 'hidden' });

    expect(await vendorNamed(VENDOR)).toMatchObject({ name: VENDOR, description: 'Makers of test models', status: 1 });
  });

  it('describes a served model with a description, tags and the vendor, and lists it under the vendor’s filter', async () => {
    await removeMeta(MODEL);
    const vendor = (await vendorNamed(VENDOR))!;
    await openModelsPage();

    await page.getByTestId('model-meta-add').click();
    await drawer().getByText('Add model metadata').waitFor();
    await drawer().getByLabel('Model name').fill(MODEL);
    // The vendor list is long (the defaults first): type to find the vendor.
    const vendorPicker = drawer().getByLabel('Vendor', { exact: true });
    await vendorPicker.click();
    await vendorPicker.fill(VENDOR);
    await page.locator('.ant-select-item-option', { hasText: VENDOR }).click();
    await drawer().getByLabel('Description').fill(DESCRIPTION);
    const tags = drawer().getByLabel('Tags', { exact: true });
    for (const tag of TAGS) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    // Leave the tags field so its option list closes (open, it can lie over other fields).
    await drawer().getByText('Add model metadata').click();

    // Endpoints that are not a JSON object are refused before anything is sent, with the contract's message.
    const endpoints = drawer().getByLabel('Endpoints (JSON)');
    await endpoints.fill('{oops');
    await page.getByTestId('model-meta-submit').click();
    await drawer().getByText('endpoints must be a JSON object such as {"openai": "/v1/chat/completions"}').waitFor();
    expect(await metaNamed(MODEL)).toBeUndefined();
    await endpoints.fill('');

    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/model-meta-drawer.png` });
    await withNotice(page, 'Metadata created', () => page.getByTestId('model-meta-submit').click());
    await drawer().waitFor({ state: 'hidden' });

    const row = metaRow(MODEL);
    await row.getByText(DESCRIPTION).waitFor();
    for (const tag of TAGS) await row.getByText(tag, { exact: true }).waitFor();
    await row.getByText(VENDOR, { exact: true }).waitFor();
    // The channel serving it, with its type, in the channels popover.
    await row.getByTestId('model-meta-channels').click();
    const popover = page.locator('.ant-popover', { hasText: 'Channels serving this model' });
    await popover.getByText(CHANNEL, { exact: true }).waitFor();
    await popover.getByText('OpenAI', { exact: true }).waitFor();
    await row.getByTestId('model-meta-channels').click();

    // The vendor's filter tab counts it and shows only its entries.
    const tab = page.getByTestId(`model-meta-vendor-tab-${vendor.id}`);
    await tab.getByText(`${VENDOR} (1)`, { exact: true }).waitFor();
    await tab.click();
    await waitForPath(page, new RegExp(`^/models\\?.*vendor=${vendor.id}`));
    await metaRow(MODEL).waitFor();
    await expect(table().locator('tr.ant-table-row').count()).resolves.toBe(1);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/model-meta-table.png` });

    const saved = await metaNamed(MODEL);
    expect(saved).toMatchObject({ model_name: MODEL, vendor_id: vendor.id, description: DESCRIPTION, tags: TAGS.join(','), status: 1, name_rule: 0 });

    // A second entry for the same name is refused with the server's message.
    await page.getByTestId('model-meta-add').click();
    await drawer().getByLabel('Model name').fill(MODEL);
    await withNotice(page, `metadata for the model name "${MODEL}" already exists`, () => page.getByTestId('model-meta-submit').click(), 'error');
    await drawer().getByRole('button', { name: 'Cancel' }).click();
    await drawer().waitFor({ state: 'hidden' });
  });

  it('hides the model from the pricing list while its metadata is switched off', async () => {
    const meta = (await metaNamed(MODEL))!;
    // A retry starts from enabled metadata.
    if (meta.status !== 1) expect((await pageApi(page, 'PUT', '/api/models/?status_only=true', { id: meta.id, status: 1 })).success).toBe(true);
    await expect(listedModels()).resolves.toContain(MODEL);
    await openModelsPage();

    const status = metaRow(MODEL).getByTestId('model-meta-status');
    await expect(status.getAttribute('aria-checked')).resolves.toBe('true');
    await withNotice(page, 'Metadata disabled', () => status.click());
    await expect.poll(listedModels, { timeout: 10_000 }).not.toContain(MODEL);
    await expect(status.getAttribute('aria-checked')).resolves.toBe('false');
    // Only the status changed.
    expect(await metaNamed(MODEL)).toMatchObject({ status: 0, description: DESCRIPTION, tags: TAGS.join(',') });

    await withNotice(page, 'Metadata enabled', () => status.click());
    await expect.poll(listedModels, { timeout: 10_000 }).toContain(MODEL);
    await expect(status.getAttribute('aria-checked')).resolves.toBe('true');
  });

  it('creates metadata for a model from the missing-models list', async () => {
    await removeMeta(OTHER);
    await openModelsPage();
    await page.getByTestId('model-meta-missing').click();
    const missing = page.getByTestId('model-meta-missing-modal');
    await missing.getByText(OTHER, { exact: true }).waitFor();
    await expect(missing.getByText(MODEL, { exact: true }).count()).resolves.toBe(0);

    await missing.getByTestId(`missing-create-${OTHER}`).click();
    await drawer().getByText('Add model metadata').waitFor();
    await expect(drawer().getByLabel('Model name').inputValue()).resolves.toBe(OTHER);
    await withNotice(page, 'Metadata created', () => page.getByTestId('model-meta-submit').click());
    await drawer().waitFor({ state: 'hidden' });
    await metaRow(OTHER).waitFor();
    expect(await metaNamed(OTHER)).toMatchObject({ model_name: OTHER, vendor_id: 0, status: 1 });

    await page.getByTestId('model-meta-missing').click();
    await missing.getByText('Every served model has metadata').waitFor();
    await missing.locator('.ant-modal-close').click();
  });

  it('shows the description on the public model hub and filters it by vendor', async () => {
    const vendor = (await vendorNamed(VENDOR))!;
    const meta = (await metaNamed(MODEL))!;
    const facts = { context_length: 128_000, max_output_tokens: 16_000, input_modalities: 'text,image', output_modalities: 'text', knowledge_cutoff: '2023-10', release_date: '2024-07-18' };
    expect((await pageApi(page, 'PUT', '/api/models/', { id: meta.id, ...facts })).success).toBe(true);
    const visitor = await openPage(site.browser, { width: 1280, height: 860 });
    const hubRow = (name: string) => visitor.locator('tr.ant-table-row', { has: visitor.getByText(name, { exact: true }) });
    const rowCount = () => visitor.locator('tr.ant-table-row').count();
    try {
      await visitor.goto(`${site.server.baseUrl}/model-hub`);
      await visitor.getByRole('heading', { name: 'Model hub' }).waitFor();
      const mini = hubRow(MODEL);
      await mini.getByText(DESCRIPTION).waitFor();
      for (const tag of TAGS) await mini.getByText(tag, { exact: true }).waitFor();
      await mini.getByText('openai', { exact: true }).waitFor();
      await mini.getByText('openai', { exact: true }).hover();
      await visitor.locator('.ant-tooltip').getByText('POST /v1/chat/completions', { exact: true }).waitFor();
      // The facts of its metadata: sizes, modalities, dates.
      await mini.getByTestId('model-hub-sizes').getByText('Context: 128k tokens · Output: 16k tokens', { exact: true }).waitFor();
      await mini.getByTestId('model-hub-modalities').getByText('text, image → text', { exact: true }).waitFor();
      await mini.getByTestId('model-hub-dates').getByText('Knowledge to 2023-10 · Released 2024-07-18', { exact: true }).waitFor();
      await hubRow(OTHER).waitFor();
      if (SCREENSHOTS) await visitor.screenshot({ path: `${SCREENSHOTS}/model-hub-vendors.png`, fullPage: true });

      await visitor.getByTestId(`model-hub-vendor-${vendor.id}`).getByText(`${VENDOR} (1)`, { exact: true }).waitFor();
      await visitor.getByTestId(`model-hub-vendor-${vendor.id}`).click();
      await visitor.waitForFunction(() => document.querySelectorAll('tr.ant-table-row').length === 1);
      await expect(hubRow(MODEL).isVisible()).resolves.toBe(true);
      // gpt-4o's metadata names no vendor: it is under "Other".
      await visitor.getByTestId('model-hub-vendor-other').click();
      await hubRow(OTHER).waitFor();
      await expect(rowCount()).resolves.toBe(1);
      await visitor.getByTestId('model-hub-vendor-all').click();
      await visitor.waitForFunction(() => document.querySelectorAll('tr.ant-table-row').length === 2);
    } finally {
      await visitor.context().close();
    }
  });

  it('deletes the entry and the vendor', async () => {
    // A retry starts again with the entry an earlier attempt may have deleted.
    if (!(await metaNamed(MODEL))) expect((await pageApi(page, 'POST', '/api/models/', { model_name: MODEL, description: DESCRIPTION })).success).toBe(true);
    await openModelsPage();
    await metaRow(MODEL).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.locator('.ant-popconfirm', { hasText: `Delete the metadata of "${MODEL}"?` });
    await withNotice(page, 'Metadata deleted', () => confirm.getByRole('button', { name: 'Delete' }).click());
    await metaRow(MODEL).waitFor({ state: 'detached' });
    expect(await metaNamed(MODEL)).toBeUndefined();
    // Without metadata the model is listed as before.
    await expect(listedModels()).resolves.toContain(MODEL);

    const vendor = await vendorNamed(VENDOR);
    if (vendor) {
      await page.getByTestId('model-meta-vendors').click();
      await vendorsModal().getByLabel('Search vendors').fill(VENDOR);
      await vendorsModal().locator('tr.ant-table-row', { hasText: VENDOR }).getByRole('button', { name: 'Delete' }).click();
      const vendorConfirm = page.locator('.ant-popconfirm', { hasText: `Delete the vendor "${VENDOR}"?` });
      await withNotice(page, 'Vendor deleted', () => vendorConfirm.getByRole('button', { name: 'Delete' }).click());
      await vendorsModal().locator('tr.ant-table-row', { hasText: VENDOR }).waitFor({ state: 'detached' });
      expect(await vendorNamed(VENDOR)).toBeUndefined();
    }
  });
});
