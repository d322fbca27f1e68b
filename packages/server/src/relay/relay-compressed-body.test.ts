import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';

/** MAX_REQUEST_BODY_MB for this file: 64 KB, so a bomb is cheap to build. */
const LIMIT_MB = 1 / 16;
const LIMIT_BYTES = 64 * 1024;

/** Brotli at a quick quality (the default, 11, takes seconds on a megabyte). */
const brotli = (data: Uint8Array | string) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });

interface ErrorBody {
  error: { code: string; message: string; type: string };
}

/** Compressed request bodies (new-api decompresses gzip and br before parsing; we add deflate). */
describe('compressed request bodies', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite', {}, { config: { bodyLimitMb: LIMIT_MB } });
    await r.setOptions({ RetryTimes: 0 });
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('hi back', chatUsage(9, 4), model)));
  });
  afterAll(() => r?.close());
  afterEach(async () => {
    r.upstream.requests.length = 0;
    await r.setOptions({ 'global.pass_through_request_enabled': false });
  });

  const chatJson = () => JSON.stringify({ model, messages: [{ role: 'user', content: 'hello there' }] });
  const send = (path: string, headers: Record<string, string>, body: Uint8Array) =>
    fetch(`${r.gateway}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const sendChat = (key: string, encoding: string, body: Uint8Array) => send('/v1/chat/completions', { authorization: `Bearer ${key}`, 'content-encoding': encoding }, body);

  it.each([
    ['gzip', gzipSync],
    ['br', brotli],
    ['deflate', deflateSync],
  ])('relays and bills a %s-compressed chat request', async (encoding, compress) => {
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await sendChat(token.key, encoding, compress(Buffer.from(chatJson())));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('hi back');
    expect(r.upstream.requests).toHaveLength(1);
    expect(r.upstream.requests[0].body).toMatchObject({ model, messages: [{ role: 'user', content: 'hello there' }] });
    expect(r.upstream.requests[0].headers['content-encoding']).toBeUndefined();
    const quota = r.quotaFor(model, { prompt: 9, completion: 4 });
    await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBe(quota);
    expect(await r.logsOf(user.id, 2)).toHaveLength(1);
  });

  it('forwards the decompressed bytes, without Content-Encoding, in pass-through mode', async () => {
    await r.setOptions({ 'global.pass_through_request_enabled': true });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const json = chatJson();
    const res = await sendChat(token.key, 'gzip', gzipSync(Buffer.from(json)));
    expect(res.status).toBe(200);
    expect(r.upstream.requests[0].raw.toString('utf8')).toBe(json);
    expect(r.upstream.requests[0].headers['content-encoding']).toBeUndefined();
  });

  it('answers a corrupt gzip body with 400 invalid_request, without calling upstream or touching the quota', async () => {
    const user = await r.createUser({ quota: 1_000_000 });
    const token = await r.createApiKey(user.id);
    const truncated = gzipSync(Buffer.from(chatJson())).subarray(0, 20);
    for (const body of [Buffer.from('this is not gzip at all'), truncated]) {
      const res = await sendChat(token.key, 'gzip', body);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.code).toBe('invalid_request');
      expect(error.message).toContain('decompress');
    }
    expect(r.upstream.requests).toHaveLength(0);
    expect(await r.quotaOf(user.id)).toEqual({ quota: 1_000_000, used_quota: 0, request_count: 0 });
  });

  it('answers a small body that inflates past MAX_REQUEST_BODY_MB with 413', async () => {
    const user = await r.createUser({ quota: 1_000_000 });
    const token = await r.createApiKey(user.id);
    const inflated = JSON.stringify({ model, messages: [{ role: 'user', content: 'a'.repeat(LIMIT_BYTES * 16) }] });
    for (const [encoding, body] of [['gzip', gzipSync(inflated)], ['br', brotli(inflated)]] as const) {
      expect(body.length).toBeLessThan(LIMIT_BYTES / 8);
      const res = await sendChat(token.key, encoding, body);
      expect({ encoding, status: res.status }).toEqual({ encoding, status: 413 });
      expect(((await res.json()) as ErrorBody).error.code).toBe('request_too_large');
    }
    // The same body uncompressed and just under the limit still passes, so the cap is the limit itself.
    const fits = JSON.stringify({ model, messages: [{ role: 'user', content: 'lorem ipsum dolor sit amet '.repeat(LIMIT_BYTES).slice(0, LIMIT_BYTES - 200) }] });
    expect((await sendChat(token.key, 'gzip', gzipSync(fits))).status).toBe(200);
    expect(r.upstream.requests).toHaveLength(1);
  });

  it('refuses an encoding it does not know with 415 and a clear message', async () => {
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await sendChat(token.key, 'zstd', Buffer.from(chatJson()));
    expect(res.status).toBe(415);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe('unsupported_content_encoding');
    expect(error.message).toContain('zstd');
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('answers in the caller’s error shape on the Anthropic and Gemini surfaces', async () => {
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const corrupt = Buffer.from('not compressed');
    const claude = await send('/v1/messages', { 'x-api-key': token.key, 'anthropic-version': '2023-06-01', 'content-encoding': 'gzip' }, corrupt);
    expect(claude.status).toBe(400);
    expect(await claude.json()).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('decompress') } });
    const bomb = gzipSync(JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'a'.repeat(LIMIT_BYTES * 4) }] }] }));
    const gemini = await send(`/v1beta/models/${model}:generateContent`, { 'x-goog-api-key': token.key, 'content-encoding': 'gzip' }, bomb);
    expect(gemini.status).toBe(413);
    expect(await gemini.json()).toEqual({ error: { code: 413, message: expect.any(String), status: expect.any(String) } });
    expect(r.upstream.requests).toHaveLength(0);
  });
});
