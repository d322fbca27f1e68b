import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPageWithClipboard, signIn } from './support/browser';
import { pageApi } from './support/page-api';
import { seedChannel } from './support/seed';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const MODELS = ['gpt-4o-mini', 'gpt-4o'];
const FAST_PIECES = ['Hello', ' from', ' the', ' playground'];
/** A question containing this word is answered slowly: a piece every SLOW_MS, SLOW_PIECES of them. */
const SLOW_WORD = 'slowly';
const SLOW_PIECES = 40;
const SLOW_MS = 150;

interface StreamingUpstream {
  url: string;
  requests: Record<string, unknown>[];
  close: () => Promise<void>;
}

/** An OpenAI-compatible upstream that streams its chat answers (usage chunk included), slowly when asked to. */
async function startStreamingUpstream(): Promise<StreamingUpstream> {
  const requests: Record<string, unknown>[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw || '{}') as { model?: string; messages?: { content?: string }[] };
      requests.push(body);
      const slow = String(body.messages?.at(-1)?.content ?? '').includes(SLOW_WORD);
      const pieces = slow ? Array.from({ length: SLOW_PIECES }, (_, i) => `tick ${i + 1} `) : FAST_PIECES;
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-pg', object: 'chat.completion.chunk', created: 1, model: body.model, choices, ...extra })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < pieces.length) {
          res.write(chunk([{ index: 0, delta: { content: pieces[sent++] }, finish_reason: null }]));
          return;
        }
        clearInterval(timer);
        res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
        res.write(chunk([], { usage: { prompt_tokens: 9, completion_tokens: pieces.length, total_tokens: 9 + pieces.length } }));
        res.end('data: [DONE]\n\n');
      }, slow ? SLOW_MS : 20);
      res.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The playground: a signed-in user opens it from the sidebar, picks a model served by a streaming fake
 * upstream, reads the answer as it streams, stops a slow one, and finds the request in the usage log
 * under the token name new-api gives it (playground-<group>).
 */
describe('the playground', () => {
  let server: RunningServer;
  let upstream: StreamingUpstream;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    upstream = await startStreamingUpstream();
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await server.restart((dataDir) => {
      seedChannel(dataDir, { name: 'fake-streaming', baseUrl: upstream.url, models: MODELS });
    });
    browser = await launchBrowser();
    page = await openPageWithClipboard(browser, server.baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
  });

  const assistantMessages = () => page.getByTestId('playground-message-assistant');

  /** The newest playground consumption log of a model (0 when there is none yet). */
  const newestLog = async (model: string) => {
    const logs = await pageApi<{ items: { id: number; quota: number; prompt_tokens: number; completion_tokens: number }[] }>(
      page,
      'GET',
      `/api/log/?p=1&page_size=10&type=2&token_name=playground-default&model_name=${model}`,
    );
    expect(logs.success).toBe(true);
    return logs.data.items.reduce<(typeof logs.data.items)[number] | undefined>((newest, l) => (!newest || l.id > newest.id ? l : newest), undefined);
  };

  it('opens from the chat section of the sidebar', async () => {
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('Chat', { exact: true }).waitFor();
    await sidebar.getByText('Playground', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/playground');
    await page.getByTestId('playground-messages').getByText('Pick a model and ask something to start.').waitFor();
  });

  /** Counts the streaming test's attempts: a retry first clears the exchange its earlier attempt left on the page. */
  let streamAttempt = 0;

  it('streams the answer of the model picked, sent without an API key', async () => {
    if (++streamAttempt > 1 && (await page.getByTestId('playground-message-user').count()) > 0) {
      await page.getByTestId('playground-clear').click();
      await page.locator('.ant-popconfirm', { hasText: 'Clear the whole conversation?' }).getByRole('button', { name: 'Clear' }).click();
      await page.getByTestId('playground-messages').getByText('Pick a model and ask something to start.').waitFor();
    }
    // What reached the upstream and the log before (a retry's earlier attempt may have sent a request).
    const sent = upstream.requests.length;
    const loggedBefore = (await newestLog('gpt-4o'))?.id ?? 0;
    await page.getByTestId('playground-model').click();
    await page.locator('.ant-select-item-option', { hasText: /^gpt-4o$/ }).click();
    await page.getByTestId('playground-system-prompt').fill('Answer briefly.');
    await page.getByTestId('playground-input').fill('Say hello');
    const asked = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/pg/chat/completions');
    await page.getByTestId('playground-send').click();
    // The page always asks for the answer's cost (OpenRouter's usage accounting).
    expect((await asked).postDataJSON()).toMatchObject({ usage: { include: true } });

    const answer = assistantMessages().last();
    await answer.getByText('Hello from the playground').waitFor();
    await page.locator('[data-testid="playground-message-assistant"][data-status="done"]').waitFor();
    await page.getByTestId('playground-message-user').getByText('Say hello').waitFor();
    expect(upstream.requests).toHaveLength(sent + 1);
    expect(upstream.requests[sent]).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Say hello' },
      ],
    });
    expect(upstream.requests[sent]).not.toHaveProperty('group');

    // Under the answer: the tokens and cost its usage chunk carried — the ones the request was logged and charged with.
    await expect.poll(async () => (await newestLog('gpt-4o'))?.id ?? 0).toBeGreaterThan(loggedBefore);
    const log = (await newestLog('gpt-4o'))!;
    expect(log).toMatchObject({ prompt_tokens: 9, completion_tokens: FAST_PIECES.length });
    expect(log.quota).toBeGreaterThan(0);
    const status = await pageApi<{ quota_per_unit: number }>(page, 'GET', '/api/status');
    const cost = log.quota / status.data.quota_per_unit;
    const line = await answer.getByTestId('playground-message-usage').innerText();
    const shown = /^9 tokens in · (\d+) out · \$(\d+)\.(\d+)$/.exec(line);
    expect(shown, line).not.toBeNull();
    expect(Number(shown![1])).toBe(FAST_PIECES.length);
    // Dollars truncated to the decimals shown, with enough of them that the cost is not shown as nothing.
    const [whole, decimals] = [shown![2], shown![3]];
    const amount = Number(`${whole}.${decimals}`);
    expect(amount).toBeGreaterThan(0);
    expect(amount).toBeLessThanOrEqual(cost);
    expect(cost - amount).toBeLessThan(10 ** -decimals.length);
  });

  it('copies an answer', async () => {
    await assistantMessages().last().getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Message copied').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('Hello from the playground');
  });

  it('shows a slow answer as it arrives and stops it on request, keeping what came', async () => {
    await page.getByTestId('playground-input').fill(`Count ${SLOW_WORD}`);
    await page.getByTestId('playground-input').press('Enter');
    const answer = assistantMessages().last();
    await answer.getByText(/tick 3 /).waitFor();
    await expect(answer.getAttribute('data-status')).resolves.toBe('streaming');
    await page.getByTestId('playground-stop').click();
    await page.locator('[data-testid="playground-message-assistant"][data-status="stopped"]').waitFor();
    await answer.getByText('Stopped', { exact: true }).waitFor();
    const kept = await answer.getByTestId('playground-message-text').innerText();
    expect(kept).toMatch(/^tick 1 tick 2 tick 3 /);
    await page.waitForTimeout(SLOW_MS * 4);
    await expect(answer.getByTestId('playground-message-text').innerText()).resolves.toBe(kept);
    expect(kept).not.toContain(`tick ${SLOW_PIECES} `);
    // A stopped answer carried no usage: no usage line under it.
    await expect(answer.getByTestId('playground-message-usage').count()).resolves.toBe(0);
    await page.getByTestId('playground-send').waitFor();
  });

  it('regenerates the last answer and clears the conversation', async () => {
    await page.getByTestId('playground-regenerate').click();
    await page.getByTestId('playground-stop').click();
    await page.locator('[data-testid="playground-message-assistant"][data-status="stopped"]').waitFor();
    // The stopped answer was replaced, not added: one question each, two answers.
    await expect(assistantMessages().count()).resolves.toBe(2);
    await expect(page.getByTestId('playground-message-user').count()).resolves.toBe(2);
    await page.getByTestId('playground-clear').click();
    await page.locator('.ant-popconfirm', { hasText: 'Clear the whole conversation?' }).getByRole('button', { name: 'Clear' }).click();
    await page.getByTestId('playground-messages').getByText('Pick a model and ask something to start.').waitFor();
  });

  it('lists the playground request in the usage log under playground-default', async () => {
    await page.goto(`${server.baseUrl}/log`);
    await page.getByRole('heading', { name: 'Usage logs' }).waitFor();
    const row = page.locator('tr.ant-table-row', { hasText: 'playground-default' }).first();
    await row.waitFor();
    await expect(row.getByText('gpt-4o', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(row.getByText('Consumption').isVisible()).resolves.toBe(true);
  });
});
