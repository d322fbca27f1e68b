import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ChannelView, MultiKeyStatusPage } from '@gw/contracts';
import { openPage, shownAfter, signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { useRootSite } from './support/server';

const ROOT = { username: 'keysroot', password: 'root-pass-123' };
const KEYS = ['sk-multi-alpha-0000000001', 'sk-multi-bravo-0000000002', 'sk-multi-charlie-0000000003'];
const NAME = 'multi';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * A channel holding three keys (new-api's multi-key channels) as the root user: created in the editor,
 * shown as "3/3 keys" in the list, one key disabled, enabled again and another deleted in the Manage keys
 * dialog, then its key selection switched to "in turn" in the editor.
 */
describe('multi-key channels', () => {
  const site = useRootSite(ROOT);
  let page: Page;
  let channelId = 0;

  const drawer = () => page.locator('.ant-drawer-open');
  const row = () => page.locator('tr.ant-table-row', { has: page.getByText(NAME, { exact: true }) });
  const keysDialog = () => page.locator('.ant-modal', { hasText: `Manage keys: ${NAME}` });
  const keyRow = (index: number) => keysDialog().locator(`tr.ant-table-row[data-row-key="${index}"]`);
  const keyRows = () => keysDialog().locator('tr.ant-table-row');
  const stored = async () => (await pageApi<ChannelView>(page, 'GET', `/api/channel/${channelId}`)).data;
  const keyStatus = async () =>
    (await pageApi<MultiKeyStatusPage>(page, 'POST', '/api/channel/multi_key/manage', { channel_id: channelId, action: 'get_key_status' })).data;

  beforeAll(async () => {
    page = await openPage(site.browser, { width: 1440, height: 900 });
  });

  it('creates a channel holding three keys and lists it as 3/3 keys', async () => {
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    // A retry starts again without the channel an earlier attempt may have created.
    const leftover = await pageApi<{ items: ChannelView[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    for (const channel of leftover.data.items.filter((c) => c.name === NAME)) {
      expect((await pageApi(page, 'DELETE', `/api/channel/${channel.id}`, {})).success).toBe(true);
    }
    await page.goto(`${site.server.baseUrl}/channel`);
    await page.getByRole('heading', { name: 'Manage channels' }).waitFor();

    await page.getByRole('button', { name: 'Add channel' }).click();
    await drawer().getByText('Create channel').waitFor();
    await drawer().getByLabel('Name', { exact: true }).fill(NAME);
    // One key: no choice of key to make.
    await expect(drawer().getByText('Key selection', { exact: true }).count()).resolves.toBe(0);
    await drawer().getByRole('switch', { name: 'Multi-key channel' }).click();
    await drawer().getByLabel('Key', { exact: true }).fill(`${KEYS.join('\n')}\n`);
    await drawer().getByText('Keys entered: 3. They all stay in this channel.').waitFor();
    await expect(drawer().getByRole('radio', { name: 'Random' }).isChecked()).resolves.toBe(true);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-multi-key-editor.png` });
    await drawer().getByLabel('Base URL').fill('http://127.0.0.1:9');
    await drawer().getByLabel('Custom model names').fill('multi-model');
    await drawer().getByRole('button', { name: /Add$/ }).click();
    await drawer().locator('.ant-select-selection-item', { hasText: 'multi-model' }).waitFor();
    await shownAfter(page.getByText('Channel created'), () => page.getByTestId('channel-submit').click());
    await waitForPath(page, '/channel');

    await row().getByText('3/3 keys').waitFor();
    if (SCREENSHOTS) {
      await drawer().waitFor({ state: 'detached' });
      await page.screenshot({ path: `${SCREENSHOTS}/channel-multi-key-list.png` });
    }
    const list = await pageApi<{ items: ChannelView[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    expect(list.data.items.map((c) => c.name)).toEqual([NAME]);
    channelId = list.data.items[0].id;
    expect((await stored()).channel_info).toEqual({ is_multi_key: true, multi_key_size: 3, multi_key_mode: 'random', multi_key_enabled_count: 3 });
  });

  /** Set once the Manage keys test has begun: a retry then starts again from every key enabled and the list reloaded. */
  let manageKeysStarted = false;

  it('disables the first key in Manage keys, and enables it again', async () => {
    if (manageKeysStarted) {
      const status = await keyStatus();
      if (status.enabled_count < status.total) {
        const enabled = await pageApi(page, 'POST', '/api/channel/multi_key/manage', { channel_id: channelId, action: 'enable_all_keys' });
        expect(enabled.success, enabled.message).toBe(true);
      }
      await page.reload();
    }
    manageKeysStarted = true;
    await row().getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Manage keys' }).click();
    await keysDialog().waitFor();
    await expect(keyRows().count()).resolves.toBe(3);
    // Only a preview of each key is shown, never the whole key.
    const preview = await keyRow(0).locator('code').innerText();
    expect(preview).not.toBe(KEYS[0]);
    expect(await keysDialog().innerText()).not.toContain(KEYS[0]);

    await withNotice(page, 'Key #1 disabled', () => keyRow(0).getByRole('button', { name: 'Disable' }).click());
    await keyRow(0).getByText('Disabled by hand').waitFor();
    await keyRow(1).getByText('Enabled', { exact: true }).waitFor();
    await row().getByText('2/3 keys').waitFor();
    expect((await keyStatus()).keys.map((k) => k.status)).toEqual([2, 1, 1]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-manage-keys.png` });

    // The status filter lists only the keys disabled by hand.
    await keysDialog().getByLabel('Status filter').click();
    await page.locator('.ant-select-item-option', { hasText: 'Disabled by hand' }).click();
    await expect.poll(() => keyRows().count()).toBe(1);
    await keyRow(0).waitFor();
    await keysDialog().getByLabel('Status filter').click();
    await page.locator('.ant-select-item-option', { hasText: 'All statuses' }).click();
    await expect.poll(() => keyRows().count()).toBe(3);

    await withNotice(page, 'Key #1 enabled', () => keyRow(0).getByRole('button', { name: 'Enable' }).click());
    await keyRow(0).getByText('Enabled', { exact: true }).waitFor();
    await row().getByText('3/3 keys').waitFor();
  });

  let deleteKeyAttempt = 0;

  it('deletes a key after a confirmation, leaving two, and disables and enables them all', async () => {
    if (++deleteKeyAttempt > 1) {
      // The earlier attempt may have deleted key #3 or disabled the keys: a retry stores the three keys again
      // (all enabled), and opens Manage keys afresh (it may be closed, or hold an open confirmation).
      const saved = await pageApi(page, 'PUT', '/api/channel/', { id: channelId, key: KEYS.join('\n') });
      expect(saved.success, saved.message).toBe(true);
      expect(await keyStatus()).toMatchObject({ total: 3, enabled_count: 3 });
      await page.goto(`${site.server.baseUrl}/channel`);
      await row().getByText('3/3 keys').waitFor();
      await row().getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Manage keys' }).click();
      await keysDialog().waitFor();
      await expect.poll(() => keyRows().count()).toBe(3);
    }
    await keyRow(2).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.locator('.ant-popconfirm', { hasText: 'Delete key #3?' });
    await withNotice(page, 'Key #3 deleted', () => confirm.getByRole('button', { name: 'Delete' }).click());
    await expect.poll(() => keyRows().count()).toBe(2);
    await row().getByText('2/2 keys').waitFor();
    const status = await keyStatus();
    expect([status.total, status.enabled_count]).toEqual([2, 2]);

    // Disabling every key asks first; the list then shows none usable, until all are enabled again.
    await keysDialog().getByRole('button', { name: 'Disable all' }).click();
    const disableAll = page.locator('.ant-popconfirm', { hasText: 'Disable every key?' });
    await withNotice(page, 'All keys disabled', () => disableAll.getByRole('button', { name: 'Disable all' }).click());
    await row().getByText('0/2 keys').waitFor();
    await withNotice(page, 'All keys enabled', () => keysDialog().getByRole('button', { name: 'Enable all' }).click());
    await row().getByText('2/2 keys').waitFor();

    await keysDialog().getByRole('button', { name: 'Close' }).click();
    await keysDialog().waitFor({ state: 'hidden' });
    expect((await stored()).channel_info).toMatchObject({ multi_key_size: 2, multi_key_enabled_count: 2 });
  });

  let keySelectionAttempt = 0;

  it('switches the key selection to in turn in the editor, the keys kept', async () => {
    if (++keySelectionAttempt > 1) {
      // A retry starts again from random selection (an earlier attempt may have saved in turn), editor closed.
      const saved = await pageApi(page, 'PUT', '/api/channel/', { id: channelId, multi_key_mode: 'random' });
      expect(saved.success, saved.message).toBe(true);
      await page.goto(`${site.server.baseUrl}/channel`);
    }
    await row().getByRole('button', { name: 'Edit', exact: true }).click();
    await drawer().getByText(`Edit channel #${channelId}`).waitFor();
    await expect(drawer().getByLabel('Key', { exact: true }).inputValue()).resolves.toBe('');
    await drawer().getByRole('radio', { name: 'In turn' }).check();
    await shownAfter(page.getByText('Channel updated'), () => page.getByTestId('channel-submit').click());
    await waitForPath(page, '/channel');
    expect((await stored()).channel_info).toEqual({ is_multi_key: true, multi_key_size: 2, multi_key_mode: 'polling', multi_key_enabled_count: 2 });
    await row().getByText('2/2 keys').waitFor();
  });
});
