import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readUpstreamUpdateState, type ChannelView } from '@gw/contracts';
import { openPage, shownAfter, signIn, waitForPath, withNotice } from './support/browser';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream';
import { startFakeOllama, type FakeOllama } from '../packages/server/src/channels/ollama/fake-ollama.test-helpers';
import { pageApi } from './support/page-api';
import { useRootSite } from './support/server';

const ROOT = { username: 'upstreamroot', password: 'root-pass-123' };
const NAME = 'upstream-watch';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * Upstream model updates as the root user: a channel offers gpt-4o-mini and retired-model while its
 * upstream serves gpt-4o-mini, gpt-4.1 and o3. "Check upstream models" on the row lists the two new
 * models and the gone one; applying a choice changes the channel's models; "Check upstream models" in the
 * toolbar then finds the model left out and "Apply all" adds it.
 */
describe('channel upstream model updates', () => {
  const site = useRootSite(ROOT);
  let page: Page;
  let upstream: FakeUpstream;
  let ollama: FakeOllama;
  let channelId = 0;

  const row = () => page.locator('tr.ant-table-row', { has: page.getByText(NAME, { exact: true }) });
  const dialog = () => page.locator('.ant-modal', { hasText: `Upstream models: ${NAME}` });
  const allDialog = () => page.locator('.ant-modal', { hasText: 'Upstream models of all channels' });
  const stored = async () => (await pageApi<ChannelView>(page, 'GET', `/api/channel/${channelId}`)).data;
  /** Deletes the channels named `name` (what an earlier attempt of a test left behind). */
  const deleteChannels = async (name: string) => {
    const listed = await pageApi<{ items: ChannelView[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    for (const channel of listed.data.items.filter((c) => c.name === name)) {
      const removed = await pageApi(page, 'DELETE', `/api/channel/${channel.id}`, {});
      expect(removed.success, removed.message).toBe(true);
    }
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream(undefined, ['gpt-4o-mini', 'gpt-4.1', 'o3']);
    ollama = await startFakeOllama(['llama3.2:latest']);
    // Slow enough for the progress bar to be seen.
    ollama.delayMs = 40;
    page = await openPage(site.browser, { width: 1440, height: 900 });
  });
  afterAll(async () => {
    await upstream?.close();
    await ollama?.close();
  });

  it('lists the models the upstream added and dropped for one channel, and applies the ticked ones', async () => {
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    // A retry starts again with a new channel, without the one an earlier attempt may have created.
    await deleteChannels(NAME);
    const created = await pageApi<{ ids: number[] }>(page, 'POST', '/api/channel/', { type: 1, name: NAME, key: 'sk-upstream-e2e', base_url: upstream.url, models: 'gpt-4o-mini,retired-model', group: 'default' });
    expect(created.success, created.message).toBe(true);
    channelId = created.data.ids[0];

    await page.goto(`${site.server.baseUrl}/channel`);
    await page.getByRole('heading', { name: 'Manage channels' }).waitFor();
    await row().getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Check upstream models' }).click();
    await dialog().getByText('New at the upstream (2)').waitFor();
    await dialog().getByText('Gone from the upstream (1)').waitFor();
    // New models start ticked, gone ones not.
    await expect(dialog().getByRole('checkbox', { name: 'gpt-4.1' }).isChecked()).resolves.toBe(true);
    await expect(dialog().getByRole('checkbox', { name: 'o3' }).isChecked()).resolves.toBe(true);
    await expect(dialog().getByRole('checkbox', { name: 'retired-model' }).isChecked()).resolves.toBe(false);
    // The check is kept on the channel for later.
    expect(readUpstreamUpdateState((await stored()).other_info)).toMatchObject({ add_models: ['gpt-4.1', 'o3'], remove_models: ['retired-model'] });

    await dialog().getByRole('checkbox', { name: 'o3' }).uncheck();
    await dialog().getByRole('checkbox', { name: 'retired-model' }).check();
    await dialog().getByText('The channel will offer 2 models (+1 / -1)').waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-upstream-updates.png` });
    await withNotice(page, 'Upstream changes applied: 1 added, 1 removed, 0 ignored', () => dialog().getByRole('button', { name: 'Apply' }).click());
    await dialog().waitFor({ state: 'hidden' });

    const after = await stored();
    expect(after.models).toBe('gpt-4o-mini,gpt-4.1');
    expect(readUpstreamUpdateState(after.other_info)).toMatchObject({ add_models: ['o3'], remove_models: [] });
  });

  let applyAllAttempt = 0;

  it('checks every channel from the toolbar and applies what is left', async () => {
    if (++applyAllAttempt > 1) {
      // The earlier attempt may have applied o3 already: a retry starts again from the channel's models without
      // it (the check finds it again), and from the list without a dialog or confirmation open.
      const saved = await pageApi(page, 'PUT', '/api/channel/', { id: channelId, models: 'gpt-4o-mini,gpt-4.1' });
      expect(saved.success, saved.message).toBe(true);
      await page.goto(`${site.server.baseUrl}/channel`);
      await row().waitFor();
    }
    await page.getByRole('button', { name: 'Check upstream models' }).click();
    await allDialog().getByText('Channels checked: 1 · new models: 1 · gone: 0 · failed: 0').waitFor();
    await allDialog().locator('tr.ant-table-row', { hasText: NAME }).getByText('+1').waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-upstream-check-all.png` });

    await allDialog().getByRole('button', { name: 'Apply all' }).click();
    const confirm = page.locator('.ant-popconfirm', { hasText: 'Add every new model' });
    await withNotice(page, 'Applied — channels: 1, models added: 1, removed: 0', () => confirm.getByRole('button', { name: 'Apply all' }).click());
    await allDialog().waitFor({ state: 'hidden' });
    expect((await stored()).models).toBe('gpt-4o-mini,gpt-4.1,o3');
  });

  it('shows an Ollama channel\'s version and models, pulls one with its progress and deletes one', async () => {
    // A retry starts again from one channel and the Ollama server's first models (an earlier attempt may have changed both).
    await deleteChannels('local-ollama');
    ollama.models.clear();
    ollama.models.add('llama3.2:latest');
    ollama.requests.length = 0;
    const created = await pageApi<{ ids: number[] }>(page, 'POST', '/api/channel/', { type: 4, name: 'local-ollama', key: 'ollama-key', base_url: ollama.url, models: 'llama3.2:latest' });
    expect(created.success, created.message).toBe(true);
    await page.reload();
    const ollamaRow = page.locator('tr.ant-table-row', { has: page.getByText('local-ollama', { exact: true }) });
    await ollamaRow.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Ollama models' }).click();
    const modal = page.locator('.ant-modal', { hasText: 'Ollama models: local-ollama' });
    await modal.getByText('Ollama 0.6.2').waitFor();
    await modal.getByText('llama3.2:latest').waitFor();

    await modal.getByLabel('Model to pull').fill('mistral');
    await shownAfter(modal.getByRole('status', { name: 'Pull progress' }), () => modal.getByRole('button', { name: 'Pull' }).click());
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-ollama-pull.png` });
    await page.locator('.ant-message').getByText('Model mistral pulled').waitFor({ timeout: 15_000 });
    await modal.getByText('mistral:latest').waitFor();
    expect(ollama.requests.find((r) => r.path === '/api/pull')?.headers.authorization).toBe('Bearer ollama-key');

    await modal.locator('.ant-list-item', { hasText: 'llama3.2:latest' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.locator('.ant-popconfirm', { hasText: 'Delete llama3.2:latest from the Ollama server?' });
    await withNotice(page, 'Model llama3.2:latest deleted', () => confirm.getByRole('button', { name: 'Delete' }).click());
    await expect.poll(() => modal.getByText('llama3.2:latest').count()).toBe(0);
    expect([...ollama.models]).toEqual(['mistral:latest']);
  });
});
