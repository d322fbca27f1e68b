import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { launchBrowser, signIn, waitForPath, withNotice, shownAfter } from './support/browser';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream';
import { pageApi, signInAgainWithout2fa } from './support/page-api';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const UPSTREAM_MODELS = ['fake-model-a', 'fake-model-b'];
const UPSTREAM_KEY = 'sk-upstream-e2e';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface ChannelRowView {
  id: number;
  name: string;
  status: number;
  tag: string | null;
  models: string;
  response_time: number;
  priority: number;
  weight: number;
}

/**
 * Channel management at /channel as the root user: an OpenAI-compatible channel is added against a fake
 * upstream (its models fetched from it), tested, then three channels are batch-created from three keys,
 * two of them tagged, and the tag disabled in tag mode.
 */
describe('channel management', () => {
  let server: RunningServer;
  let upstream: FakeUpstream;
  let browser: Browser;
  let page: Page;

  const drawer = () => page.locator('.ant-drawer-open');
  const row = (name: string) => page.locator('tr.ant-table-row', { has: page.getByText(name, { exact: true }) });
  const tagRowOf = (tag: string) => page.locator('tr.ant-table-row', { hasText: 'channels:' }).filter({ has: page.getByText(tag, { exact: true }) });
  const listChannels = async () =>
    (await pageApi<{ items: ChannelRowView[] }>(page, 'GET', '/api/channel/?p=1&page_size=100')).data.items;
  /** Deletes the channels whose name passes `match` (what an earlier attempt of a test left behind). */
  const deleteChannels = async (match: (name: string) => boolean) => {
    for (const channel of (await listChannels()).filter((c) => match(c.name))) {
      const removed = await pageApi(page, 'DELETE', `/api/channel/${channel.id}`, {});
      expect(removed.success, removed.message).toBe(true);
    }
  };

  /** Counts each test's attempts: a retry first puts back what the test starts from. */
  const attempts = new Map<string, number>();
  const isRetry = (test: string) => {
    const n = (attempts.get(test) ?? 0) + 1;
    attempts.set(test, n);
    return n > 1;
  };

  /**
   * Puts the channels named in `wanted` into the given state through the API, creating a missing bulk channel
   * (with the fields given) and deleting the copies an earlier attempt may have left; then opens the list as
   * the test's first attempt finds it (in tag mode or not), without selection, dialog or menu. What the
   * chain's earlier tests leave behind, for a retry of a later one.
   */
  async function resumeAt(wanted: Record<string, Partial<Pick<ChannelRowView, 'status' | 'tag' | 'weight' | 'priority'>>>, tagMode: boolean): Promise<void> {
    await deleteChannels((name) => name.endsWith('_copy'));
    const byName = new Map((await listChannels()).map((c) => [c.name, c]));
    for (const [name, fields] of Object.entries(wanted)) {
      let id = byName.get(name)?.id;
      if (id === undefined) {
        const key = `sk-bulk-${name === 'bulk' ? 1 : name.slice('bulk_'.length)}`;
        const created = await pageApi<{ ids: number[] }>(page, 'POST', '/api/channel/', { type: 1, name, key, base_url: upstream.url, models: 'fake-model-a', group: 'default' });
        expect(created.success, created.message).toBe(true);
        id = created.data.ids[0];
      }
      const saved = await pageApi(page, 'PUT', '/api/channel/', { id, ...fields });
      expect(saved.success, saved.message).toBe(true);
    }
    await page.goto(`${server.baseUrl}/channel${tagMode ? '?tag_mode=1' : ''}`);
    await row('fake-openai').waitFor();
  }

  /** The bulk channels as the batch test leaves them: enabled, untagged, weight and priority 0. */
  const afterBatch = { bulk: { status: 1, tag: null, weight: 0, priority: 0 }, bulk_2: { status: 1, tag: null, weight: 0, priority: 0 }, bulk_3: { status: 1, tag: null, weight: 0, priority: 0 } };
  /** As the tag test leaves them: bulk and bulk_2 tagged e2e-tag and disabled. */
  const afterTag = { ...afterBatch, bulk: { ...afterBatch.bulk, status: 2, tag: 'e2e-tag' }, bulk_2: { ...afterBatch.bulk_2, status: 2, tag: 'e2e-tag' } };

  beforeAll(async () => {
    upstream = await startFakeUpstream(undefined, UPSTREAM_MODELS);
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  it('adds an OpenAI-compatible channel with the models fetched from the upstream', async () => {
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    // A retry starts again without the channel an earlier attempt may have created.
    await deleteChannels((name) => name === 'fake-openai');
    await page.goto(`${server.baseUrl}/channel`);
    await page.getByRole('heading', { name: 'Manage channels' }).waitFor();

    await page.getByRole('button', { name: 'Add channel' }).click();
    await waitForPath(page, '/channel/add');
    await drawer().getByText('Create channel').waitFor();
    // Nothing filled in: the spec's message, nothing saved.
    await withNotice(page, 'please fill channel name and key', () => page.getByTestId('channel-submit').click());

    await drawer().getByLabel('Name', { exact: true }).fill('fake-openai');
    await drawer().getByLabel('Key', { exact: true }).fill(UPSTREAM_KEY);
    await drawer().getByLabel('Base URL').fill(`${upstream.url}/`);
    await withNotice(page, 'select at least one model', () => page.getByTestId('channel-submit').click());

    // The fetch goes through the proxy entered in the form: one that is down fails, and is named.
    const deadProxy = `http://127.0.0.1:${await closedPort()}`;
    await drawer().getByLabel('Proxy', { exact: true }).fill(deadProxy);
    await withNotice(page, `fetch model list failed: connection refused (through the proxy ${deadProxy})`, () => drawer().getByRole('button', { name: 'Fetch from upstream' }).click());
    await drawer().getByLabel('Proxy', { exact: true }).fill('');

    await shownAfter(page.getByText('Models fetched: 2'), () => drawer().getByRole('button', { name: 'Fetch from upstream' }).click());
    for (const model of UPSTREAM_MODELS) await drawer().locator('.ant-select-selection-item', { hasText: model }).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-editor.png`, fullPage: true });

    // A base URL ending in /v1 asks first; declining keeps the drawer open.
    await drawer().getByLabel('Base URL').fill(`${upstream.url}/v1`);
    await page.getByTestId('channel-submit').click();
    const v1 = page.locator('.ant-modal-confirm', { hasText: 'The base URL ends in /v1' });
    await v1.getByRole('button', { name: 'Cancel' }).click();
    await v1.waitFor({ state: 'hidden' });
    await drawer().getByLabel('Base URL').fill(`${upstream.url}/`);
    await shownAfter(page.getByText('Channel created'), () => page.getByTestId('channel-submit').click());
    await waitForPath(page, '/channel');
    await row('fake-openai').getByText('Untested').waitFor();

    const [saved] = await listChannels();
    expect(saved).toMatchObject({ name: 'fake-openai', models: UPSTREAM_MODELS.join(','), status: 1 });
    // The trailing slash was removed, and the key never comes back in a list.
    const detail = await pageApi<Record<string, unknown>>(page, 'GET', `/api/channel/${saved.id}`);
    expect(detail.data.base_url).toBe(upstream.url);
    expect(detail.data).not.toHaveProperty('key');
  });

  it('tests the channel and shows its response time', async () => {
    const channel = row('fake-openai');
    await shownAfter(page.getByText(/Channel fake-openai answered in \d+\.\d\d s/), () => channel.getByRole('button', { name: 'Test', exact: true }).click());
    await expect(channel.getByTestId('channel-response-time').innerText()).resolves.toMatch(/^\d+\.\d\d s$/);
    expect(upstream.requests.length).toBeGreaterThanOrEqual(1);

    // The picker tests with a chosen model of the channel.
    await channel.getByRole('button', { name: 'Test with another model' }).click();
    const picker = page.locator('.ant-modal', { hasText: 'Test fake-openai with a model' });
    await picker.locator('tr', { hasText: 'fake-model-b' }).getByRole('button', { name: 'Test' }).click();
    await picker.locator('tr', { hasText: 'fake-model-b' }).getByText(/^\d+\.\d\d s$/).waitFor();
    expect((upstream.requests.at(-1) as { model?: string }).model).toBe('fake-model-b');
    await picker.getByRole('button', { name: 'Close' }).click();
  });

  /** Root's authenticator secret, once the key test has turned root's 2FA on. */
  let rootSecret = '';

  it('opens the editor at /channel/edit/:id and shows the stored key on request', async () => {
    if (rootSecret) {
      // An earlier attempt turned root's 2FA on and may have verified this session: start again without either.
      await signInAgainWithout2fa(page, await generate({ secret: rootSecret, epoch: Math.floor(Date.now() / 1000) + 30 }), async () => {
        await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
        await waitForPath(page, '/token');
      });
      rootSecret = '';
    }
    const [saved] = await listChannels();
    await page.goto(`${server.baseUrl}/channel/edit/${saved.id}`);
    await drawer().getByText(`Edit channel #${saved.id}`).waitFor();
    await expect(drawer().getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('fake-openai');
    await expect(drawer().getByLabel('Key', { exact: true }).inputValue()).resolves.toBe('');
    // Showing a key needs a fresh second-factor check (account-security.e2e.test.ts covers the prompt fully).
    const setup = await pageApi<{ secret: string }>(page, 'POST', '/api/user/2fa/setup', {});
    expect((await pageApi(page, 'POST', '/api/user/2fa/enable', { code: await generate({ secret: setup.data.secret, epoch: Math.floor(Date.now() / 1000) - 30 }) })).success).toBe(true);
    rootSecret = setup.data.secret;
    await drawer().getByRole('button', { name: 'Show key' }).click();
    await page.getByTestId('secure-verification').getByLabel('Authentication code').fill(await generate({ secret: setup.data.secret }));
    await page.locator('.ant-modal').getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('channel-revealed-key').innerText()).resolves.toContain(UPSTREAM_KEY);
    await drawer().getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, '/channel');
  });

  it('batch-creates three channels from three keys', async () => {
    // A retry starts again without the channels an earlier attempt may have created.
    await deleteChannels((name) => name.startsWith('bulk'));
    await page.goto(`${server.baseUrl}/channel`);
    await page.getByRole('button', { name: 'Add channel' }).click();
    await drawer().getByText('Create channel').waitFor();
    await drawer().getByLabel('Name', { exact: true }).fill('bulk');
    await drawer().getByRole('switch', { name: 'Batch create' }).click();
    await drawer().getByLabel('Key', { exact: true }).fill('sk-bulk-1\nsk-bulk-2\n\nsk-bulk-3\n');
    await drawer().getByText('Keys entered: 3').waitFor();
    await drawer().getByLabel('Base URL').fill(upstream.url);
    await drawer().getByLabel('Custom model names').fill('fake-model-a, fake-model-a');
    await shownAfter(page.getByText('some models already exist: fake-model-a'), () => drawer().getByRole('button', { name: /Add$/ }).click());
    await drawer().locator('.ant-select-selection-item', { hasText: 'fake-model-a' }).waitFor();
    await shownAfter(page.getByText('Channels created: 3'), () => page.getByTestId('channel-submit').click());
    for (const name of ['bulk', 'bulk_2', 'bulk_3']) await row(name).waitFor();
    const bulk = (await listChannels()).filter((c) => c.name.startsWith('bulk'));
    expect(bulk.map((c) => c.models)).toEqual(['fake-model-a', 'fake-model-a', 'fake-model-a']);

    // Disable and enable a selection at once (POST /api/channel/status/batch).
    for (const name of ['bulk_2', 'bulk_3']) await row(name).locator('.ant-checkbox-input').check();
    await shownAfter(page.getByText('Channels disabled: 2'), () => page.getByRole('button', { name: 'Disable selected (2)' }).click());
    for (const name of ['bulk_2', 'bulk_3']) await row(name).getByText('Disabled', { exact: true }).waitFor();
    expect((await listChannels()).filter((c) => c.name.startsWith('bulk')).map((c) => [c.name, c.status]).sort()).toEqual([['bulk', 1], ['bulk_2', 2], ['bulk_3', 2]]);
    await shownAfter(page.getByText('Channels enabled: 2'), () => page.getByRole('button', { name: 'Enable selected (2)' }).click());
    for (const name of ['bulk_2', 'bulk_3']) await row(name).getByText('Enabled', { exact: true }).waitFor();
    for (const name of ['bulk_2', 'bulk_3']) await row(name).locator('.ant-checkbox-input').uncheck();
  });

  it('tags two channels and disables the tag in tag mode', async () => {
    // A retry starts again from the untagged, enabled channels, in the list out of tag mode.
    if (isRetry('tag')) await resumeAt({ 'fake-openai': { status: 1, priority: 0 }, ...afterBatch }, false);
    await shownAfter(page.getByText('please select channels first'), () => page.getByRole('button', { name: 'Tag selected (0)' }).click());
    for (const name of ['bulk', 'bulk_2']) await row(name).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Tag selected (2)' }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Set a tag' });
    await dialog.getByLabel('Tag').fill('e2e-tag');
    await shownAfter(page.getByText('Tag e2e-tag set on 2 channels'), () => dialog.getByRole('button', { name: 'Set tag' }).click());

    await page.getByRole('switch', { name: 'Tag mode' }).click();
    await page.waitForURL((url) => url.searchParams.get('tag_mode') === '1');
    const tagRow = tagRowOf('e2e-tag');
    await tagRow.getByText('e2e-tag', { exact: true }).waitFor();
    await tagRow.getByText('2/2 enabled').waitFor();
    await shownAfter(page.getByText('All channels tagged e2e-tag disabled'), () => tagRow.getByRole('button', { name: 'Disable all' }).click());
    await tagRow.getByText('0/2 enabled').waitFor();

    await tagRow.locator('.ant-table-row-expand-icon').click();
    for (const name of ['bulk', 'bulk_2']) await row(name).getByText('Disabled', { exact: true }).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channels-tag-mode.png`, fullPage: true });
    const byName = new Map((await listChannels()).map((c) => [c.name, c]));
    expect(byName.get('bulk')).toMatchObject({ status: 2, tag: 'e2e-tag' });
    expect(byName.get('bulk_2')).toMatchObject({ status: 2, tag: 'e2e-tag' });
    expect(byName.get('bulk_3')).toMatchObject({ status: 1, tag: null });
    expect(byName.get('fake-openai')?.status).toBe(1);
  });

  it('edits priority inline per channel and for a whole tag after a confirmation', async () => {
    // A retry starts again from weight and priority 0 (the same values again would change nothing).
    if (isRetry('weight')) await resumeAt({ 'fake-openai': { status: 1, priority: 0 }, ...afterTag }, true);
    const confirm = page.locator('.ant-modal-confirm', { hasText: 'Set the weight of all 2 channels tagged e2e-tag to 7?' });
    // A list refetch landing between typing and Enter re-renders the row and drops the typed value: type again until asked.
    for (let i = 0; i < 3 && !(await confirm.isVisible()); i++) {
      const weight = tagRowOf('e2e-tag').getByLabel('Weight');
      await weight.fill('7');
      await weight.press('Enter');
      await confirm.waitFor({ timeout: 5000 }).catch(() => undefined);
    }
    // The list reloads after the change and re-renders its rows; edit the next box only once it has.
    const reloaded = page.waitForResponse((r) => r.url().includes('/api/channel') && r.request().method() === 'GET');
    await withNotice(page, 'Weight of tag e2e-tag set to 7', () => confirm.getByRole('button', { name: 'Apply to all' }).click());
    await reloaded;

    // Below the minimum of -999: clamped. A re-render of the row (a late list refetch) drops what was typed: type again until told.
    const clamped = page.locator('.ant-message').getByText('Priority of fake-openai set to -999').first();
    for (let i = 0; i < 3 && !(await clamped.isVisible()); i++) {
      const priority = row('fake-openai').getByLabel('Priority');
      await priority.fill('-5000');
      await priority.press('Enter');
      await clamped.waitFor({ timeout: 5000 }).catch(() => undefined);
    }
    await clamped.waitFor();

    const byName = new Map((await listChannels()).map((c) => [c.name, c]));
    expect([byName.get('bulk')?.weight, byName.get('bulk_2')?.weight, byName.get('bulk_3')?.weight]).toEqual([7, 7, 0]);
    expect(byName.get('fake-openai')?.priority).toBe(-999);
  });

  it('edits the tag in the tag editor: nothing filled is "no changes", a priority applies to every channel', async () => {
    // A retry starts again from the tag's channels at priority 0, without the editor open.
    if (isRetry('tag editor')) {
      await resumeAt({ 'fake-openai': { status: 1, priority: -999 }, ...afterTag, bulk: { ...afterTag.bulk, weight: 7 }, bulk_2: { ...afterTag.bulk_2, weight: 7 } }, true);
    }
    await tagRowOf('e2e-tag').getByRole('button', { name: 'Edit tag' }).click();
    await drawer().getByText('Edit tag e2e-tag').waitFor();
    await withNotice(page, 'no changes', () => page.getByTestId('tag-editor-submit').click());
    await drawer().getByLabel('Priority').fill('3');
    await drawer().getByLabel('Model mapping').fill('{"broken"');
    await drawer().getByLabel('Priority').click();
    await drawer().getByText('model mapping must be legal JSON').waitFor();
    await drawer().getByLabel('Model mapping').fill('');
    await shownAfter(page.getByText('Tag e2e-tag updated'), () => page.getByTestId('tag-editor-submit').click());
    const byName = new Map((await listChannels()).map((c) => [c.name, c]));
    expect([byName.get('bulk')?.priority, byName.get('bulk_2')?.priority, byName.get('bulk_3')?.priority]).toEqual([3, 3, 0]);
  });

  it('copies and deletes a channel, then deletes the disabled ones', async () => {
    // A retry starts again without the copy and with the two disabled channels (an earlier attempt may have
    // deleted them: they are made again).
    if (isRetry('delete')) {
      const tagged = { status: 2, tag: 'e2e-tag', weight: 7, priority: 3 };
      await resumeAt({ 'fake-openai': { status: 1, priority: -999 }, bulk: tagged, bulk_2: tagged, bulk_3: afterBatch.bulk_3 }, true);
    }
    await row('fake-openai').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    await shownAfter(page.getByText('Channel copied'), () => page.locator('.ant-modal-confirm', { hasText: 'Make a copy of fake-openai' }).getByRole('button', { name: 'Copy' }).click());
    await row('fake-openai_copy').waitFor();

    await row('fake-openai_copy').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await shownAfter(page.getByText('Channel deleted'), () => page.locator('.ant-modal-confirm', { hasText: 'Delete the channel fake-openai_copy?' }).getByRole('button', { name: 'Delete' }).click());
    await row('fake-openai_copy').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete disabled' }).click();
    await shownAfter(page.getByText('Disabled channels deleted: 2'), () => page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click());
    expect((await listChannels()).map((c) => c.name).sort()).toEqual(['bulk_3', 'fake-openai']);
  });

  it('remembers the hidden columns after a reload', async () => {
    // A retry may find the settings open or the column already hidden: open them unless open, untick while ticked.
    const balanceHeader = page.locator('thead th', { hasText: /^Balance$/ });
    const balanceBox = page.locator('.ant-popover').getByLabel('Balance');
    for (let i = 0; i < 3 && (await balanceHeader.count()) > 0; i++) {
      if (!(await balanceBox.isVisible())) await page.getByTestId('column-settings').click();
      if (await balanceBox.isChecked()) await balanceBox.click();
      await balanceHeader.waitFor({ state: 'detached', timeout: 3000 }).catch(() => undefined);
    }
    await expect(balanceHeader.count()).resolves.toBe(0);
    await page.reload();
    await row('fake-openai').waitFor();
    await expect(page.locator('thead th', { hasText: /^Balance$/ }).count()).resolves.toBe(0);
    await expect(page.locator('thead th', { hasText: /^Used quota$/ }).count()).resolves.toBe(1);
  });

  it('edits the channel settings as fields, merged with the other keys into the stored setting JSON', async () => {
    const saved = (await listChannels()).find((c) => c.name === 'fake-openai');
    if (!saved) throw new Error('fake-openai is gone');
    const openEditor = async () => {
      await page.goto(`${server.baseUrl}/channel/edit/${saved.id}`);
      await drawer().getByText(`Edit channel #${saved.id}`).waitFor();
    };
    const proxy = () => drawer().getByLabel('Proxy', { exact: true });
    const systemPrompt = () => drawer().getByLabel('System prompt', { exact: true });
    const other = () => drawer().getByLabel('Other settings (JSON)');
    const override = () => drawer().getByRole('switch', { name: 'Also prefix existing system prompts' });
    const forceFormat = () => drawer().getByRole('switch', { name: 'Force format' });
    const storedSetting = async () => (await pageApi<{ setting: string | null }>(page, 'GET', `/api/channel/${saved.id}`)).data.setting;
    // A retry starts again from no setting (an earlier attempt may have saved one).
    if (isRetry('settings') && (await storedSetting())) expect((await pageApi(page, 'PUT', '/api/channel/', { id: saved.id, setting: '' })).success).toBe(true);

    await openEditor();
    await drawer().getByText('Channel settings', { exact: true }).waitFor();
    // An unusable proxy is shown on its field and blocks the save.
    await proxy().fill('ftp://proxy.example:21');
    await proxy().blur();
    const proxyProblem = 'the proxy must start with http://, https://, socks5:// or socks5h://';
    await drawer().locator('.ant-form-item-explain-error', { hasText: proxyProblem }).waitFor();
    await withNotice(page, proxyProblem, () => page.getByTestId('channel-submit').click());
    expect(await storedSetting()).toBeFalsy();
    await proxy().fill('socks5://127.0.0.1:1080');

    // The override switch exists only with a system prompt.
    await expect(override().count()).resolves.toBe(0);
    await systemPrompt().fill('Answer in French.');
    await override().click();

    // A known key typed into the JSON text moves into its field; the other keys stay.
    await other().fill('{"aws_inference_profile": "arn:e2e", "force_format": true}');
    await other().blur();
    await page.locator('.ant-message').getByText('Moved to their fields above: force_format').waitFor();
    await expect(forceFormat().getAttribute('aria-checked')).resolves.toBe('true');
    expect(JSON.parse(await other().inputValue())).toEqual({ aws_inference_profile: 'arn:e2e' });
    // A known key of the wrong type is refused there.
    await other().fill('{"aws_inference_profile": "arn:e2e", "thinking_to_content": "yes"}');
    await other().blur();
    await drawer().locator('.ant-form-item-explain-error', { hasText: 'setting.thinking_to_content must be true or false' }).waitFor();
    await other().fill('{"aws_inference_profile": "arn:e2e"}');

    await shownAfter(page.getByText('Channel updated'), () => page.getByTestId('channel-submit').click());
    await waitForPath(page, '/channel');
    expect(JSON.parse((await storedSetting()) ?? '')).toEqual({
      aws_inference_profile: 'arn:e2e', proxy: 'socks5://127.0.0.1:1080', system_prompt: 'Answer in French.', system_prompt_override: true, force_format: true,
    });

    // Reopened: every field comes back, and the JSON text holds only the other key.
    await openEditor();
    await expect(proxy().inputValue()).resolves.toBe('socks5://127.0.0.1:1080');
    await expect(systemPrompt().inputValue()).resolves.toBe('Answer in French.');
    await expect(override().getAttribute('aria-checked')).resolves.toBe('true');
    await expect(forceFormat().getAttribute('aria-checked')).resolves.toBe('true');
    await expect(drawer().getByRole('switch', { name: 'Reasoning as content' }).getAttribute('aria-checked')).resolves.toBe('false');
    expect(JSON.parse(await other().inputValue())).toEqual({ aws_inference_profile: 'arn:e2e' });
    if (SCREENSHOTS) {
      await drawer().getByText('Channel settings', { exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/channel-settings.png` });
    }

    // Fetching models during an edit (key left blank) uses the stored key with the form as it is now: the
    // stored proxy, which nothing serves, is cleared here and so not used.
    await proxy().fill('');
    await withNotice(page, 'Models fetched: 2', () => drawer().getByRole('button', { name: 'Fetch from upstream' }).click());

    // Everything cleared: the channel has no setting again.
    await proxy().fill('');
    await systemPrompt().fill('');
    await forceFormat().click();
    await other().fill('');
    await shownAfter(page.getByText('Channel updated'), () => page.getByTestId('channel-submit').click());
    await waitForPath(page, '/channel');
    expect(await storedSetting()).toBeFalsy();
  });
});
