import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream.js';
import { fixtureReply, sseFixtureRawEvents } from './fixtures.js';
import { dataEvent, errorReply, hangReply, jsonReply, rawReply, resetReply, sseReply } from './replies.js';

let upstream: FakeUpstream | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(`${upstream!.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

describe('startFakeUpstream', () => {
  it('answers a JSON route and records the request with its parsed body', async () => {
    upstream = await startFakeUpstream({ routes: { 'POST /v1/chat/completions': jsonReply({ ok: true }, 201, { 'x-request-id': 'r1' }) } });
    const res = await post('/v1/chat/completions?api-version=1', { model: 'm' }, { authorization: 'Bearer k' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-request-id']).toBe('r1');
    expect(await res.body.json()).toEqual({ ok: true });
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', query: { 'api-version': '1' }, body: { model: 'm' } });
    expect(upstream.requests[0].headers.authorization).toBe('Bearer k');
  });

  it('plays a sequence of replies, repeating the last one', async () => {
    upstream = await startFakeUpstream({ routes: { 'POST /x': [errorReply(500, { error: { message: 'boom' } }), jsonReply({ n: 2 })] } });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await post('/x', {});
      statuses.push(res.statusCode);
      await res.body.dump();
    }
    expect(statuses).toEqual([500, 200, 200]);
  });

  it('streams SSE events in order with the delays asked for', async () => {
    upstream = await startFakeUpstream({ routes: { 'POST /s': sseReply([dataEvent({ a: 1 }), 'event: done\ndata: {"b":2}', dataEvent('[DONE]')], { delayMs: [0, 60, 0] }) } });
    const started = Date.now();
    const res = await post('/s', {});
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(await res.body.text()).toBe('data: {"a":1}\n\nevent: done\ndata: {"b":2}\n\ndata: [DONE]\n\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('breaks a stream off after the given number of events', async () => {
    upstream = await startFakeUpstream({ routes: { 'POST /s': sseReply([dataEvent({ a: 1 }), dataEvent({ a: 2 }), dataEvent({ a: 3 })], { resetAfter: 1 }) } });
    const res = await post('/s', {});
    const received: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of res.body) received.push(chunk.toString());
      })(),
    ).rejects.toThrow();
    expect(received.join('')).toBe('data: {"a":1}\n\n');
  });

  it('resets the connection without answering', async () => {
    upstream = await startFakeUpstream({ routes: { 'POST /r': resetReply() } });
    await expect(post('/r', {})).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|UND_ERR_SOCKET/) });
  });

  it('hangs until the client gives up, and close() ends the hung connection', async () => {
    upstream = await startFakeUpstream({ routes: { 'POST /h': hangReply() } });
    await expect(request(`${upstream.url}/h`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(150) })).rejects.toThrow();
    const pending = post('/h', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    await upstream.close();
    upstream = undefined;
    await expect(pending).rejects.toThrow();
  });

  it('answers raw text and binary bodies with their content type', async () => {
    upstream = await startFakeUpstream({
      routes: { 'POST /audio': rawReply(new Uint8Array([1, 2, 3]), 'audio/mpeg'), 'POST /html': errorReply(502, '<html>bad gateway</html>') },
    });
    const audio = await post('/audio', {});
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(new Uint8Array(await audio.body.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const html = await post('/html', {});
    expect(html.statusCode).toBe(502);
    expect(await html.body.text()).toBe('<html>bad gateway</html>');
  });

  it('parses multipart uploads into fields', async () => {
    upstream = await startFakeUpstream({ routes: { 'POST /v1/audio/transcriptions': jsonReply({ text: 'hi' }) } });
    const body = Buffer.concat([
      Buffer.from('--B\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n'),
      Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n'),
      Buffer.from([9, 8]),
      Buffer.from('\r\n--B--\r\n'),
    ]);
    const res = await request(`${upstream.url}/v1/audio/transcriptions`, { method: 'POST', body, headers: { 'content-type': 'multipart/form-data; boundary=B' } });
    await res.body.dump();
    expect(upstream.requests[0].body).toEqual([
      { name: 'model', value: 'whisper-1' },
      { name: 'file', value: { filename: 'a.wav', contentType: 'audio/wav', data: new Uint8Array([9, 8]) } },
    ]);
  });

  it('answers 404 for an unknown route, uses a catch-all route when given, and can change routes while running', async () => {
    upstream = await startFakeUpstream({ routes: {} });
    const missing = await post('/nope', {});
    expect(missing.statusCode).toBe(404);
    expect(await missing.body.json()).toMatchObject({ error: { message: 'no fake route for POST /nope' } });
    upstream.setRoute('*', jsonReply({ any: true }));
    const caught = await post('/anything', {});
    expect(await caught.body.json()).toEqual({ any: true });
  });

  it('chooses a reply from the request when the route is a function', async () => {
    upstream = await startFakeUpstream({ routes: { 'POST /f': (req) => jsonReply({ echo: (req.body as { model: string }).model }) } });
    expect(await (await post('/f', { model: 'abc' })).body.json()).toEqual({ echo: 'abc' });
  });

  it('keeps no requests when recording is off', async () => {
    upstream = await startFakeUpstream({ routes: { 'POST /x': jsonReply({}) }, record: false });
    await (await post('/x', {})).body.dump();
    expect(upstream.requests).toEqual([]);
  });

  it('replays provider fixtures exactly as recorded', async () => {
    upstream = await startFakeUpstream({
      routes: { 'POST /v2/chat': fixtureReply('cohere', 'chat-stream'), 'POST /v1/chat/completions': fixtureReply('openai', 'error-429') },
    });
    const stream = await post('/v2/chat', {});
    expect(await stream.body.text()).toBe(sseFixtureRawEvents('cohere', 'chat-stream').map((e) => `${e}\n\n`).join(''));
    const limited = await post('/v1/chat/completions', {});
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('2');
    expect(await limited.body.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });
});
