import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** Headless Chromium from the system package (the test script installs it when missing). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** A page in a fresh browser context (its own cookies) with the given window size. */
export async function openPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  return (await browser.newContext({ viewport })).newPage();
}

/** Like openPage, with the clipboard readable and writable for `origin` (copy buttons are checked by reading it). */
export async function openPageWithClipboard(browser: Browser, origin: string, viewport = { width: 1360, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  return context.newPage();
}

/** Waits until the page's path (and optionally query) matches. */
export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search)), { timeout });
}

/** Signs in through the login form at /login (optionally with a `next`). */
export async function signIn(page: Page, baseUrl: string, username: string, password: string, next?: string): Promise<void> {
  await page.goto(`${baseUrl}/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
}

/**
 * Runs `action` and waits for `shown` to appear, the wait starting before the action: a notice lasts 3 s,
 * and a loaded CI box can stall the test process longer than that between a click and the next check.
 */
export async function shownAfter(shown: Locator, action: () => Promise<unknown>): Promise<void> {
  const appeared = shown.waitFor();
  appeared.catch(() => {});
  await action();
  await appeared;
}

/** Runs `action` and waits for the notice (Ant Design message) it shows; see shownAfter. */
export function withNotice(page: Page, text: string | RegExp, action: () => Promise<unknown>, kind?: 'success' | 'error'): Promise<void> {
  return shownAfter(page.locator(kind ? `.ant-message-${kind}` : '.ant-message').getByText(text).first(), action);
}
