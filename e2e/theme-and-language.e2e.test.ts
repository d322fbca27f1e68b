import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signIn, waitForPath } from './support/browser';
import { useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };

/** Preferences the console remembers in the browser: theme mode and interface language. */
describe('theme and language preferences', () => {
  const site = useRootSite(ROOT);
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    await context?.close();
    context = await site.browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
  });

  const headerBackground = () =>
    page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout-header')!).backgroundColor);

  it('switches to the dark theme and keeps it after a reload', async () => {
    await page.goto(`${site.server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome to Model Gateway' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('light');
    const lightHeader = await headerBackground();

    await page.getByTestId('theme-switch').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await expect(page.evaluate(() => localStorage.getItem('theme-mode'))).resolves.toBe('dark');
    await expect(page.evaluate(() => document.body.classList.contains('dark'))).resolves.toBe(true);
    const darkHeader = await headerBackground();
    expect(darkHeader).not.toBe(lightHeader);

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Model Gateway' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await expect(headerBackground()).resolves.toBe(darkHeader);

    await page.getByTestId('theme-switch').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Model Gateway' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('theme-mode'))).resolves.toBe('light');
    await expect(headerBackground()).resolves.toBe(lightHeader);
  });

  it('switches the interface to Chinese, including AntD texts, and keeps it after a reload', async () => {
    await page.goto(`${site.server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Log in Model Gateway' }).waitFor();

    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByRole('heading', { name: '登录 Model Gateway' }).waitFor();
    await expect(page.locator('form').getByRole('button', { name: /^登\s?录$/ }).isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => localStorage.getItem('i18nextLng'))).resolves.toBe('zh');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('zh-CN');

    await page.reload();
    await page.getByRole('heading', { name: '登录 Model Gateway' }).waitFor();

    await page.getByLabel('用户名或邮箱').fill(ROOT.username);
    await page.getByLabel('密码', { exact: true }).fill(ROOT.password);
    await page.locator('form').getByRole('button', { name: /^登\s?录$/ }).click();
    await waitForPath(page, '/token');
    await page.goto(`${site.server.baseUrl}/user`);
    await page.getByRole('heading', { name: '管理用户' }).waitFor();
    await expect(page.getByTestId('sidebar').getByText('用户管理').isVisible()).resolves.toBe(true);
    // AntD's own texts follow the language too (pagination size changer).
    await expect(page.locator('.ant-pagination-options').innerText()).resolves.toContain('条/页');
  });

  it('starts in English for a new visitor', async () => {
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    await page.goto(`${site.server.baseUrl}/user`);
    await page.getByRole('heading', { name: 'Manage users' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
  });
});
