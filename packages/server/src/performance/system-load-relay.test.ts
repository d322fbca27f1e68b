import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';
import { testDialects } from '../../test/test-database.js';
import type { LoadSource } from './system-load.js';

/** A machine at these usage percentages (CPU as measured between two readings). */
function machineAt(state: { cpu: number; memory: number; disk: number }): LoadSource {
  let busy = 0;
  let idle = 0;
  return {
    cpus: () => {
      busy += state.cpu;
      idle += 100 - state.cpu;
      return [{ model: 'fake', speed: 1, times: { user: busy, nice: 0, sys: 0, idle, irq: 0 } }];
    },
    totalmem: () => 1000,
    freemem: () => 1000 - state.memory * 10,
    statfs: async () => ({ bsize: 1, blocks: 100, bfree: 100 - state.disk, bavail: 100 - state.disk }),
  };
}

/** new-api's defaults, switched on (the check is off by default here). */
const MONITOR_ON = {
  'performance_setting.monitor_enabled': true,
  'performance_setting.monitor_cpu_threshold': 90,
  'performance_setting.monitor_memory_threshold': 90,
  'performance_setting.monitor_disk_threshold': 95,
};

describe.each(testDialects())('system performance check on relay routes (%s)', (dialect) => {
  let r: RelayContext;
  let model: string;
  let key: string;
  let userId: number;
  let tokenId: number;
  beforeAll(async () => {
    r = await createRelayContext(dialect, { 'POST /v1/chat/completions': jsonReply(chatCompletion('served')) });
    // Off until an operator turns it on: a busy machine keeps serving.
    expect(r.ctx.services.options.get('performance_setting.monitor_enabled')).toBe(false);
    await r.setOptions({ RetryTimes: 0, ...MONITOR_ON });
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
    const user = await r.createUser();
    userId = user.id;
    const token = await r.createApiKey(user.id, { remainQuota: 1_000_000 });
    key = token.key;
    tokenId = token.id;
  });
  afterAll(() => r?.close());
  afterEach(async () => {
    await r.setOptions(MONITOR_ON);
    r.upstream.requests.length = 0;
  });

  /** Puts the gateway's machine in `state` and waits for two samples (CPU needs an interval). */
  async function machine(state: { cpu: number; memory: number; disk: number }) {
    const load = r.ctx.services.systemLoad;
    load.readFrom(machineAt(state));
    await load.sample();
    await load.sample();
  }

  const chat = () => r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }] });
  const claude = () => r.post('/v1/messages', key, { model, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }, { 'x-api-key': key });
  const gemini = () => fetch(`${r.gateway}/v1beta/models/${model}:generateContent`, { method: 'POST', headers: { 'x-goog-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }) });

  it('answers 503 in each surface’s error shape while a usage is above its threshold, without an upstream call or a quota change', async () => {
    await r.settled();
    const before = { user: await r.quotaOf(userId), token: await r.tokenOf(tokenId), holds: await r.holdsOf(userId) };
    await machine({ cpu: 95, memory: 10, disk: 10 });
    const openai = await chat();
    expect(openai.status).toBe(503);
    expect(await openai.json()).toEqual({ error: expect.objectContaining({ code: 'system_cpu_overloaded', type: 'new_api_error', message: expect.stringContaining('CPU') }) });

    await machine({ cpu: 10, memory: 95, disk: 10 });
    const anthropic = await claude();
    expect(anthropic.status).toBe(503);
    const claudeBody = (await anthropic.json()) as { type: string; error: { type: string; message: string } };
    expect(claudeBody.type).toBe('error');
    expect(claudeBody.error.message).toContain('memory');

    await machine({ cpu: 10, memory: 10, disk: 96 });
    const google = await gemini();
    expect(google.status).toBe(503);
    expect(await google.json()).toEqual({ error: expect.objectContaining({ code: 503, status: 'UNAVAILABLE', message: expect.stringContaining('disk') }) });

    // An unknown key is refused the same way: the check comes before the key's.
    expect((await r.post('/v1/chat/completions', 'sk-unknown', { model })).status).toBe(503);
    expect(r.upstream.requests).toHaveLength(0);
    await r.settled();
    expect({ user: await r.quotaOf(userId), token: await r.tokenOf(tokenId), holds: await r.holdsOf(userId) }).toEqual(before);
    expect(await r.logsOf(userId, 2)).toHaveLength(0);
  });

  it('refuses task submissions and realtime sessions the same way, and still answers task queries', async () => {
    await machine({ cpu: 95, memory: 10, disk: 10 });
    const post = (path: string, body: unknown) =>
      fetch(`${r.gateway}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const mj = await post('/mj/submit/imagine', { prompt: 'a cat' });
    expect(mj.status).toBe(503);
    expect(await mj.json()).toMatchObject({ description: expect.stringContaining('CPU') });
    const video = await post('/v1/video/generations', { model: 'sora-2', prompt: 'a cat' });
    expect(video.status).toBe(503);
    const realtime = await upgradeStatus(`${r.gateway}/v1/realtime?model=${model}`, key);
    expect(realtime.status).toBe(503);
    expect(JSON.parse(realtime.body)).toEqual({ error: expect.objectContaining({ code: 'system_cpu_overloaded' }) });
    // Reading a task is not new work.
    expect((await fetch(`${r.gateway}/mj/task/nope/fetch`, { headers: { authorization: `Bearer ${key}` } })).status).not.toBe(503);
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('still lists models while overloaded (new-api checks relay work only)', async () => {
    await machine({ cpu: 99, memory: 99, disk: 99 });
    const res = await fetch(`${r.gateway}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
  });

  it('serves as usual below the thresholds, with a check turned off (0), and with monitoring disabled', async () => {
    await machine({ cpu: 90.9, memory: 90, disk: 95 });
    expect((await chat()).status).toBe(200);

    await machine({ cpu: 99, memory: 10, disk: 10 });
    expect((await chat()).status).toBe(503);
    await r.setOptions({ 'performance_setting.monitor_cpu_threshold': 0 });
    expect((await chat()).status).toBe(200);

    await r.setOptions({ 'performance_setting.monitor_cpu_threshold': 90 });
    expect((await chat()).status).toBe(503);
    await r.setOptions({ 'performance_setting.monitor_enabled': false });
    const served = await chat();
    expect(served.status).toBe(200);
    expect(((await served.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('served');
    expect(r.upstream.requests.length).toBeGreaterThan(0);
  });

  it('reports the figures, thresholds and verdict in GET /api/performance/stats', async () => {
    await machine({ cpu: 50, memory: 92, disk: 40 });
    const stats = r.ctx.services.systemLoad.view();
    expect(stats).toMatchObject({ monitor_enabled: true, cpu_usage: 50, memory_usage: 92, disk_usage: 40, cpu_threshold: 90, memory_threshold: 90, disk_threshold: 95, overloaded: 'system_memory_overloaded' });
  });
});

/** The answer to a WebSocket upgrade request that the gateway refuses (or 101 when it accepts). */
function upgradeStatus(url: string, key: string): Promise<{ status: number; body: string }> {
  const headers = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64'), authorization: `Bearer ${key}` };
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, body: '' });
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
