import { describe, expect, it } from 'vitest';
import { signIn, waitForPath, withNotice } from './support/browser';
import { useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };

/** The personal page's signed-in browsers: the list, ending the others, ending this one. */
describe('signed-in browsers on the personal page', () => {
  const site = useRootSite(ROOT);

  /** Signs in over the API, as another browser would; answers its cookie. */
  async function otherBrowser(): Promise<string> {
    const res = await fetch(`${site.server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'OtherBrowser/1.0' },
      body: JSON.stringify(ROOT),
    });
    return /session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1];
  }
  const stillSignedIn = async (cookie: string) =>
    ((await (await fetch(`${site.server.baseUrl}/api/user/self`, { headers: { cookie: `session=${cookie}`, 'new-api-user': '1' } })).json()) as { success: boolean }).success;

  it('lists this and the other browsers, ends the others, then signs this one out', async () => {
    const other = await otherBrowser();
    const context = await site.browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/personal');
    await waitForPath(page, '/personal');
    const card = page.getByTestId('sessions-card');
    await card.getByText('OtherBrowser/1.0').waitFor();
    await card.getByText('This browser').waitFor();
    expect(await card.locator('tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(2);

    await card.getByRole('button', { name: 'Sign out all others' }).click();
    await withNotice(page, /other sessions ended/, () => page.locator('.ant-popconfirm').getByRole('button', { name: 'Sign out all others' }).click(), 'success');
    await card.getByText('OtherBrowser/1.0').waitFor({ state: 'detached' });
    expect(await card.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await stillSignedIn(other)).toBe(false);

    await card.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Sign out', exact: true }).click();
    await waitForPath(page, '/login');
    await context.close();
  });
});
