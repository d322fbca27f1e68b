import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NOT_FOUND, ChannelType, OLLAMA_MODEL_NAME_REQUIRED, OLLAMA_ONLY } from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { startSocks5Proxy } from '../../../test/fake-proxies.js';
import { callJson } from '../../users/users.test-helpers.js';
import { channelSuite, createChannel, type ChannelSuite } from '../admin/channel-admin.test-helpers.js';
import { FAKE_OLLAMA_VERSION, pullProgressLines, startFakeOllama, type FakeOllama } from './fake-ollama.test-helpers.js';
import { NdjsonLines } from './ndjson-lines.js';

/** The `data:` payloads of an SSE answer, in order. */
function sseData(text: string): string[] {
  return text
    .split('\n\n')
    .map((frame) => frame.trim())
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice('data: '.length));
}

describe.each(testDialects())('Ollama helpers (%s)', (dialect) => {
  let s: ChannelSuite;
  let ollama: FakeOllama;
  let channelId: number;

  const createOllama = (fields: Record<string, unknown> = {}) => createChannel(s, { type: ChannelType.Ollama, base_url: ollama.url, key: 'ollama-secret', models: 'llama3.2:latest', ...fields });
  const pullStream = (body: unknown) =>
    s.ctx.app.inject({ method: 'POST', url: '/api/channel/ollama/pull/stream', headers: { ...s.root.session.headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    s = await channelSuite(dialect);
    ollama = await startFakeOllama();
    channelId = await createOllama();
  });
  afterEach(() => {
    ollama.requests.length = 0;
    ollama.failWith = null;
    ollama.unknown.clear();
  });
  afterAll(async () => {
    await ollama?.close();
    await s?.ctx.close();
  });

  it('answers the server\'s version, asked with the channel\'s key', async () => {
    expect(await callJson(s.ctx, 'GET', `/api/channel/ollama/version/${channelId}`, s.root)).toMatchObject({ success: true, data: { version: FAKE_OLLAMA_VERSION } });
    expect(ollama.requests).toMatchObject([{ method: 'GET', path: '/api/version' }]);
    expect(ollama.requests[0].headers.authorization).toBe('Bearer ollama-secret');
  });

  it('calls the native API at the server\'s root when the base URL ends in /v1', async () => {
    const id = await createOllama({ base_url: `${ollama.url}/v1` });
    expect((await callJson(s.ctx, 'GET', `/api/channel/ollama/version/${id}`, s.root)).success).toBe(true);
    expect(ollama.requests[0].path).toBe('/api/version');
  });

  it('pulls a model and answers once Ollama says success', async () => {
    const body = await callJson(s.ctx, 'POST', '/api/channel/ollama/pull', s.root, { channel_id: channelId, model_name: 'qwen2.5:7b' });
    expect(body).toMatchObject({ success: true, message: 'Model qwen2.5:7b pulled successfully' });
    expect(ollama.requests).toHaveLength(1);
    expect(ollama.requests[0]).toMatchObject({ method: 'POST', path: '/api/pull', body: { model: 'qwen2.5:7b', stream: true } });
    expect(ollama.models.has('qwen2.5:7b')).toBe(true);
  });

  it('passes Ollama\'s progress lines on as server-sent events, then the success and [DONE]', async () => {
    const res = await pullStream({ channel_id: channelId, model_name: 'mistral' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = sseData(res.body);
    expect(events.at(-1)).toBe('[DONE]');
    const parsed = events.slice(0, -1).map((e) => JSON.parse(e) as Record<string, unknown>);
    expect(parsed.slice(0, -1)).toEqual(pullProgressLines());
    expect(parsed.at(-1)).toEqual({ message: 'Model mistral pulled successfully' });
    expect(ollama.models.has('mistral:latest')).toBe(true);
  });

  it('reports an error line of Ollama as the pull\'s error, in both forms', async () => {
    ollama.unknown.add('no-such-model');
    const plain = await callJson(s.ctx, 'POST', '/api/channel/ollama/pull', s.root, { channel_id: channelId, model_name: 'no-such-model' });
    expect(plain).toMatchObject({ success: false, message: 'Failed to pull model: pull model manifest: file does not exist' });

    const res = await pullStream({ channel_id: channelId, model_name: 'no-such-model' });
    const events = sseData(res.body);
    expect(JSON.parse(events[0])).toEqual({ status: 'pulling manifest' });
    expect(JSON.parse(events[1])).toEqual({ error: 'Failed to pull model: pull model manifest: file does not exist' });
    expect(events.slice(2)).toEqual(['[DONE]']);
  });

  it('passes on an HTTP error of the server as a clear message, never a 500', async () => {
    ollama.failWith = { status: 500, error: 'llama runner process has terminated' };
    const pull = await s.ctx.app.inject({ method: 'POST', url: '/api/channel/ollama/pull', headers: s.root.session.headers, payload: { channel_id: channelId, model_name: 'x' } });
    expect(pull.statusCode).toBe(200);
    expect(pull.json()).toMatchObject({ success: false, message: 'Failed to pull model: HTTP 500: llama runner process has terminated' });
    expect(await callJson(s.ctx, 'GET', `/api/channel/ollama/version/${channelId}`, s.root)).toMatchObject({
      success: false,
      message: 'Failed to get the Ollama version: HTTP 500: llama runner process has terminated',
    });
    const stream = sseData((await pullStream({ channel_id: channelId, model_name: 'x' })).body);
    expect(stream.map((e) => (e === '[DONE]' ? e : JSON.parse(e)))).toEqual([{ error: 'Failed to pull model: HTTP 500: llama runner process has terminated' }, '[DONE]']);
  });

  it('stops the pull at the Ollama server when the client of the stream goes away', async () => {
    ollama.delayMs = 50;
    const address = await s.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const controller = new AbortController();
      const res = await fetch(`${address}/api/channel/ollama/pull/stream`, {
        method: 'POST',
        headers: { ...s.root.session.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ channel_id: channelId, model_name: 'big-model' }),
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('pulling manifest');
      controller.abort();
      await expect.poll(() => ollama.pullsCut, { timeout: 5000 }).toBe(1);
      expect(ollama.models.has('big-model:latest')).toBe(false);
    } finally {
      ollama.delayMs = 5;
    }
  });

  it('deletes a model, and says so when the server does not have it', async () => {
    ollama.models.add('phi3:latest');
    const body = await s.ctx.app.inject({ method: 'DELETE', url: '/api/channel/ollama/delete', headers: s.root.session.headers, payload: { channel_id: channelId, model_name: 'phi3:latest' } });
    expect(body.json()).toMatchObject({ success: true, message: 'Model phi3:latest deleted successfully' });
    expect(ollama.requests[0]).toMatchObject({ method: 'DELETE', path: '/api/delete', body: { model: 'phi3:latest' } });
    expect(ollama.models.has('phi3:latest')).toBe(false);

    const again = await s.ctx.app.inject({ method: 'DELETE', url: '/api/channel/ollama/delete', headers: s.root.session.headers, payload: { channel_id: channelId, model_name: 'phi3:latest' } });
    expect(again.json()).toMatchObject({ success: false, message: "Failed to delete model: HTTP 404: model 'phi3:latest' not found" });
  });

  it('refuses channels that are not Ollama and unknown channels, before calling anything', async () => {
    const openai = await createChannel(s, { base_url: ollama.url });
    expect(await callJson(s.ctx, 'GET', `/api/channel/ollama/version/${openai}`, s.root)).toMatchObject({ success: false, message: OLLAMA_ONLY });
    expect(await callJson(s.ctx, 'POST', '/api/channel/ollama/pull', s.root, { channel_id: openai, model_name: 'x' })).toMatchObject({ success: false, message: OLLAMA_ONLY });
    const stream = await pullStream({ channel_id: openai, model_name: 'x' });
    expect(stream.headers['content-type']).toContain('application/json');
    expect(stream.json()).toMatchObject({ success: false, message: OLLAMA_ONLY });
    expect(await callJson(s.ctx, 'GET', '/api/channel/ollama/version/999999', s.root)).toMatchObject({ success: false, message: CHANNEL_NOT_FOUND });
    expect(ollama.requests).toHaveLength(0);
  });

  it('refuses bad input with a clear message', async () => {
    expect((await callJson(s.ctx, 'POST', '/api/channel/ollama/pull', s.root, { channel_id: channelId })).message).toContain(OLLAMA_MODEL_NAME_REQUIRED);
    expect((await callJson(s.ctx, 'POST', '/api/channel/ollama/pull', s.root, { channel_id: 'abc', model_name: 'x' })).message).toContain('channel_id must be a channel id');
    expect((await pullStream({ model_name: 'x' })).json()).toMatchObject({ success: false });
    expect((await callJson(s.ctx, 'GET', '/api/channel/ollama/version/abc', s.root)).message).toContain('id must be a positive integer');
    expect(ollama.requests).toHaveLength(0);
  });

  it('answers clearly when nothing listens at the base URL', async () => {
    const closed = await startFakeOllama();
    const url = closed.url;
    await closed.close();
    const id = await createOllama({ base_url: url });
    expect(await callJson(s.ctx, 'GET', `/api/channel/ollama/version/${id}`, s.root)).toMatchObject({ success: false, message: 'Failed to get the Ollama version: connection refused' });
  });

  it('goes through the channel\'s proxy', async () => {
    const proxy = await startSocks5Proxy();
    try {
      const id = await createOllama({ setting: JSON.stringify({ proxy: proxy.url }) });
      expect((await callJson(s.ctx, 'GET', `/api/channel/ollama/version/${id}`, s.root)).success).toBe(true);
      expect(proxy.tunnels.map((t) => [t.port, t.accepted])).toEqual([[Number(new URL(ollama.url).port), true]]);
    } finally {
      await proxy.close();
    }
  });
});

describe('NDJSON lines', () => {
  it('joins lines split across chunks and characters split across bytes', () => {
    const lines = new NdjsonLines();
    const bytes = new TextEncoder().encode('{"status":"pulling"}\n{"status":"é"}\n\n{"status":"success"}');
    const out: string[] = [];
    for (let i = 0; i < bytes.length; i += 3) out.push(...lines.push(bytes.slice(i, i + 3)));
    out.push(...lines.end());
    expect(out).toEqual(['{"status":"pulling"}', '{"status":"é"}', '{"status":"success"}']);
  });

  it('refuses a line longer than its limit', () => {
    expect(() => new NdjsonLines(10).push(new TextEncoder().encode('x'.repeat(20)))).toThrow('too long');
  });
});
