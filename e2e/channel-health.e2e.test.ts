import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChannelHealth, ChannelHealthOverview, TokenView } from '@gw/contracts';
import { launchBrowser, signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
/** Every name this file gives a channel or token starts so (what a retry clears away). */
const PREFIX = 'health-';
/** How long the healthy upstream waits before answering, per model suffix: the first-byte times differ. */
const DELAY_MS = { fast: 40, slow: 400 } as const;
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

interface Upstream {
  url: string;
  /** Chat requests received, by model. */
  models: string[];
  close: () => Promise<void>;
}

/** What the failing upstream tells a model ending in "-429" to wait: the gateway cools the channel that long. */
const RETRY_AFTER_SECONDS = 300;

/**
 * An OpenAI-compatible upstream for chat completions: `failing` answers HTTP 500, or 429 with Retry-After
 * for a model ending in "-429"; otherwise it answers after DELAY_MS.slow when the model's name holds
 * "-slow", else after DELAY_MS.fast.
 */
async function startUpstream(failing: boolean): Promise<Upstream> {
  const models: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const model = String((JSON.parse(raw || '{}') as { model?: string }).model ?? '');
      models.push(model);
      if (failing && model.endsWith('-429')) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(RETRY_AFTER_SECONDS) });
        res.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit_error' } }));
        return;
      }
      if (failing || req.url !== '/v1/chat/completions') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the fake upstream is broken', type: 'server_error' } }));
        return;
      }
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-health',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: 'fine' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
          }),
        );
      }, model.includes('-slow') ? DELAY_MS.slow : DELAY_MS.fast);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    models,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The Health column of /channel: a channel that served requests shows its success share and first-byte
 * latency; one whose upstream keeps failing cools down (5 failures among its last 20 outcomes, or an
 * upstream's Retry-After), shows it, and an administrator ends the cool-down from its row and, for every
 * channel, from the toolbar.
 */
describe('channel health in the channel list', () => {
  let server: RunningServer;
  let healthy: Upstream;
  let broken: Upstream;
  let browser: Browser;
  let page: Page;

  const row = (name: string) => page.locator('tr.ant-table-row', { has: page.getByText(name, { exact: true }) });
  /** A name unique to this attempt of a test, so a retry never meets what an earlier attempt left. */
  const unique = (what: string) => `${PREFIX}${what}-${Date.now().toString(36)}`;

  const healthOf = async (id: number): Promise<ChannelHealth | undefined> => {
    const overview = await pageApi<ChannelHealthOverview>(page, 'GET', '/api/channel/health');
    expect(overview.success, overview.message).toBe(true);
    return overview.data.channels.find((c) => c.channel_id === id);
  };

  /** Clears what an earlier attempt left: this file's channels and tokens, and every channel's cool-down and recent outcomes. */
  async function startClean(): Promise<void> {
    const channels = await pageApi<{ items: { id: number; name: string }[] }>(page, 'GET', '/api/channel/?p=1&page_size=100');
    for (const c of channels.data.items.filter((c) => c.name.startsWith(PREFIX))) {
      expect((await pageApi(page, 'DELETE', `/api/channel/${c.id}`, {})).success).toBe(true);
    }
    const tokens = await pageApi<{ items: TokenView[] }>(page, 'GET', '/api/token/?p=0&size=100');
    for (const t of tokens.data.items.filter((t) => t.name.startsWith(PREFIX))) {
      expect((await pageApi(page, 'DELETE', `/api/token/${t.id}`, {})).success).toBe(true);
    }
    const reset = await pageApi(page, 'POST', '/api/channel/health/reset', { all: true });
    expect(reset.success, reset.message).toBe(true);
  }

  /** Creates an OpenAI-compatible channel through the API; answers its id. */
  async function createChannel(name: string, baseUrl: string, models: string[]): Promise<number> {
    const created = await pageApi<{ ids: number[] }>(page, 'POST', '/api/channel/', { type: 1, name, key: 'sk-health', base_url: baseUrl, models: models.join(','), group: 'default' });
    expect(created.success, created.message).toBe(true);
    return created.data.ids[0];
  }

  /** Creates an unlimited API token for root; answers its key (sk-…). */
  async function createKey(name: string): Promise<string> {
    const created = await pageApi(page, 'POST', '/api/token/', { name, unlimited_quota: true });
    expect(created.success, created.message).toBe(true);
    const tokens = await pageApi<{ items: TokenView[] }>(page, 'GET', '/api/token/?p=0&size=100');
    const token = tokens.data.items.find((t) => t.name === name);
    expect(token).toBeDefined();
    return `sk-${token!.key}`;
  }

  /** One chat completion through the gateway's /v1 with `key`; answers the HTTP status. */
  async function relay(key: string, model: string): Promise<number> {
    const res = await fetch(`${server.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'are you well?' }] }),
    });
    await res.arrayBuffer();
    return res.status;
  }

  /** Sends failing requests until the channel has failed `count` more times. */
  async function failTimes(key: string, model: string, count: number): Promise<void> {
    for (let i = 0; i < count; i++) expect(await relay(key, model)).toBe(model.endsWith('-429') ? 429 : 500);
  }

  beforeAll(async () => {
    healthy = await startUpstream(false);
    broken = await startUpstream(true);
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1600, height: 900 } })).newPage();
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    // The test models have no price: self-use mode serves them (root needs some quota all the same).
    expect((await pageApi(page, 'PUT', '/api/option/', { key: 'SelfUseModeEnabled', value: 'true' })).success).toBe(true);
    const self = await pageApi<{ id: number }>(page, 'GET', '/api/user/self');
    expect((await pageApi(page, 'PUT', '/api/user/', { id: self.data.id, quota: 100_000_000 })).success).toBe(true);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await healthy?.close();
    await broken?.close();
  });

  it('shows the success share and first-byte latency of a channel that served requests', async () => {
    await startClean();
    const name = unique('ok');
    const [fast, slow] = [unique('m-fast'), unique('m-slow')];
    await createChannel(name, healthy.url, [fast, slow]);
    const idle = unique('idle');
    await createChannel(idle, healthy.url, [unique('m-idle')]);
    const key = await createKey(unique('key'));

    // Nothing is known yet of either channel.
    await page.goto(`${server.baseUrl}/channel`);
    await page.getByRole('heading', { name: 'Manage channels' }).waitFor();
    await page.getByRole('columnheader', { name: 'Health' }).waitFor();
    await row(name).getByTestId('channel-health-none').waitFor();
    await expect(row(name).getByTestId('channel-health-none').innerText()).resolves.toBe('—');
    expect(await page.getByRole('button', { name: 'End all cool-downs' }).count()).toBe(0);

    // One request on one model: its first-byte time alone.
    expect(await relay(key, fast)).toBe(200);
    await page.reload();
    const served = row(name).getByTestId('channel-health');
    await served.waitFor();
    await expect(served.innerText()).resolves.toBe('OK · 1/1');
    await expect(served.getAttribute('class')).resolves.toContain('ant-tag-green');
    await expect(row(name).getByTestId('channel-first-byte').innerText()).resolves.toMatch(/^\d+ ms$/);

    // A second model, slower: the range from the fastest to the slowest, every model in the tooltip.
    expect(await relay(key, slow)).toBe(200);
    await page.reload();
    await row(name).getByTestId('channel-health').getByText('OK · 2/2', { exact: true }).waitFor();
    const latency = row(name).getByTestId('channel-first-byte');
    const range = /^(\d+) ms–(?:(\d+) ms|(\d+\.\d) s)$/.exec(await latency.innerText());
    expect(range, await latency.innerText()).not.toBeNull();
    const [fastMs, slowMs] = [Number(range![1]), range![2] ? Number(range![2]) : Number(range![3]) * 1000];
    expect(fastMs).toBeGreaterThanOrEqual(DELAY_MS.fast);
    expect(slowMs).toBeGreaterThanOrEqual(DELAY_MS.slow);
    await latency.hover();
    const tooltip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)', { hasText: 'Average time to the first byte' });
    await tooltip.getByText(new RegExp(`^${fast}: \\d+ ms$`)).waitFor();
    await tooltip.getByText(new RegExp(`^${slow}: (\\d+ ms|\\d+\\.\\d s)$`)).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-health-latency.png` });

    // The channel that served nothing still says so.
    await expect(row(idle).getByTestId('channel-health-none').innerText()).resolves.toBe('—');
    expect(await row(idle).getByTestId('channel-first-byte').count()).toBe(0);
  });

  it('shows a failing channel cooling down and ends the cool-down from its row', async () => {
    await startClean();
    const name = unique('bad');
    const model = unique('m-bad');
    const limited = `${model}-429`;
    const id = await createChannel(name, broken.url, [model, limited]);
    const key = await createKey(unique('key'));
    await page.goto(`${server.baseUrl}/channel`);
    await page.getByRole('heading', { name: 'Manage channels' }).waitFor();

    // Four failures within the window: counted, not yet a cool-down.
    const before = broken.models.length;
    await failTimes(key, model, 4);
    expect(broken.models.length).toBe(before + 4);
    expect(await healthOf(id)).toMatchObject({ cooling_seconds: 0, recent_requests: 4, recent_failures: 4 });
    await page.reload();
    const tag = row(name).getByTestId('channel-health');
    await tag.waitFor();
    await expect(tag.innerText()).resolves.toBe('4/4 failed');
    await expect(tag.getAttribute('class')).resolves.toContain('ant-tag-orange');

    // The fifth starts one; being a 429 with Retry-After, it lasts long enough for a slow machine's clicks below.
    await failTimes(key, limited, 1);
    expect((await healthOf(id))?.cooling_seconds).toBeGreaterThan(RETRY_AFTER_SECONDS - 60);
    await page.reload();
    await tag.getByText(/^Cooling · \d+ s$/).waitFor();
    await expect(tag.getAttribute('class')).resolves.toContain('ant-tag-volcano');
    await tag.hover();
    await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').getByText(/5 of its last 20 requests failed within 60 s/).waitFor();
    await page.getByRole('button', { name: 'End all cool-downs' }).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/channel-health-cooling.png` });

    // End it from the row's menu, confirmed; the server's message is shown and the tag goes.
    await row(name).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'End cool-down' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: 'End the cool-down' });
    await confirm.getByText(`Let ${name} take requests again now`).waitFor();
    await withNotice(page, `channel #${id}'s cool-down ended`, () => confirm.getByRole('button', { name: 'End cool-down' }).click(), 'success');
    await tag.waitFor({ state: 'detached' });
    await row(name).getByTestId('channel-health-none').waitFor();
    await page.getByRole('button', { name: 'End all cool-downs' }).waitFor({ state: 'detached' });
    expect((await healthOf(id))?.cooling_seconds ?? 0).toBe(0);
  });

  it('ends every cool-down from the toolbar', async () => {
    await startClean();
    const name = unique('bad');
    const model = `${unique('m-bad')}-429`;
    const id = await createChannel(name, broken.url, [model]);
    const key = await createKey(unique('key'));
    await page.goto(`${server.baseUrl}/channel`);
    await page.getByRole('heading', { name: 'Manage channels' }).waitFor();
    // An upstream asking to wait cools the channel at once, for as long as it asked.
    await failTimes(key, model, 1);
    expect((await healthOf(id))?.cooling_seconds).toBeGreaterThan(RETRY_AFTER_SECONDS - 60);
    await page.reload();
    await row(name).getByTestId('channel-health').getByText(/^Cooling · \d+ s$/).waitFor();

    await page.getByRole('button', { name: 'End all cool-downs' }).click();
    const popconfirm = page.locator('.ant-popconfirm', { hasText: 'Channels cooling down: 1.' });
    await withNotice(page, 'every cool-down ended', () => popconfirm.getByRole('button', { name: 'End all cool-downs' }).click(), 'success');
    await row(name).getByTestId('channel-health').waitFor({ state: 'detached' });
    await row(name).getByTestId('channel-health-none').waitFor();
    await page.getByRole('button', { name: 'End all cool-downs' }).waitFor({ state: 'detached' });
    expect((await healthOf(id))?.cooling_seconds ?? 0).toBe(0);
  });
});
