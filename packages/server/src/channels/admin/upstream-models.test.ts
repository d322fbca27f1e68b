import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_BASE_URL_INVALID, CHANNEL_KEY_REQUIRED, CHANNEL_NOT_FOUND, ChannelType, FETCH_MODELS_FAILED } from '@gw/contracts';
import { errorReply, hangReply, jsonReply, rawReply, startFakeUpstream, type FakeUpstream } from '../../../test/fake-upstream/index.js';
import { testDialects } from '../../../test/test-database.js';
import { UpstreamHttpClient } from '../../platform/http-client.js';
import { getAdapter } from '../../relay/providers/registry.js';
import { callJson } from '../../users/users.test-helpers.js';
import { channelSuite, createChannel, type ChannelSuite } from './channel-admin.test-helpers.js';
import { UpstreamModelsService, parseOpenAIModelList, upstreamErrorReason } from './upstream-models.service.js';

const MODEL_LIST = { object: 'list', data: [{ id: 'gpt-4o', object: 'model' }, { id: 'gpt-4o-mini', object: 'model' }, { id: 'gpt-4o' }, { nope: 1 }] };

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(testDialects())('fetching upstream model lists (%s)', (dialect) => {
  let s: ChannelSuite;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    s = await channelSuite(dialect);
    upstream = await startFakeUpstream({ routes: {} });
  });
  afterEach(() => {
    upstream.requests.length = 0;
  });
  afterAll(async () => {
    await upstream?.close();
    await s?.ctx.close();
  });

  it('asks a saved channel\'s upstream with its key and answers the distinct model ids', async () => {
    upstream.setRoute('GET /v1/models', jsonReply(MODEL_LIST));
    const id = await createChannel(s, { base_url: upstream.url, key: 'sk-fetch-secret' });
    const body = await callJson(s.ctx, 'GET', `/api/channel/fetch_models/${id}`, s.root);
    expect(body).toMatchObject({ success: true, data: ['gpt-4o', 'gpt-4o-mini'] });
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0].headers.authorization).toBe('Bearer sk-fetch-secret');
  });

  it('asks with the first key of a multi-key channel', async () => {
    upstream.setRoute('GET /v1/models', jsonReply(MODEL_LIST));
    const id = await createChannel(s, { base_url: upstream.url, key: 'sk-first\nsk-second' });
    expect((await callJson(s.ctx, 'GET', `/api/channel/fetch_models/${id}`, s.root)).success).toBe(true);
    expect(upstream.requests[0].headers.authorization).toMatch(/^Bearer sk-(first|second)$/);
  });

  it('asks for a channel not saved yet from base URL, type and key, using the adapter\'s own call', async () => {
    upstream.setRoute('GET /v1/models', jsonReply({ data: [{ id: 'claude-3-5-sonnet' }] }));
    const body = await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { base_url: `${upstream.url}/`, type: ChannelType.AnthropicClaude, key: 'sk-ant' });
    expect(body).toMatchObject({ success: true, data: ['claude-3-5-sonnet'] });
    expect(upstream.requests[0].headers['x-api-key']).toBe('sk-ant');
  });

  it('falls back to GET {base}/v1/models for a type without a model-list call, never doubling /v1', async () => {
    upstream.setRoute('GET /v1/models', jsonReply({ data: [{ id: 'mj-model' }] }));
    const body = await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { base_url: `${upstream.url}/v1`, type: ChannelType.MidjourneyProxy, key: 'sk-mj' });
    expect(body).toMatchObject({ success: true, data: ['mj-model'] });
    expect(upstream.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(upstream.requests[0].headers.authorization).toBe('Bearer sk-mj');
  });

  it('answers success=false with the upstream\'s reason when it refuses, never a 500', async () => {
    upstream.setRoute('GET /v1/models', errorReply(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
    const id = await createChannel(s, { base_url: upstream.url });
    const res = await s.ctx.app.inject({ method: 'GET', url: `/api/channel/fetch_models/${id}`, headers: s.root.session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: `${FETCH_MODELS_FAILED}: HTTP 401: Incorrect API key provided` });
  });

  it('answers success=false when the answer is not a model list', async () => {
    upstream.setRoute('GET /v1/models', rawReply('<html>gateway</html>', 'text/html'));
    const body = await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { base_url: upstream.url, type: 1, key: 'k' });
    expect(body.success).toBe(false);
    expect(body.message).toMatch(new RegExp(`^${FETCH_MODELS_FAILED}: `));
  });

  it('answers success=false when nothing listens at the base URL', async () => {
    const body = await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { base_url: `http://127.0.0.1:${await closedPort()}`, type: 1, key: 'k' });
    expect(body).toMatchObject({ success: false, message: `${FETCH_MODELS_FAILED}: connection refused` });
  });

  it('rejects a draft without a key or with a base URL that is not http(s)', async () => {
    const noKey = await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { base_url: upstream.url, type: 1, key: ' ' });
    expect(noKey.message).toContain(CHANNEL_KEY_REQUIRED);
    const badUrl = await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { base_url: 'file:///etc/passwd', type: 1, key: 'k' });
    expect(badUrl.message).toContain(CHANNEL_BASE_URL_INVALID);
    expect(upstream.requests).toHaveLength(0);
  });

  it('asks for an edit not saved yet with the stored key and the form\'s base URL, type and proxy', async () => {
    upstream.setRoute('GET /v1/models', jsonReply(MODEL_LIST));
    const id = await createChannel(s, { base_url: `http://127.0.0.1:${await closedPort()}`, key: 'sk-stored-secret' });
    const body = await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { id, base_url: upstream.url, type: 1, key: '' });
    expect(body).toMatchObject({ success: true, data: ['gpt-4o', 'gpt-4o-mini'] });
    expect(upstream.requests[0].headers.authorization).toBe('Bearer sk-stored-secret');
    // The proxy typed in the form carries the call, even though the saved channel has none.
    const deadProxy = `http://127.0.0.1:${await closedPort()}`;
    const viaProxy = await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { id, base_url: upstream.url, type: 1, setting: JSON.stringify({ proxy: deadProxy }) });
    expect(viaProxy).toMatchObject({ success: false, message: `${FETCH_MODELS_FAILED}: connection refused (through the proxy ${deadProxy})` });
    expect(upstream.requests).toHaveLength(1);
    // A key typed in the form wins over the stored one.
    await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { id, base_url: upstream.url, type: 1, key: 'sk-typed' });
    expect(upstream.requests[1].headers.authorization).toBe('Bearer sk-typed');
  });

  it('refuses an edit\'s fetch without a key for a channel that does not exist or by a bad id', async () => {
    expect(await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { id: 999999, base_url: upstream.url, type: 1 })).toMatchObject({ success: false, message: CHANNEL_NOT_FOUND });
    expect((await callJson(s.ctx, 'POST', '/api/channel/fetch_models', s.root, { id: 'one', base_url: upstream.url, type: 1 })).message).toContain('id must be a channel id');
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers "channel not found, refresh" for a missing channel', async () => {
    expect(await callJson(s.ctx, 'GET', '/api/channel/fetch_models/999999', s.root)).toMatchObject({ success: false, message: CHANNEL_NOT_FOUND });
  });

  it('gives up after its timeout when the upstream never answers', async () => {
    upstream.setRoute('GET /v1/models', hangReply());
    const http = new UpstreamHttpClient();
    try {
      const service = new UpstreamModelsService({ db: s.ctx.db, http, getAdapter, timeoutMs: 300 });
      const started = Date.now();
      await expect(service.forDraft({ base_url: upstream.url, type: 1, key: 'k' })).rejects.toThrow(`${FETCH_MODELS_FAILED}: no answer within 0.3 s`);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await http.close().catch(() => {});
    }
  });
});

describe('model list parsing', () => {
  it('reads the ids of the OpenAI list shape and refuses anything else', () => {
    expect(parseOpenAIModelList(JSON.stringify(MODEL_LIST))).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4o']);
    expect(() => parseOpenAIModelList('{"models":[]}')).toThrow('no model list');
    expect(() => parseOpenAIModelList('nope')).toThrow('not JSON');
  });

  it('takes the upstream\'s error message from the usual shapes', () => {
    expect(upstreamErrorReason(403, '{"error":{"message":"denied"}}')).toBe('HTTP 403: denied');
    expect(upstreamErrorReason(400, '{"error":"bad"}')).toBe('HTTP 400: bad');
    expect(upstreamErrorReason(404, '{"message":"missing"}')).toBe('HTTP 404: missing');
    expect(upstreamErrorReason(502, '<html>')).toBe('HTTP 502');
  });
});
