import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role, type ChannelHealth, type ChannelHealthOverview } from '@gw/contracts';
import { chatCompletion, createRelayContext, startSecondNode, useRedisRelayContext, type RelayContext } from '../../../test/relay-harness.js';
import { errorReply, jsonReply } from '../../../test/fake-upstream/index.js';
import { json, member, type Member } from '../../../test/test-app.js';
import type { FastifyInstance } from 'fastify';

const serverError = errorReply(500, { error: { message: 'the server had an error', type: 'server_error' } });

async function overviewOf(app: FastifyInstance, root: Member): Promise<ChannelHealthOverview> {
  const body = json(await app.inject({ method: 'GET', url: '/api/channel/health', headers: root.session.headers }));
  expect(body.success).toBe(true);
  return body.data;
}

const healthOf = async (app: FastifyInstance, root: Member, channelId: number): Promise<ChannelHealth | undefined> =>
  (await overviewOf(app, root)).channels.find((c) => c.channel_id === channelId);

const reset = async (app: FastifyInstance, root: Member, payload: unknown) =>
  json(await app.inject({ method: 'POST', url: '/api/channel/health/reset', headers: root.session.headers, payload: payload as object }));

/** A caller sending chat requests for a model through the gateway at `base`. */
async function caller(r: RelayContext) {
  const user = await r.createUser();
  const { key } = await r.createApiKey(user.id);
  return (model: string, base = r.gateway) =>
    fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
}

describe('channel health for administrators', () => {
  let r: RelayContext;
  let root: Member;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    root = await member(r.ctx, { role: Role.Root });
  });
  afterAll(() => r?.close());
  afterEach(() => r.setOptions({ RetryTimes: 0 }));

  it('shows a failing channel cooling down with its failures, and a served one with its first-byte latency', async () => {
    await r.setOptions({ RetryTimes: 0 });
    const model = await r.uniqueModel();
    const failing = await r.channelOnOwnUpstream(serverError, { models: model });
    const served = await r.channelOnOwnUpstream(jsonReply(chatCompletion('hello')), { models: `${model}-ok` });
    const ask = await caller(r);
    for (let i = 0; i < 4; i++) expect((await ask(model)).status).toBe(500);
    expect(await healthOf(r.ctx.app, root, failing.id)).toMatchObject({ cooling_seconds: 0, recent_requests: 4, recent_failures: 4 });

    expect((await ask(model)).status).toBe(500);
    const overview = await overviewOf(r.ctx.app, root);
    expect(overview).toMatchObject({ processes: 1, window_seconds: 60, failure_threshold: 5, window_size: 20 });
    const cooling = overview.channels.find((c) => c.channel_id === failing.id)!;
    expect(cooling.cooling_processes).toBe(1);
    expect(cooling.cooling_seconds).toBeGreaterThan(25);
    expect(cooling.cooling_seconds).toBeLessThanOrEqual(30);
    expect(r.ctx.services.health.isCooling(failing.id)).toBe(true);
    expect(served.upstream.requests).toHaveLength(0);
    expect(await healthOf(r.ctx.app, root, served.id)).toBeUndefined();
  });

  it('measures the first byte per model of a channel that answered', async () => {
    const model = await r.uniqueModel();
    const served = await r.channelOnOwnUpstream(jsonReply(chatCompletion('hello')), { models: model });
    const ask = await caller(r);
    expect((await ask(model)).status).toBe(200);
    const health = await healthOf(r.ctx.app, root, served.id);
    expect(health).toMatchObject({ cooling_seconds: 0, recent_requests: 1, recent_failures: 0 });
    expect(Object.keys(health!.first_byte_ms)).toEqual([model]);
    expect(health!.first_byte_ms[model]).toBeGreaterThanOrEqual(0);
  });

  it("ends one channel's cool-down, or every channel's, so they serve again at once", async () => {
    await r.setOptions({ RetryTimes: 0 });
    const model = await r.uniqueModel();
    const first = await r.channelOnOwnUpstream(serverError, { models: model });
    const other = await r.uniqueModel();
    const second = await r.channelOnOwnUpstream(serverError, { models: other });
    const ask = await caller(r);
    for (let i = 0; i < 5; i++) {
      await ask(model);
      await ask(other);
    }
    expect(r.ctx.services.health.isCooling(first.id)).toBe(true);
    expect(r.ctx.services.health.isCooling(second.id)).toBe(true);

    expect(await reset(r.ctx.app, root, { id: first.id })).toMatchObject({ success: true, message: expect.stringContaining(`#${first.id}`) });
    expect(await healthOf(r.ctx.app, root, first.id)).toBeUndefined();
    expect((await healthOf(r.ctx.app, root, second.id))?.cooling_seconds).toBeGreaterThan(0);
    first.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('back')));
    const before = first.upstream.requests.length;
    expect((await ask(model)).status).toBe(200);
    expect(first.upstream.requests).toHaveLength(before + 1);

    expect(await reset(r.ctx.app, root, { all: true })).toMatchObject({ success: true });
    expect(r.ctx.services.health.isCooling(second.id)).toBe(false);
  });

  it('refuses a malformed reset with a clear message, and both calls to anyone but root', async () => {
    for (const payload of [{}, { id: 0 }, { id: 'x' }, { id: 1.5 }, { all: false }, { id: 1, all: true }]) {
      const body = await reset(r.ctx.app, root, payload);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/channel id|every channel/);
    }
    const admin = await member(r.ctx, { role: Role.Admin });
    const user = await member(r.ctx);
    for (const who of [admin, user]) {
      expect((await r.ctx.app.inject({ method: 'GET', url: '/api/channel/health', headers: who.session.headers })).statusCode).toBe(403);
      expect((await r.ctx.app.inject({ method: 'POST', url: '/api/channel/health/reset', headers: who.session.headers, payload: { all: true } })).statusCode).toBe(403);
    }
  });
});

describe('channel health reset across gateway nodes sharing Redis', () => {
  const shared = useRedisRelayContext();

  it("ends a cool-down another node started", async () => {
    const { r, redis } = shared;
    await r.setOptions({ RetryTimes: 0 });
    const root = await member(r.ctx, { role: Role.Root });
    const model = await r.uniqueModel();
    const failing = await r.channelOnOwnUpstream(serverError, { models: model });
    const ask = await caller(r);
    const second = await startSecondNode(r, redis);
    try {
      for (let i = 0; i < 5; i++) expect((await ask(model, second.url)).status).toBe(500);
      expect((await healthOf(second.app, root, failing.id))?.cooling_seconds).toBeGreaterThan(0);
      // This node never saw the failures, but it was told of the cool-down; its reset ends it on both.
      await expect.poll(async () => (await healthOf(r.ctx.app, root, failing.id))?.cooling_seconds ?? 0).toBeGreaterThan(0);
      expect(await healthOf(r.ctx.app, root, failing.id)).toMatchObject({ recent_requests: 0 });
      expect((await reset(r.ctx.app, root, { id: failing.id })).success).toBe(true);
      await expect.poll(async () => (await healthOf(second.app, root, failing.id))?.cooling_seconds ?? 0).toBe(0);
      expect((await healthOf(r.ctx.app, root, failing.id))?.cooling_seconds ?? 0).toBe(0);
    } finally {
      await second.close();
    }
  });
});
