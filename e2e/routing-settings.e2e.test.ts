import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, signIn, waitForPath, withNotice } from './support/browser';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream';
import { pageApi } from './support/page-api';
import { useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
/** Nothing listens on the discard port: a channel there fails to connect, a failure that moves on. */
const DEAD_UPSTREAM = 'http://127.0.0.1:9';

/**
 * Routing settings end to end. Model fallbacks: root saves ModelFallbacks in the General settings, a request
 * for a model whose only channel is down is answered by the fallback model, and the usage log says so.
 * Channel selection: root picks the latency strategy and the route trace of the next request follows it.
 */
describe('routing settings', () => {
  const site = useRootSite(ROOT);
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream({ prompt_tokens: 30, completion_tokens: 20 }, ['gpt-4o-mini']);
  });
  afterAll(() => upstream?.close());

  /** Counts attempts: a retry adds channels named after itself. */
  let attempt = 0;

  it('answers from the fallback model root configured and shows it in the log detail', async () => {
    const n = ++attempt;
    const page = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=operation');
    await waitForPath(page, '/setting');
    // A retry starts without the fallback an earlier attempt saved.
    expect((await pageApi(page, 'PUT', '/api/option/', { key: 'ModelFallbacks', value: '{}' })).success).toBe(true);
    for (const [name, baseUrl, models] of [[`down-${n}`, DEAD_UPSTREAM, 'gpt-4o'], [`up-${n}`, upstream.url, 'gpt-4o-mini']]) {
      const created = await pageApi(page, 'POST', '/api/channel/', { type: 1, name, key: 'sk-fallback-e2e', base_url: baseUrl, models, group: 'default' });
      expect(created.success, created.message).toBe(true);
    }
    await page.reload();

    const card = page.getByTestId('settings-general');
    const field = card.getByLabel('Model fallbacks');
    await field.fill('{"gpt-4o": ["gpt-4o-mini"]}');
    await withNotice(page, 'Saved successfully', () => card.getByRole('button', { name: 'Save' }).click(), 'success');
    await field.fill('{"gpt-4o": "gpt-4o-mini"}');
    await withNotice(page, /each model needs an array of fallback models/, () => card.getByRole('button', { name: 'Save' }).click(), 'error');

    const before = upstream.requests.length;
    const answer = await pageApi<never>(page, 'POST', '/pg/chat/completions', { model: 'gpt-4o', messages: [{ role: 'user', content: 'hello' }] });
    expect((answer as unknown as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('Hello from the fake upstream');
    expect(upstream.requests.slice(before)).toEqual([expect.objectContaining({ model: 'gpt-4o-mini' })]);

    await page.goto(`${site.server.baseUrl}/log`);
    await page.getByRole('heading', { name: 'Usage logs' }).waitFor();
    const row = page.locator('tr.ant-table-row', { hasText: 'gpt-4o-mini' }).first();
    await row.locator('.ant-table-row-expand-icon').click();
    const detail = page.getByTestId('log-detail');
    await detail.getByText('Served by a fallback: gpt-4o was asked for').waitFor();
    expect(await detail.getByTestId('log-route').textContent()).toContain('fallback from gpt-4o to gpt-4o-mini');
    await page.context().close();
  });

  it('switches channel selection to the lowest latency and the route trace shows it', async () => {
    const n = ++attempt;
    const page = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=operation');
    await waitForPath(page, '/setting');
    expect((await pageApi(page, 'PUT', '/api/option/', { key: 'ChannelSelectionStrategy', value: 'weighted' })).success).toBe(true);
    // Two channels in one tier, so there is a choice to make.
    for (const name of [`first-${n}`, `second-${n}`]) {
      const created = await pageApi(page, 'POST', '/api/channel/', { type: 1, name, key: 'sk-latency-e2e', base_url: upstream.url, models: 'gpt-4o-mini', group: 'default' });
      expect(created.success, created.message).toBe(true);
    }
    await page.reload();

    const card = page.getByTestId('settings-general');
    await card.getByLabel('Channel selection').click();
    await page.locator('.ant-select-item-option', { hasText: 'Lowest latency' }).click();
    await withNotice(page, 'Saved successfully', () => card.getByRole('button', { name: 'Save' }).click(), 'success');
    const options = await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/');
    expect(options.data.find((o) => o.key === 'ChannelSelectionStrategy')?.value).toBe('latency');

    await pageApi(page, 'POST', '/pg/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] });
    await page.goto(`${site.server.baseUrl}/log`);
    await page.getByRole('heading', { name: 'Usage logs' }).waitFor();
    await page.locator('tr.ant-table-row', { hasText: 'gpt-4o-mini' }).first().locator('.ant-table-row-expand-icon').click();
    expect(await page.getByTestId('log-detail').getByTestId('log-route').textContent()).toMatch(/latency/);
    await page.context().close();
  });

  it('turns the response cache on and shows a repeated request answered from it in the log', async () => {
    const n = ++attempt;
    const page = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=operation');
    await waitForPath(page, '/setting');
    const reset = await pageApi(page, 'PUT', '/api/option/', [
      { key: 'response_cache.mode', value: 'off' },
      { key: 'response_cache.billing_ratio', value: '0' },
    ]);
    expect(reset.success, reset.message).toBe(true);
    await page.reload();

    const card = page.getByTestId('settings-response-cache');
    await card.getByLabel('When to answer from the cache').click();
    await page.locator('.ant-select-item-option', { hasText: 'Always' }).click();
    await card.getByLabel('Price of a cached answer').fill('0.5');
    await withNotice(page, 'Saved successfully', () => card.getByRole('button', { name: 'Save' }).click(), 'success');

    const before = upstream.requests.length;
    // A question of this attempt's own, so an earlier attempt's cached answer does not count.
    const ask = () => pageApi(page, 'POST', '/pg/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: `cache me ${n}` }] });
    await ask();
    await ask();
    expect(upstream.requests.length).toBe(before + 1);

    await page.goto(`${site.server.baseUrl}/log`);
    await page.getByRole('heading', { name: 'Usage logs' }).waitFor();
    await page.locator('tr.ant-table-row', { hasText: 'gpt-4o-mini' }).first().locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('log-detail').getByText('Answered from the response cache, billed at 0.5 × its cost').waitFor();

    // Root clears the cache from the settings: the same question goes to the upstream again.
    await page.goto(`${site.server.baseUrl}/setting?tab=operation`);
    const stats = page.getByTestId('response-cache-stats');
    await stats.getByText(/[1-9]\d* hits/).waitFor();
    await page.getByTestId('response-cache-clear').click();
    await withNotice(page, /Cleared [1-9]\d* cached answers/, () => page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click(), 'success');
    await stats.getByText(/^0 answers/).waitFor();
    await ask();
    expect(upstream.requests.length).toBe(before + 2);
    await page.context().close();
  });
});
