import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { registerViaApi, useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const USER_PASSWORD = 'reader-pass-1';

/** The dashboard's console content: root writes an announcement and a FAQ entry, a user reads them. */
describe('dashboard console content', () => {
  const site = useRootSite(ROOT);

  async function newPage(): Promise<Page> {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    return context.newPage();
  }

  /** Counts attempts so a retry registers a reader of its own instead of one whose name is taken. */
  let attempt = 0;

  it('lets root add an announcement and a FAQ entry in settings, and shows them on a user\'s dashboard', async () => {
    const n = ++attempt;
    const USER = { username: `dashreader${n}`, password: USER_PASSWORD };
    const admin = await newPage();
    await signIn(admin, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=dashboard');
    await waitForPath(admin, '/setting');
    // A retry starts again from no entries (an earlier attempt may have saved them).
    for (const key of ['console_setting.announcements', 'console_setting.faq']) {
      expect((await pageApi(admin, 'PUT', '/api/option/', { key, value: '[]' })).success).toBe(true);
    }
    await admin.reload();

    const announcements = admin.getByTestId('settings-announcements');
    await announcements.getByRole('button', { name: 'Add announcement' }).click();
    const announcementForm = admin.getByTestId('announcements-list-form');
    // An empty entry is refused in the dialog before anything is saved.
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await announcementForm.getByText('Required').waitFor();
    await announcementForm.getByLabel('Content').fill('Maintenance window on Sunday 02:00 UTC');
    await announcementForm.getByLabel('Note').fill('About 10 minutes');
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await announcements.getByRole('cell', { name: 'Maintenance window on Sunday 02:00 UTC' }).waitFor();
    await withNotice(admin, 'Saved successfully', () => announcements.getByRole('button', { name: 'Save' }).click(), 'success');

    const faq = admin.getByTestId('settings-faq');
    await faq.getByRole('button', { name: 'Add question' }).click();
    const faqForm = admin.getByTestId('faq-list-form');
    await faqForm.getByLabel('Question').fill('How do I top up?');
    await faqForm.getByLabel('Answer').fill('Open the wallet page and redeem a code.');
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await faq.getByRole('cell', { name: 'How do I top up?' }).waitFor();
    await withNotice(admin, 'Saved successfully', () => faq.getByRole('button', { name: 'Save' }).click(), 'success');

    const stored = (await pageApi<{ key: string; value: string }[]>(admin, 'GET', '/api/option/')).data;
    const valueOf = (key: string) => JSON.parse(stored.find((o) => o.key === key)!.value);
    expect(valueOf('console_setting.announcements')).toMatchObject([{ content: 'Maintenance window on Sunday 02:00 UTC', extra: 'About 10 minutes', type: 'default' }]);
    expect(valueOf('console_setting.faq')).toEqual([{ question: 'How do I top up?', answer: 'Open the wallet page and redeem a code.' }]);
    await admin.context().close();

    await registerViaApi(site.server.baseUrl, USER);
    const reader = await newPage();
    await signIn(reader, site.server.baseUrl, USER.username, USER.password, '/detail');
    await waitForPath(reader, '/detail');
    await reader.getByTestId('dashboard-announcements').getByText('Maintenance window on Sunday 02:00 UTC').waitFor();
    await reader.getByTestId('dashboard-announcements').getByText('About 10 minutes').waitFor();
    const faqCard = reader.getByTestId('dashboard-faq');
    await faqCard.getByText('How do I top up?').click();
    await faqCard.getByText('Open the wallet page and redeem a code.').waitFor();
    // Nothing configured: no API address or service status panel.
    await expect(reader.getByTestId('dashboard-api-info').count()).resolves.toBe(0);
    await expect(reader.getByTestId('dashboard-uptime').count()).resolves.toBe(0);
    await reader.context().close();
  });
});
