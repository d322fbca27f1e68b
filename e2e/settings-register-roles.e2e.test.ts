import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, waitForPath, shownAfter } from './support/browser';
import { useRootSite } from './support/server';
import { pageApi } from './support/page-api';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };

/** Site texts edited in settings, self-registration, the normal user's console and quota edits. */
describe('settings, registration and roles', () => {
  const site = useRootSite(ROOT);

  async function newPage(): Promise<Page> {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 860 } });
    return context.newPage();
  }

  /** Counts attempts so a retry saves new texts instead of finding its own already applied ("changed nothing"). */
  let siteTextAttempt = 0;

  it('saves only changed site texts and shows them in the shell and on the home page', async () => {
    const n = ++siteTextAttempt;
    const page = await newPage();
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=other');
    await waitForPath(page, '/setting');
    const siteTexts = page.getByTestId('settings-site');
    await shownAfter(page.getByText('You seem to have changed nothing'), () => siteTexts.getByRole('button', { name: 'Save' }).click());

    await siteTexts.getByLabel('System name').fill(`Acme AI ${n}`);
    await siteTexts.getByLabel('Footer').fill(`<b>Acme footer ${n}</b>`);
    await shownAfter(page.getByText('Saved successfully'), () => siteTexts.getByRole('button', { name: 'Save' }).click());
    await page.locator('.ant-layout-header').getByText(`Acme AI ${n}`).waitFor();
    await page.getByTestId('footer-html').getByText(`Acme footer ${n}`).waitFor();
    await page.waitForFunction((title) => document.title === title, `Acme AI ${n}`);

    const content = page.getByTestId('settings-content');
    await content.getByLabel('Notice').fill(`Maintenance on Sunday ${n}`);
    await content.getByLabel('Home page content').fill(`<h2>Acme models for everyone ${n}</h2>`);
    await shownAfter(page.getByText('Saved successfully').first(), () => content.getByRole('button', { name: 'Save' }).click());

    await page.goto(`${site.server.baseUrl}/`);
    await page.getByTestId('home-content').getByRole('heading', { name: `Acme models for everyone ${n}` }).waitFor();
    await page.getByTestId('home-notice').getByText(`Maintenance on Sunday ${n}`).waitFor();
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
    await page.context().close();
  });

  /** The user the registration test made (a new name per attempt: a retry finds the first one's name taken). */
  let carol = '';
  let registrations = 0;

  it('checks the registration form and then registers a new user', async () => {
    carol = `carol${++registrations}`;
    const page = await newPage();
    await page.goto(`${site.server.baseUrl}/register`);
    await page.getByLabel('Username').fill(carol);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('other');
    await page.getByRole('button', { name: 'Register' }).last().click();
    await page.getByText('Password length must not be less than 8').waitFor();
    await page.getByText('The two passwords differ').waitFor();

    await page.getByLabel('Password', { exact: true }).fill('carol-pass-1');
    await page.getByLabel('Confirm password').fill('carol-pass-1');
    await page.locator('form').getByRole('button', { name: 'Register' }).click();
    await waitForPath(page, '/login');
    await page.getByText('Registration successful, please log in').waitFor();
    await page.context().close();
  });

  it('gives a normal user the console without the admin group and refuses admin screens', async () => {
    const page = await newPage();
    await signIn(page, site.server.baseUrl, carol, 'carol-pass-1');
    await waitForPath(page, '/token');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('API tokens').waitFor();
    await expect(sidebar.getByText('User management').count()).resolves.toBe(0);
    await expect(sidebar.getByText('Admin', { exact: true }).count()).resolves.toBe(0);
    await expect(sidebar.getByText('Wallet').isVisible()).resolves.toBe(true);

    await page.goto(`${site.server.baseUrl}/user`);
    await page.getByText('No permission').waitFor();
    await page.context().close();
  });

  it('lets an administrator add quota to a user from the edit page', async () => {
    const page = await newPage();
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, `/user?keyword=${carol}`);
    await waitForPath(page, '/user');
    const row = page.locator('tr.ant-table-row', { hasText: carol });
    const carolId = Number(await row.locator('td').first().innerText());
    // From the balance this attempt finds (a retry finds an earlier attempt's addition).
    const dollars = (await pageApi<{ quota: number }>(page, 'GET', `/api/user/${carolId}`)).data.quota / 500_000;
    await row.getByText(`Remaining: $${dollars.toFixed(2)}`).waitFor();

    await page.goto(`${site.server.baseUrl}/user/edit/${carolId}`);
    await page.getByLabel('Add quota').fill('1500000');
    await page.getByLabel('Remarks').fill('trial account');
    await shownAfter(page.getByText('User information updated successfully!'), () => page.getByTestId('edit-user-submit').click());
    await waitForPath(page, '/user');
    await page.locator('tr.ant-table-row', { hasText: carol }).getByText(`Remaining: $${(dollars + 3).toFixed(2)}`).waitFor();
    await page.context().close();
  });

  it('asks new users to accept the user agreement and privacy policy before registering', async () => {
    const admin = await newPage();
    await signIn(admin, site.server.baseUrl, ROOT.username, ROOT.password, '/setting');
    await waitForPath(admin, '/setting');
    for (const [key, value] of [['legal.user_agreement', '<h2>Acme terms of use</h2><p>Be kind to the models.</p>'], ['legal.privacy_policy', 'Acme keeps your data private.\nWe log usage only.']]) {
      expect((await pageApi(admin, 'PUT', '/api/option/', { key, value })).success).toBe(true);
    }
    await admin.context().close();

    const page = await newPage();
    await page.goto(`${site.server.baseUrl}/register`);
    const consent = page.getByTestId('legal-consent');
    await consent.getByText('I have read and agree to the').waitFor();
    await page.getByLabel('Username').fill(`dave${++registrations}`);
    await page.getByLabel('Password', { exact: true }).fill('dave-pass-12');
    await page.getByLabel('Confirm password').fill('dave-pass-12');
    await shownAfter(page.getByText('Please read and agree to the terms first'), () => page.locator('form').getByRole('button', { name: 'Register' }).click());
    expect(new URL(page.url()).pathname).toBe('/register');

    const [agreement] = await Promise.all([page.context().waitForEvent('page'), consent.getByRole('link', { name: 'User Agreement' }).click()]);
    await agreement.getByTestId('legal-document').getByRole('heading', { name: 'Acme terms of use' }).waitFor();
    await agreement.getByText('Be kind to the models.').waitFor();
    expect(new URL(agreement.url()).pathname).toBe('/user-agreement');
    await agreement.close();
    const [policy] = await Promise.all([page.context().waitForEvent('page'), consent.getByRole('link', { name: 'Privacy Policy' }).click()]);
    await policy.getByTestId('legal-document').getByText('Acme keeps your data private.').waitFor();
    expect(new URL(policy.url()).pathname).toBe('/privacy-policy');
    await policy.close();

    await consent.getByRole('checkbox').check();
    await page.locator('form').getByRole('button', { name: 'Register' }).click();
    await waitForPath(page, '/login');
    await page.getByText('Registration successful, please log in').waitFor();
    await page.context().close();
  });

  it('shows a closed notice instead of the form when web registration is off', async () => {
    const page = await newPage();
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting');
    await waitForPath(page, '/setting');
    const answer = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user')!);
      const res = await fetch('/api/option/', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'New-Api-User': String(user.id) },
        body: JSON.stringify({ key: 'WebRegisterEnabled', value: 'false' }),
      });
      return res.json();
    });
    expect(answer.success).toBe(true);
    await page.evaluate(() => localStorage.removeItem('status'));
    await page.goto(`${site.server.baseUrl}/register`);
    await page.getByText('Registration is closed on this site').waitFor();
    await expect(page.getByLabel('Confirm password').count()).resolves.toBe(0);
    await page.context().close();
  });
});
