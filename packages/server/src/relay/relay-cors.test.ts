import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, sseReply } from '../../test/fake-upstream/index.js';

const ORIGIN = 'https://chat.example.com';

/** The CORS headers of an answer, as a browser would read them. */
const corsOf = (res: Response) => ({
  origin: res.headers.get('access-control-allow-origin'),
  credentials: res.headers.get('access-control-allow-credentials'),
  vary: res.headers.get('vary'),
});

/**
 * Open CORS on the token-authenticated surfaces (new-api allows every origin there), checked over real
 * HTTP: relay answers are written to the raw socket after Fastify's reply is hijacked, so headers that
 * only live on the Fastify reply would be lost, and inject() would not tell.
 */
describe('CORS on the gateway surfaces', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    await r.setOptions({ RetryTimes: 0 });
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
  });
  afterAll(() => r?.close());
  afterEach(() => {
    r.upstream.requests.length = 0;
  });

  const chat = (key: string, body: Record<string, unknown>, headers: Record<string, string> = { origin: ORIGIN }) =>
    r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }], ...body }, headers);

  it('answers a preflight on /v1/chat/completions with 204 and the allowed methods and headers, without any key', async () => {
    const res = await fetch(`${r.gateway}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, x-stainless-os' },
    });
    expect(res.status).toBe(204);
    expect(corsOf(res)).toEqual({ origin: ORIGIN, credentials: 'true', vary: expect.stringContaining('Origin') });
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type, x-stainless-os');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('answers a preflight on /v1/messages and on /v1beta with the default header list when none is asked for', async () => {
    for (const path of ['/v1/messages', `/v1beta/models/${model}:generateContent`]) {
      const res = await fetch(`${r.gateway}${path}`, { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } });
      expect({ path, status: res.status }).toEqual({ path, status: 204 });
      expect(corsOf(res)).toMatchObject({ origin: ORIGIN, credentials: 'true' });
      const allowed = res.headers.get('access-control-allow-headers')!.split(',').map((h) => h.trim());
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-api-key', 'x-goog-api-key', 'anthropic-version', 'new-api-user']));
    }
  });

  it('puts the headers on a relayed JSON answer', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('hello', chatUsage(5, 2), model)));
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await chat(token.key, {});
    expect(res.status).toBe(200);
    expect(corsOf(res)).toEqual({ origin: ORIGIN, credentials: 'true', vary: 'Origin' });
    expect(res.headers.get('x-new-api-version')).toBeTruthy();
    expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('hello');
  });

  it('puts the headers on a streamed answer', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['Hel', 'lo'])));
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await chat(token.key, { stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(corsOf(res)).toEqual({ origin: ORIGIN, credentials: 'true', vary: 'Origin' });
    expect(await res.text()).toContain('data: [DONE]');
  });

  it('puts the headers on error answers: a bad key (before the reply is taken over) and an upstream failure (after)', async () => {
    const badKey = await chat('sk-not-a-real-key-at-all', {});
    expect(badKey.status).toBe(401);
    expect(corsOf(badKey)).toEqual({ origin: ORIGIN, credentials: 'true', vary: 'Origin' });
    expect(((await badKey.json()) as { error: { message: string } }).error.message).toBeTruthy();

    r.upstream.setRoute('POST /v1/chat/completions', errorReply(500, { error: { message: 'boom', type: 'server_error' } }));
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const failed = await chat(token.key, {});
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(corsOf(failed)).toEqual({ origin: ORIGIN, credentials: 'true', vary: 'Origin' });
    expect(r.upstream.requests).toHaveLength(1);
  });

  it('adds nothing for a caller that sends no Origin (SDKs, scripts), and covers the model list and unknown gateway paths', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('hello', chatUsage(5, 2), model)));
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const noOrigin = await chat(token.key, {}, {});
    expect(noOrigin.status).toBe(200);
    expect(corsOf(noOrigin)).toEqual({ origin: null, credentials: null, vary: null });

    const models = await fetch(`${r.gateway}/v1/models`, { headers: { authorization: `Bearer ${token.key}`, origin: ORIGIN } });
    expect(models.status).toBe(200);
    expect(corsOf(models)).toEqual({ origin: ORIGIN, credentials: 'true', vary: 'Origin' });

    const unknown = await fetch(`${r.gateway}/v1/no-such-endpoint`, { method: 'POST', headers: { origin: ORIGIN } });
    expect(unknown.status).toBe(404);
    expect(corsOf(unknown).origin).toBe(ORIGIN);
  });

  it('gives the console routes under /api no CORS headers at all, but the key-authenticated reads and billing do', async () => {
    const status = await fetch(`${r.gateway}/api/status`, { headers: { origin: ORIGIN } });
    expect(status.status).toBe(200);
    expect(corsOf(status)).toEqual({ origin: null, credentials: null, vary: null });

    const usage = await fetch(`${r.gateway}/api/usage/token`, { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'GET' } });
    expect(usage.status).toBe(204);
    expect(usage.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const billing = await fetch(`${r.gateway}/dashboard/billing/subscription`, { headers: { origin: ORIGIN } });
    expect(billing.status).toBe(401);
    expect(corsOf(billing)).toEqual({ origin: ORIGIN, credentials: 'true', vary: 'Origin' });

    const preflight = await fetch(`${r.gateway}/api/user/login`, { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } });
    expect(preflight.status).not.toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });
});
