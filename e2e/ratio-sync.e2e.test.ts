import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/** Upstream ratio sync: root fetches another gateway's ratios, picks one and applies it to ModelRatio. */
describe('upstream ratio sync', () => {
  const site = useRootSite(ROOT);
  let peer: Server;
  let peerUrl: string;
  /** A new name per attempt, so a retry does not find the value already applied. */
  let model = '';

  beforeAll(async () => {
    // Another gateway exposing its ratios (new-api's GET /api/ratio_config).
    peer = createServer((req, res) => {
      if (req.url !== '/api/ratio_config') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, message: '', data: { model_ratio: { [model]: 3 }, completion_ratio: { [model]: 2 } } }));
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', () => resolve()));
    peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    peer?.closeAllConnections();
    await new Promise((resolve) => peer?.close(resolve));
  });

  const optionValue = async (page: Page, key: string) => {
    const options = (await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/')).data;
    return options.find((o) => o.key === key)?.value;
  };

  it('fetches from a custom upstream, picks a value and saves it into ModelRatio', async () => {
    const page = await (await site.browser.newContext({ viewport: { width: 1360, height: 900 } })).newPage();
    model = `e2e-sync-${Date.now()}`;
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=operation');
    await waitForPath(page, '/setting');
    // A retry starts again from the defaults.
    for (const [key, value] of [['ExposeRatioEnabled', 'false'], ['fetch_setting.allow_private_ip', 'false'], ['fetch_setting.allowed_ports', '["80","443","8080","8443"]']]) {
      await pageApi(page, 'PUT', '/api/option/', { key, value });
    }
    await page.reload();
    await page.getByTestId('settings-pricing-block').getByRole('tab', { name: 'Upstream ratio sync' }).click();

    // Sharing this site's own ratios is off until root switches it on.
    await expect(pageApi(page, 'GET', '/api/ratio_config')).resolves.toMatchObject({ success: false });
    const expose = page.getByTestId('ratio-sync-expose');
    await expose.getByLabel('Expose the ratio API (GET /api/ratio_config)').check();
    await withNotice(page, 'Saved successfully', () => expose.getByRole('button', { name: 'Save' }).click(), 'success');
    await expect(pageApi(page, 'GET', '/api/ratio_config')).resolves.toMatchObject({ success: true });

    const sources = page.getByTestId('ratio-sync-sources');
    await sources.getByRole('button', { name: 'Add upstream' }).click();
    await sources.getByLabel('Upstream name').fill('peer');
    await sources.getByLabel('Base URL').fill(peerUrl);

    // The SSRF protection's defaults refuse a server on 127.0.0.1: the upstream gets an error, the page stays usable.
    await withNotice(page, 'Some upstreams could not be read: peer', () => sources.getByRole('button', { name: 'Fetch ratios' }).click());
    await page.getByTestId('ratio-sync-results').getByText(/Failed: refused by the SSRF protection/).waitFor();
    await page.getByTestId('ratio-sync-differences').getByText('Fetch from a channel or upstream to see how its prices differ').waitFor();

    await pageApi(page, 'PUT', '/api/option/', { key: 'fetch_setting.allow_private_ip', value: 'true' });
    await pageApi(page, 'PUT', '/api/option/', { key: 'fetch_setting.allowed_ports', value: '[]' });
    await withNotice(page, 'Differing values found: 2', () => sources.getByRole('button', { name: 'Fetch ratios' }).click(), 'success');
    await page.getByTestId('ratio-sync-results').getByText('Fetched', { exact: true }).waitFor();

    const table = page.getByTestId('ratio-sync-differences');
    await table.getByLabel('Search models').fill(model);
    const typeFilter = table.getByLabel('Ratio type');
    await typeFilter.scrollIntoViewIfNeeded();
    await typeFilter.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Model ratio' }).click();
    await table.locator('.ant-select-content', { hasText: 'Model ratio' }).waitFor();
    await expect(table.locator('tr.ant-table-row').count()).resolves.toBe(1);
    const pick = table.getByRole('checkbox', { name: `Use 3 from peer for ${model} Model ratio` });
    await pick.check();
    if (SCREENSHOTS) await page.getByTestId('settings-pricing-block').screenshot({ path: `${SCREENSHOTS}/ratio-sync.png` });
    await table.getByRole('button', { name: 'Apply selected (1)' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${model} · Model ratio: Not set → 3`).waitFor();
    const before = JSON.parse((await optionValue(page, 'ModelRatio'))!);
    await withNotice(page, 'Values applied: 1', () => dialog.getByRole('button', { name: 'Apply' }).click(), 'success');
    await table.getByText(model).waitFor({ state: 'detached' });

    const after = JSON.parse((await optionValue(page, 'ModelRatio'))!);
    expect(after).toEqual({ ...before, [model]: 3 });
    // The completion ratio was not picked, so it stays unset.
    expect(JSON.parse((await optionValue(page, 'CompletionRatio'))!)[model]).toBeUndefined();
    await page.context().close();
  });
});
