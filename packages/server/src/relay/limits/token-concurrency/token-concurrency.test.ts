import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { buildApp, type AppDeps } from '../../../app.js';
import { IpcEventBus, IpcLeaseStore } from '../../../platform/cluster/ipc-worker.js';
import { fakeCluster } from '../../../../test/fake-cluster.js';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext, type RelayContextOptions } from '../../../../test/relay-harness.js';
import { errorReply, jsonReply, sseReply } from '../../../../test/fake-upstream/index.js';
import { testConfig } from '../../../../test/test-app.js';
import { testDialects } from '../../../../test/test-database.js';
import { connectTestRedis } from '../../../../test/test-redis.js';

const DRAIN_MS = 100;
const chatBody = (model: string) => ({ model, messages: [{ role: 'user', content: 'hi' }] });

/** A streamed request whose upstream sends a piece every 100 ms for five seconds: it holds its slot until aborted. */
async function openHeldStream(base: string, key: string, model: string): Promise<{ abort: () => void }> {
  const controller = new AbortController();
  const res = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...chatBody(model), stream: true }),
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes('word0')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended before the first piece');
    seen += decoder.decode(value, { stream: true });
  }
  return { abort: () => controller.abort() };
}

const slowStream = () => sseReply(chatStreamEvents(Array.from({ length: 50 }, (_, i) => `word${i} `), chatUsage(5, 50)), { delayMs: 100 });

interface Models {
  fast: string;
  slow: string;
  failing: string;
}

async function prepare(r: RelayContext): Promise<Models> {
  const fast = await r.uniqueModel();
  await r.createChannel({ models: fast, group: 'default,vip' });
  r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(5, 5))));
  const slow = await r.uniqueModel();
  await r.channelOnOwnUpstream(slowStream(), { models: slow, group: 'default,vip' });
  const failing = await r.uniqueModel();
  await r.channelOnOwnUpstream(errorReply(500, { error: { message: 'upstream broke', type: 'server_error' } }), { models: failing, group: 'default,vip' });
  return { fast, slow, failing };
}

function gateSuite(name: string, setup: () => Promise<{ r: RelayContext; teardown: () => Promise<void> }>) {
  describe(`token concurrency gate (${name})`, () => {
    let r: RelayContext;
    let teardown: () => Promise<void>;
    let m: Models;
    beforeAll(async () => {
      ({ r, teardown } = await setup());
      m = await prepare(r);
    });
    afterAll(() => teardown?.());
    afterEach(() => r.setOptions({ TokenConcurrencyPolicy: {} }));

    it('refuses a key at its limit with new-api\'s 429, before any upstream call and without charging', async () => {
      await r.setOptions({ TokenConcurrencyPolicy: { default: { limit: 1, lease_ttl_seconds: 30 } } });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const held = await openHeldStream(r.gateway, token.key, m.slow);
      try {
        const upstreamCalls = r.upstream.requests.length;
        const before = { user: await r.quotaOf(user.id), token: await r.tokenOf(token.id) };
        const refused = await r.post('/v1/chat/completions', token.key, chatBody(m.fast));
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({ error: { message: 'token_concurrency_limit_reached', code: 'token_concurrency_limit_reached', type: 'new_api_error' } });
        expect(r.upstream.requests.length).toBe(upstreamCalls);
        expect({ user: await r.quotaOf(user.id), token: await r.tokenOf(token.id) }).toEqual(before);
        // Another key of the same group and owner is not affected.
        const other = await r.createApiKey(user.id);
        expect((await r.post('/v1/chat/completions', other.key, chatBody(m.fast))).status).toBe(200);
      } finally {
        held.abort();
      }
      // Once the client left the held stream (and the short drain ended), its slot is free again.
      await expect.poll(async () => (await r.post('/v1/chat/completions', token.key, chatBody(m.fast))).status, { timeout: 5_000 }).toBe(200);
    });

    it('frees the slot after a success and after an upstream failure', async () => {
      await r.setOptions({ TokenConcurrencyPolicy: { default: { limit: 1 } } });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const statuses: number[] = [];
      for (const model of [m.fast, m.fast, m.failing, m.failing, m.fast]) statuses.push((await r.post('/v1/chat/completions', token.key, chatBody(model))).status);
      expect(statuses.filter((s) => s === 429)).toEqual([]);
      expect(statuses[0]).toBe(200);
      expect(statuses[2]).toBeGreaterThanOrEqual(500);
      expect(statuses[4]).toBe(200);
    });

    it('lets a key run up to its limit at once', async () => {
      await r.setOptions({ TokenConcurrencyPolicy: { default: { limit: 2 } } });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const a = await openHeldStream(r.gateway, token.key, m.slow);
      const b = await openHeldStream(r.gateway, token.key, m.slow);
      try {
        expect((await r.post('/v1/chat/completions', token.key, chatBody(m.fast))).status).toBe(429);
      } finally {
        a.abort();
        b.abort();
      }
    });

    it('leaves groups the policy does not name unlimited', async () => {
      await r.setOptions({ TokenConcurrencyPolicy: { vip: { limit: 1 } } });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const held = [await openHeldStream(r.gateway, token.key, m.slow), await openHeldStream(r.gateway, token.key, m.slow)];
      try {
        expect((await r.post('/v1/chat/completions', token.key, chatBody(m.fast))).status).toBe(200);
        // The named group is limited.
        const vipUser = await r.createUser({ group: 'vip' });
        const vipKey = await r.createApiKey(vipUser.id);
        const vipHeld = await openHeldStream(r.gateway, vipKey.key, m.slow);
        try {
          expect((await r.post('/v1/chat/completions', vipKey.key, chatBody(m.fast))).status).toBe(429);
        } finally {
          vipHeld.abort();
        }
      } finally {
        for (const h of held) h.abort();
      }
    });

    it('answers new-api\'s 503 for a malformed entry of the key\'s group, without calling upstream', async () => {
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      for (const bad of [{ limit: 0 }, { limit: 'two' }, { limit: 2, lease_ttl_seconds: -1 }, 3]) {
        await r.setOptions({ TokenConcurrencyPolicy: { default: bad } });
        const upstreamCalls = r.upstream.requests.length;
        const res = await r.post('/v1/chat/completions', token.key, chatBody(m.fast));
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ error: { message: 'token_concurrency_unavailable', code: 'token_concurrency_unavailable' } });
        expect(r.upstream.requests.length).toBe(upstreamCalls);
      }
      expect(await r.quotaOf(user.id)).toMatchObject({ used_quota: 0, request_count: 0 });
    });
  });
}

describe.each(testDialects())('%s', (dialect) => {
  gateSuite(`memory, ${dialect}`, async () => {
    const r = await createRelayContext(dialect, {}, { config: { relayDrainAfterDisconnectMs: DRAIN_MS } });
    return { r, teardown: () => r.close() };
  });
});

gateSuite('redis', async () => {
  const { redis, cleanup } = await connectTestRedis();
  const r = await createRelayContext('sqlite', {}, { redis, config: { relayDrainAfterDisconnectMs: DRAIN_MS } });
  return {
    r,
    teardown: async () => {
      await r.close();
      await cleanup();
    },
  };
});

/**
 * Two gateways on one database whose slots are shared — two nodes through one Redis, or two cluster workers
 * through their primary — enforce one limit for a key between them.
 */
function sharedLimitSuite(name: string, share: () => Promise<{ first: RelayContextOptions; second: Pick<AppDeps, 'redis' | 'bus' | 'tokenLeases'>; teardown: () => Promise<void> }>) {
  describe(name, () => {
    let r: RelayContext;
    let second: Pick<AppDeps, 'redis' | 'bus' | 'tokenLeases'>;
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      let first: RelayContextOptions;
      ({ first, second, teardown } = await share());
      r = await createRelayContext('sqlite', {}, { ...first, config: { relayDrainAfterDisconnectMs: DRAIN_MS } });
    });
    afterAll(async () => {
      await r?.close();
      await teardown?.();
    });

    it('enforce one limit for a key between them', async () => {
      const m = await prepare(r);
      await r.setOptions({ TokenConcurrencyPolicy: { default: { limit: 1, lease_ttl_seconds: 5 } } });
      const { app: other, services: otherServices } = await buildApp({ config: { ...testConfig('sqlite'), relayDrainAfterDisconnectMs: DRAIN_MS }, db: r.ctx.db, ...second });
      await other.listen({ port: 0, host: '127.0.0.1' });
      try {
        const otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
        const user = await r.createUser();
        const token = await r.createApiKey(user.id);
        const postTo = (base: string) =>
          fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' }, body: JSON.stringify(chatBody(m.fast)) });
        const held = await openHeldStream(r.gateway, token.key, m.slow);
        try {
          expect((await postTo(otherUrl)).status).toBe(429);
          expect((await postTo(r.gateway)).status).toBe(429);
        } finally {
          held.abort();
        }
        await expect.poll(async () => (await postTo(otherUrl)).status, { timeout: 5_000 }).toBe(200);

        // Twenty slow requests at once over both gateways with a limit of 3: exactly three get through.
        await r.setOptions({ TokenConcurrencyPolicy: { default: { limit: 3 } } });
        await expect.poll(() => otherServices.options.get('TokenConcurrencyPolicy'), { timeout: 5_000 }).toEqual({ default: { limit: 3 } });
        const burstKey = await r.createApiKey(user.id);
        const controller = new AbortController();
        const burst = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            fetch(`${i % 2 ? otherUrl : r.gateway}/v1/chat/completions`, {
              method: 'POST',
              headers: { authorization: `Bearer ${burstKey.key}`, 'content-type': 'application/json' },
              body: JSON.stringify({ ...chatBody(m.slow), stream: true }),
              signal: controller.signal,
            }).then((res) => res.status),
          ),
        );
        controller.abort();
        expect(burst.filter((status) => status === 200)).toHaveLength(3);
        expect(burst.filter((status) => status === 429)).toHaveLength(17);
      } finally {
        await other.close();
      }
    });
  });
}

sharedLimitSuite('two gateway instances sharing one Redis', async () => {
  const { redis, cleanup } = await connectTestRedis();
  return { first: { redis }, second: { redis }, teardown: cleanup };
});

sharedLimitSuite('two cluster workers without Redis, through their primary', async () => {
  const closed = { value: false };
  const [a, b] = fakeCluster(2, { closed });
  return {
    first: { bus: new IpcEventBus(a), tokenLeases: new IpcLeaseStore(a) },
    second: { bus: new IpcEventBus(b), tokenLeases: new IpcLeaseStore(b) },
    teardown: async () => void (closed.value = true),
  };
});
