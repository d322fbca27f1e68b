import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ChannelView, PrefillGroupView } from '@gw/contracts';
import { openPage, shownAfter, signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { useRootSite } from './support/server';

const ROOT = { username: 'prefillroot', password: 'root-pass-123' };
const GROUP = 'E2E chat models';
const MODELS = ['e2e-model-a', 'e2e-model-b'];
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * Prefill groups (new-api's /api/prefill_group) as the root user: a model group created on the prefill
 * groups page (reached from the channels toolbar), then a new channel's models filled from it in the channel
 * editor, its tag picked from a tag group, and the channel saved; last, the group edited and deleted.
 */
describe('prefill groups', () => {
  const site = useRootSite(ROOT);
  let page: Page;

  const card = () => page.getByTestId('prefill-groups');
  const dialog = () => page.locator('.ant-modal', { hasText: /prefill group/ });
  const drawer = () => page.locator('.ant-drawer-open');
  const groupRow = (name: string) => card().locator('tr.ant-table-row', { has: page.getByText(name, { exact: true }) });
  const groups = async () => (await pageApi<PrefillGroupView[]>(page, 'GET', '/api/prefill_group/')).data;

  beforeAll(async () => {
    page = await openPage(site.browser, { width: 1440, height: 900 });
  });

  it('creates a model group on the prefill groups page, reached from the channels page', async () => {
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    // A retry starts again without the group an earlier attempt may have created.
    for (const group of await groups()) expect((await pageApi(page, 'DELETE', `/api/prefill_group/${group.id}`, {})).success).toBe(true);
    await page.goto(`${site.server.baseUrl}/channel`);
    await page.getByRole('heading', { name: 'Manage channels' }).waitFor();
    await page.getByRole('button', { name: 'Prefill groups' }).click();
    await waitForPath(page, '/prefill-group');
    await card().getByText('No prefill groups yet').waitFor();
    // The sidebar's admin section has the page too, and marks it as the current one.
    await page.getByTestId('sidebar').locator('.ant-menu-item-selected', { hasText: 'Prefill groups' }).waitFor();

    await card().getByRole('button', { name: 'Add group' }).click();
    await dialog().getByText('Add prefill group').waitFor();
    // Without a name, nothing is sent.
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Enter a name').waitFor();

    await dialog().getByLabel('Name', { exact: true }).fill(GROUP);
    await expect(dialog().getByRole('radio', { name: 'Model group' }).isChecked()).resolves.toBe(true);
    const items = dialog().getByLabel('Items', { exact: true });
    for (const model of MODELS) {
      await items.fill(model);
      await items.press('Enter');
    }
    await dialog().getByLabel('Description').fill('for the e2e test');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/prefill-group-dialog.png` });
    await withNotice(page, 'Prefill group created', () => dialog().getByRole('button', { name: 'Save' }).click());
    await dialog().waitFor({ state: 'hidden' });
    for (const model of MODELS) await groupRow(GROUP).getByText(model, { exact: true }).waitFor();
    await groupRow(GROUP).getByText('Model group').waitFor();

    // A second group of the same name is refused with the server's message.
    await card().getByRole('button', { name: 'Add group' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill(GROUP.toUpperCase());
    await withNotice(page, `a prefill group named "${GROUP.toUpperCase()}" already exists`, () => dialog().getByRole('button', { name: 'Save' }).click());
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden' });

    const saved = await groups();
    expect(saved.map((g) => [g.name, g.type, g.items, g.description])).toEqual([[GROUP, 'model', MODELS, 'for the e2e test']]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/prefill-groups.png` });
  });

  it('fills a new channel’s models from the group, picks a tag from a tag group, and saves the channel', async () => {
    await pageApi(page, 'POST', '/api/prefill_group/', { name: 'E2E tags', type: 'tag', items: ['e2e-tag', 'other-tag'] });
    // A retry starts again without the channel an earlier attempt may have saved.
    const leftover = await pageApi<{ items: ChannelView[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    for (const channel of leftover.data.items.filter((c) => c.name === 'prefilled')) {
      expect((await pageApi(page, 'DELETE', `/api/channel/${channel.id}`, {})).success).toBe(true);
    }
    await page.goto(`${site.server.baseUrl}/channel`);
    await page.getByRole('button', { name: 'Add channel' }).click();
    await drawer().getByText('Create channel').waitFor();
    await drawer().getByLabel('Name', { exact: true }).fill('prefilled');
    await drawer().getByLabel('Key', { exact: true }).fill('sk-prefill-e2e');
    await drawer().getByLabel('Base URL').fill('http://127.0.0.1:9');

    // One model is already chosen; the group adds the others after it.
    await drawer().getByLabel('Custom model names').fill('own-model');
    await drawer().getByRole('button', { name: /Add$/ }).click();
    await drawer().getByLabel('Fill from group').click();
    await withNotice(page, `Added 2 model(s) from ${GROUP}`, () => page.locator('.ant-select-item-option', { hasText: `${GROUP} (2)` }).click());
    for (const model of MODELS) await drawer().locator('.ant-select-selection-item', { hasText: model }).waitFor();
    // Filling again adds nothing.
    await drawer().getByLabel('Fill from group').click();
    await withNotice(page, `Every model of ${GROUP} is already chosen`, () => page.locator('.ant-select-item-option', { hasText: `${GROUP} (2)` }).click());

    const tag = drawer().getByLabel('Tag', { exact: true });
    await tag.click();
    await page.locator('.ant-select-item-option', { hasText: 'e2e-tag' }).click();
    await expect(tag.inputValue()).resolves.toBe('e2e-tag');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-prefill.png`, fullPage: true });

    await shownAfter(page.getByText('Channel created'), () => page.getByTestId('channel-submit').click());
    await waitForPath(page, '/channel');
    const list = await pageApi<{ items: ChannelView[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    expect(list.data.items.map((c) => [c.name, c.models, c.tag])).toEqual([['prefilled', ['own-model', ...MODELS].join(','), 'e2e-tag']]);
  });

  it('edits the group’s items and deletes it', async () => {
    // A retry starts again from the group's first items (an earlier attempt may have added one).
    const group = (await groups()).find((g) => g.name === GROUP);
    if (group && JSON.stringify(group.items) !== JSON.stringify(MODELS)) {
      expect((await pageApi(page, 'PUT', '/api/prefill_group/', { id: group.id, items: MODELS })).success).toBe(true);
    }
    await page.goto(`${site.server.baseUrl}/prefill-group`);
    await groupRow(GROUP).getByRole('button', { name: 'Edit' }).click();
    await dialog().getByText('Edit prefill group').waitFor();
    const items = dialog().getByLabel('Items', { exact: true });
    await items.fill('e2e-model-c');
    await items.press('Enter');
    // Leave the items field so its option list closes (open, it lies over the Save button).
    await dialog().getByText('Edit prefill group').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').first().waitFor({ state: 'hidden' });
    await withNotice(page, 'Prefill group updated', () => dialog().getByRole('button', { name: 'Save' }).click());
    await groupRow(GROUP).getByText('e2e-model-c', { exact: true }).waitFor();
    expect((await groups()).find((g) => g.name === GROUP)?.items).toEqual([...MODELS, 'e2e-model-c']);

    // The type filter shows one type's groups.
    await card().locator('.ant-segmented-item', { hasText: 'Tag group' }).click();
    await groupRow('E2E tags').waitFor();
    await expect(groupRow(GROUP).count()).resolves.toBe(0);
    await card().locator('.ant-segmented-item', { hasText: 'All' }).click();

    await groupRow(GROUP).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.locator('.ant-popconfirm', { hasText: `Delete the group "${GROUP}"?` });
    await withNotice(page, 'Prefill group deleted', () => confirm.getByRole('button', { name: 'Delete' }).click());
    await groupRow(GROUP).waitFor({ state: 'detached' });
    expect((await groups()).map((g) => g.name)).toEqual(['E2E tags']);
  });
});
