import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChannelStatus, Role } from '@gw/contracts';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../../test/relay-harness.js';
import { errorReply, fixtureReply, jsonReply, type RecordedRequest } from '../../../test/fake-upstream/index.js';
import { signIn, testConfig, type SignedIn } from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import { nowSeconds } from '../../platform/clock.js';
import { ChannelTester } from './channel-tester.js';

const REVOKED_KEY = 'sk-revoked-key';
const invalidKeyReply = errorReply(401, { error: { message: 'Incorrect API key provided: sk-revo****', type: 'invalid_request_error', code: 'invalid_api_key' } });

/** Answers chat completions, except for the revoked key, which gets a 401. */
function chatByKey(req: RecordedRequest) {
  return req.headers.authorization === `Bearer ${REVOKED_KEY}` ? invalidKeyReply : jsonReply(chatCompletion('pong', chatUsage(3, 1)));
}

/** An upstream that holds every chat completion until `release()` is called. */
async function startGatedUpstream() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let received = 0;
  const body = JSON.stringify(chatCompletion('held', chatUsage(2, 1)));
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      void gate.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('testing all channels and updating all balances (/api/channel)', () => {
  let r: RelayContext;
  let root: SignedIn;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    root = await signIn(r.ctx.app, await r.createUser({ role: Role.Root }));
  });
  afterAll(() => r?.close());
  afterEach(async () => {
    vi.restoreAllMocks();
    await r.setOptions({ AutomaticDisableChannelEnabled: false });
    // Both calls cover every channel of the site: the next test starts with none left enabled.
    await r.ctx.db.updateTable('channels').set({ status: ChannelStatus.ManuallyDisabled }).execute();
    r.upstream.requests.length = 0;
  });

  const get = async (url: string, headers = root.headers) => r.ctx.app.inject({ method: 'GET', url, headers });
  const channelRow = (id: number) =>
    r.ctx.db.selectFrom('channels').select(['status', 'other_info', 'response_time', 'test_time', 'balance', 'balance_updated_time']).where('id', '=', id).executeTakeFirstOrThrow();

  const lockReleased = () => expect.poll(() => r.ctx.db.selectFrom('job_locks').select('name').where('name', '=', 'channel-test-all').execute()).toEqual([]);

  /** Starts a test of all channels and waits for the background run it starts; returns the run's counts. */
  async function testAllChannels(): Promise<{ tested: number; failed: number }> {
    const runs = vi.spyOn(ChannelTester.prototype, 'testAll');
    const answer = (await get('/api/channel/test')).json();
    expect(answer).toMatchObject({ success: true, message: expect.stringContaining('has started'), data: { started: true } });
    expect(runs).toHaveBeenCalledTimes(1);
    const counts = await (runs.mock.results[0].value as Promise<{ tested: number; failed: number }>);
    runs.mockRestore();
    await lockReleased();
    return counts;
  }

  it('is for the top administrator only', async () => {
    const runs = vi.spyOn(ChannelTester.prototype, 'testAll');
    const admin = await signIn(r.ctx.app, await r.createUser({ role: Role.Admin }));
    expect((await get('/api/channel/test', admin.headers)).statusCode).toBe(403);
    expect((await get('/api/channel/update_balance', admin.headers)).statusCode).toBe(403);
    expect(runs).not.toHaveBeenCalled();
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('tests every channel not disabled by hand, records response and test time, and disables a failing one when automatic disabling is on', async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: true });
    r.upstream.setRoute('POST /v1/chat/completions', chatByKey);
    const good = await r.createChannel({ models: 'gpt-4o-mini' });
    const failing = await r.createChannel({ models: 'gpt-4o-mini', key: REVOKED_KEY });
    const byHand = await r.createChannel({ models: 'gpt-4o-mini', status: ChannelStatus.ManuallyDisabled });
    const startedAt = nowSeconds();

    expect(await testAllChannels()).toEqual({ tested: 2, failed: 1 });
    expect(r.upstream.requests).toHaveLength(2);

    const goodRow = await channelRow(good);
    expect(goodRow.status).toBe(ChannelStatus.Enabled);
    expect(goodRow.test_time).toBeGreaterThanOrEqual(startedAt);
    expect(goodRow.response_time).toBeGreaterThanOrEqual(0);

    const failingRow = await channelRow(failing);
    expect(failingRow.status).toBe(ChannelStatus.AutoDisabled);
    expect(failingRow.test_time).toBeGreaterThanOrEqual(startedAt);
    expect(JSON.parse(failingRow.other_info!).status_reason).toContain('Incorrect API key');
    expect(r.ctx.services.routing.table.channel(failing)).toBeUndefined();
    expect(r.ctx.services.routing.table.channel(good)).toBeDefined();

    expect(await channelRow(byHand)).toMatchObject({ status: ChannelStatus.ManuallyDisabled, test_time: 0 });
  });

  it('keeps a failing channel enabled when automatic disabling is off', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', chatByKey);
    const failing = await r.createChannel({ models: 'gpt-4o-mini', key: REVOKED_KEY });
    expect(await testAllChannels()).toEqual({ tested: 1, failed: 1 });
    const row = await channelRow(failing);
    expect(row.status).toBe(ChannelStatus.Enabled);
    expect(row.test_time).toBeGreaterThan(0);
  });

  it('refuses a second run while one is going, and runs again once it has finished', async () => {
    const upstream = await startGatedUpstream();
    try {
      await r.createChannel({ models: 'gpt-4o-mini', base_url: upstream.url });
      const runs = vi.spyOn(ChannelTester.prototype, 'testAll');
      expect((await get('/api/channel/test')).json()).toMatchObject({ success: true, message: expect.stringContaining('has started') });
      await waitFor(() => upstream.received() === 1);

      expect((await get('/api/channel/test')).json()).toMatchObject({ success: true, message: 'a test of all channels is already running', data: { started: false } });
      // Another process of the site (a cluster worker, another node) sees the same run.
      const other = await buildApp({ config: testConfig('sqlite'), db: r.ctx.db });
      try {
        const answer = await other.app.inject({ method: 'GET', url: '/api/channel/test', headers: root.headers });
        expect(answer.json()).toMatchObject({ success: true, data: { started: false } });
      } finally {
        await other.app.close();
      }
      expect(runs).toHaveBeenCalledTimes(1);

      upstream.release();
      expect(await runs.mock.results[0].value).toEqual({ tested: 1, failed: 0 });
      // The site-wide lock is released once the run has ended.
      await lockReleased();
      expect((await get('/api/channel/test')).json()).toMatchObject({ success: true, message: expect.stringContaining('has started') });
      expect(runs).toHaveBeenCalledTimes(2);
      expect(await runs.mock.results[1].value).toEqual({ tested: 1, failed: 0 });
      expect(upstream.received()).toBe(2);
    } finally {
      await upstream.close();
    }
  });

  it('updates the balance of every enabled channel that reports one and answers how many were updated and failed', async () => {
    r.upstream.setRoute('GET /user/balance', (req) =>
      req.headers.authorization === 'Bearer sk-deepseek-good' ? fixtureReply('deepseek', 'balance') : errorReply(401, { error: { message: 'Authentication Fails', type: 'authentication_error' } }),
    );
    const updated = await r.createChannel({ type: 43, models: 'deepseek-chat', key: 'sk-deepseek-good' });
    const refused = await r.createChannel({ type: 43, models: 'deepseek-chat', key: 'sk-deepseek-bad' });
    const noBalance = await r.createChannel({ type: 1, models: 'gpt-4o-mini' });
    const byHand = await r.createChannel({ type: 43, models: 'deepseek-chat', key: 'sk-deepseek-good', status: ChannelStatus.ManuallyDisabled });
    const startedAt = nowSeconds();

    const res = await get('/api/channel/update_balance');
    expect(res.json()).toMatchObject({ success: true, data: { updated: 1, failed: 1 } });
    expect(r.upstream.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /user/balance', 'GET /user/balance']);

    const updatedRow = await channelRow(updated);
    expect(updatedRow.balance).toBe(110);
    expect(updatedRow.balance_updated_time).toBeGreaterThanOrEqual(startedAt);
    expect(await channelRow(refused)).toMatchObject({ balance: 0, balance_updated_time: 0 });
    expect(await channelRow(noBalance)).toMatchObject({ balance: 0, balance_updated_time: 0 });
    expect(await channelRow(byHand)).toMatchObject({ balance: 0, balance_updated_time: 0 });
  });

  it('answers zero counts when no channel reports a balance', async () => {
    await r.createChannel({ type: 1, models: 'gpt-4o-mini' });
    expect((await get('/api/channel/update_balance')).json()).toMatchObject({ success: true, data: { updated: 0, failed: 0 } });
    expect(r.upstream.requests).toHaveLength(0);
  });
});
