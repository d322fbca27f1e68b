import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn, waitForPath } from './support/browser';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream';
import { seedChannel } from './support/seed';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/** The public model catalogue: prices without signing in, search, currency, and the signed-in extras. */
describe('model hub', () => {
  let server: RunningServer;
  let upstream: FakeUpstream;
  let browser: Browser;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await server.restart((dataDir) => {
      seedChannel(dataDir, { name: 'fake-openai', baseUrl: upstream.url, models: ['gpt-4o-mini', 'gpt-4o'] });
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 860 } });
    return context.newPage();
  }

  const rowOf = (page: Page, model: string) => page.locator('tr.ant-table-row', { has: page.getByText(model, { exact: true }) });

  it('lists the priced models to a visitor who is not signed in', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/model-hub`);
    await page.getByRole('heading', { name: 'Model hub' }).waitFor();
    const mini = rowOf(page, 'gpt-4o-mini');
    await mini.waitFor();
    // ratio 0.075 × $2 = $0.15 per 1M prompt tokens; completion ratio 4 → $0.60.
    await expect(mini.getByText('Input $0.15 / 1M tokens').isVisible()).resolves.toBe(true);
    await expect(mini.getByText('Output $0.60 / 1M tokens').isVisible()).resolves.toBe(true);
    // gpt-4o-mini reads cached input at half price (the shipped CacheRatio).
    await expect(mini.getByText('Cached input $0.075 / 1M').isVisible()).resolves.toBe(true);
    await expect(mini.getByText('Per token').isVisible()).resolves.toBe(true);
    await expect(page.locator('thead th', { hasText: 'Available' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('model-hub-user-group').count()).resolves.toBe(0);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/model-hub.png`, fullPage: true });
    await page.context().close();
  });

  it('filters by the search text after a pause in typing', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/model-hub`);
    await rowOf(page, 'gpt-4o').waitFor();
    await page.getByLabel('Search models, tags or descriptions').fill('mini');
    // Nothing changes before the 500 ms debounce…
    await expect(page.locator('tr.ant-table-row').count()).resolves.toBe(2);
    // …then only the match is left.
    await page.waitForFunction(() => document.querySelectorAll('tr.ant-table-row').length === 1);
    await expect(rowOf(page, 'gpt-4o-mini').isVisible()).resolves.toBe(true);
    await page.getByLabel('Search models, tags or descriptions').fill('claude');
    await page.locator('.ant-table-placeholder').waitFor();
    await page.context().close();
  });

  it('shows prices in yuan at the site exchange rate in Chinese, usable at 375 px', async () => {
    const page = await newPage(375);
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.goto(`${server.baseUrl}/model-hub`);
    await page.getByRole('heading', { name: '模型广场' }).waitFor();
    // Price option default 7.3: 0.15 × 7.3 = 1.095, 0.60 × 7.3 = 4.38.
    const mini = rowOf(page, 'gpt-4o-mini');
    await mini.getByText('输入 ¥1.095 / 1M tokens').waitFor();
    await expect(mini.getByText('输出 ¥4.38 / 1M tokens').isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    await page.context().close();
  });

  it('shows a signed-in user their group, its ratio and which models they can use', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password, '/model-hub');
    await waitForPath(page, '/model-hub');
    await page.getByTestId('model-hub-user-group').getByText('default').waitFor();
    await expect(page.getByTestId('model-hub-user-group').innerText()).resolves.toContain('ratio 1×');
    await page.locator('thead th', { hasText: 'Available' }).waitFor();
    await expect(rowOf(page, 'gpt-4o-mini').getByLabel('Available to your group').count()).resolves.toBe(1);
    await page.context().close();
  });
});
