import { describe, expect, it } from 'vitest';
import { ChannelType } from '@gw/contracts';
import { fixtureBodyText, jsonFixture, sseFixtureEvents, sseFixtureText } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import type { AdapterContext, ChannelInfo, OutboundEvent, UpstreamRequest } from '../provider-adapter.js';
import { RelayError } from '../../relay-error.js';
import { classifyUpstreamError, type UpstreamErrorPolicy } from '../../pipeline/retry-policy.js';
import { codexAdapter, codexApiRoot } from './index.js';
import { parseCodexError } from './upstream-error.js';

const fixture = (name: string) => fixtureBodyText('codex', name);

/** A context whose AuthPort answers fixed tokens and records the channels it was asked about. */
function codexContext(overrides: Partial<Omit<AdapterContext, 'channel'>> & { channel?: Partial<ChannelInfo> } = {}) {
  const asked: ChannelInfo[] = [];
  const ctx = testContext({
    endpoint: 'responses',
    upstreamModel: 'gpt-5-codex',
    ...overrides,
    auth: {
      googleAccessToken: () => Promise.reject(new Error('not used')),
      codexAccess: (channel) => {
        asked.push(channel);
        return Promise.resolve({ accessToken: 'at-fresh', accountId: 'acc-123' });
      },
    },
    channel: { type: ChannelType.Codex, key: '{"access_token":"x"}', baseUrl: 'https://chatgpt.com', ...overrides.channel },
  });
  return { ctx, asked };
}

async function build(json: Record<string, unknown>, overrides: Parameters<typeof codexContext>[0] = {}) {
  const { ctx, asked } = codexContext(overrides);
  const req = (await codexAdapter.buildRequest(jsonBody(json), ctx)) as UpstreamRequest;
  return { req, sent: sentJson(req.body), ctx, asked };
}

const policy: UpstreamErrorPolicy = { disableKeywords: [], disableStatuses: '401', retryStatuses: '100-199,300-399,401-407,409-499,500-503,505-599' };

describe('codexAdapter requests', () => {
  it('serves Responses and compaction itself, and chat (so Claude and Gemini) only through the Responses bridge', async () => {
    expect(['responses', 'responses.compact', 'chat'].every((e) => codexAdapter.supports(e as never))).toBe(true);
    expect(codexAdapter.supports('embeddings')).toBe(false);
    expect(codexAdapter.servesOnlyByResponses?.('gpt-5')).toBe(true);
    expect(codexAdapter.rewritesNativeBody).toBe(true);
    await expect(codexAdapter.buildRequest(jsonBody({ model: 'gpt-5', messages: [] }), codexContext({ endpoint: 'chat' }).ctx)).rejects.toBeInstanceOf(RelayError);
  });

  it('posts to the backend-api Codex path of the channel base URL, whatever part of it the base URL names', () => {
    expect(codexApiRoot('https://chatgpt.com')).toBe('https://chatgpt.com/backend-api/codex');
    expect(codexApiRoot('https://chatgpt.com/backend-api/')).toBe('https://chatgpt.com/backend-api/codex');
    expect(codexApiRoot('https://mirror.example/backend-api/codex')).toBe('https://mirror.example/backend-api/codex');
    expect(codexApiRoot('')).toBe('https://chatgpt.com/backend-api/codex');
  });

  it('authorises with the port’s access token and account id, and sends the Codex CLI’s headers', async () => {
    const { req, asked, ctx } = await build({ model: 'gpt-5-codex', input: 'hi', prompt_cache_key: 'conv-42' });
    expect(asked).toEqual([ctx.channel]);
    expect(req.url).toBe('https://chatgpt.com/backend-api/codex/responses');
    expect(req.headers).toMatchObject({
      Authorization: 'Bearer at-fresh',
      'chatgpt-account-id': 'acc-123',
      'OpenAI-Beta': 'responses=experimental',
      originator: 'codex_cli_rs',
      session_id: 'conv-42',
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
    });
    const other = await build({ model: 'gpt-5-codex', input: 'hi' });
    expect(other.req.headers.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('always streams, stores nothing, sends an instructions string and leaves out what the backend refuses', async () => {
    const { sent } = await build(
      { model: 'alias', input: 'Write a haiku', max_output_tokens: 100, temperature: 0.2, top_p: 0.9, truncation: 'auto', presence_penalty: 1, store: true, reasoning: { effort: 'high' } },
      { stream: false },
    );
    expect(sent).toEqual({
      model: 'gpt-5-codex',
      instructions: '',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Write a haiku' }] }],
      reasoning: { effort: 'high' },
      stream: true,
      store: false,
    });
  });

  it('keeps the client’s instructions and puts text content and system messages in the form the backend takes', async () => {
    const { sent } = await build({
      model: 'gpt-5',
      instructions: 'Be terse.',
      input: [
        { role: 'system', content: 'You review code.' },
        { type: 'message', role: 'user', content: 'Look at this' },
        { type: 'message', role: 'assistant', content: 'Looks fine.' },
        { type: 'function_call_output', call_id: 'c1', output: '42' },
      ],
    });
    expect(sent.instructions).toBe('Be terse.');
    expect(sent.input).toEqual([
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'You review code.' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Look at this' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Looks fine.' }] },
      { type: 'function_call_output', call_id: 'c1', output: '42' },
    ]);
  });

  it('sends a compaction as one JSON request to /responses/compact, not streamed', async () => {
    const { req, sent } = await build({ model: 'gpt-5-codex', input: [{ role: 'user', content: 'Refactor the parser.' }] }, { endpoint: 'responses.compact' });
    expect(req.url).toBe('https://chatgpt.com/backend-api/codex/responses/compact');
    expect(req.headers.Accept).toBe('application/json');
    expect(sent).toEqual({ model: 'gpt-5-codex', instructions: '', input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Refactor the parser.' }] }] });
  });

  it('fails the request with the port’s error (a key it cannot read, a refused refresh)', async () => {
    const ctx = testContext({ endpoint: 'responses', auth: { googleAccessToken: () => Promise.reject(new Error('x')), codexAccess: () => Promise.reject(new Error('refused')) } });
    await expect(codexAdapter.buildRequest(jsonBody({ model: 'm', input: 'hi' }), ctx)).rejects.toThrow('refused');
  });
});

describe('codexAdapter answers', () => {
  it('collects a whole stream into one response for a client that did not stream, the output rebuilt from the streamed items', () => {
    const { ctx } = codexContext({ stream: false });
    const res = codexAdapter.parseResponse(bytes(sseFixtureText('codex', 'responses-stream')), 'text/event-stream; charset=utf-8', ctx);
    const body = res.body as Record<string, any>;
    expect(body).toMatchObject({ id: 'resp_0c3c8f5d2a1e4b7c', object: 'response', status: 'completed', model: 'gpt-5-codex' });
    expect(body.output.map((i: { type: string }) => i.type)).toEqual(['reasoning', 'message']);
    expect(body.output[1].content[0].text).toBe('Hello there!');
    expect(res.raw).toBeUndefined();
    expect(res.usage).toMatchObject({ promptTokens: 1536, cachedTokens: 1024, completionTokens: 60, reasoningTokens: 48 });
  });

  it('keeps function calls of a collected stream', () => {
    const res = codexAdapter.parseResponse(bytes(sseFixtureText('codex', 'responses-tool-stream')), 'text/event-stream', codexContext().ctx);
    const call = (res.body as Record<string, any>).output[1];
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris"}', call_id: 'call_Qm4fTz8kL2pX' });
    expect(res.usage).toMatchObject({ promptTokens: 310, completionTokens: 85, reasoningTokens: 64 });
  });

  it('reports a failed or cut-short stream as the upstream’s error', () => {
    const { ctx } = codexContext();
    expect(() => codexAdapter.parseResponse(bytes(sseFixtureText('codex', 'responses-failed-stream')), 'text/event-stream', ctx)).toThrow('An error occurred while processing your request.');
    const cut = sseFixtureText('codex', 'responses-stream').split('event: response.completed')[0];
    expect(() => codexAdapter.parseResponse(bytes(cut), 'text/event-stream', ctx)).toThrow('ended before the response completed');
  });

  it('reads a compaction answer as JSON with its usage', () => {
    const res = codexAdapter.parseResponse(bytes(fixture('compact')), 'application/json', codexContext({ endpoint: 'responses.compact' }).ctx);
    expect((res.body as Record<string, unknown>).object).toBe('response.compaction');
    expect(res.usage).toMatchObject({ promptTokens: 2048, cachedTokens: 1536, completionTokens: 512 });
  });

  it('passes a stream on event by event, with the completed event’s empty output filled from the streamed items', () => {
    const { ctx } = codexContext({ stream: true });
    expect(codexAdapter.isStream('text/event-stream', ctx)).toBe(true);
    const translator = codexAdapter.createStreamTranslator(ctx);
    const out: OutboundEvent[] = sseFixtureEvents('codex', 'responses-stream').flatMap((e) => translator.push(e));
    expect(out).toHaveLength(13);
    expect(out[6]).toEqual({ event: 'response.output_text.delta', data: expect.stringContaining('"delta":"Hello"') });
    const completed = out.at(-1)!;
    expect(completed.event).toBe('response.completed');
    const data = completed.data as Record<string, any>;
    expect(data.response.output.map((i: { id: string }) => i.id)).toEqual(['rs_0c3c8f5d2a1e4b7c01', 'msg_0c3c8f5d2a1e4b7c02']);
    expect(data.response.usage.total_tokens).toBe(1596);
    expect(translator.usage()).toMatchObject({ promptTokens: 1536, cachedTokens: 1024, completionTokens: 60, reasoningTokens: 48 });
  });
});

describe('codexAdapter errors', () => {
  it('treats a refused access token as the channel’s authentication failure, grounds for disabling it', () => {
    for (const name of ['error-401', 'error-401-expired']) {
      const info = codexAdapter.parseError(401, fixture(name), codexContext().ctx);
      expect(info.type).toBe('authentication_error');
      expect(classifyUpstreamError(401, info, { ...policy, disableStatuses: '' }).disableReason).not.toBeNull();
    }
    expect(codexAdapter.parseError(401, fixture('error-401'), codexContext().ctx).message).toBe('Unauthorized');
    expect(codexAdapter.parseError(401, fixture('error-401-expired'), codexContext().ctx)).toMatchObject({
      message: 'Your authentication token has expired. Please try signing in again.',
      code: 'token_expired',
    });
  });

  it('tells a spent plan allowance with its plan and reset, retried elsewhere and cooled down until then', () => {
    const info = codexAdapter.parseError(429, fixture('error-429-usage-limit'), codexContext().ctx);
    expect(info).toMatchObject({ code: 'usage_limit_reached', type: 'usage_limit_reached', retryAfterSeconds: 4521 });
    expect(info.message).toBe('The usage limit has been reached (plus plan); it resets in 75 min');
    const verdict = classifyUpstreamError(429, info, policy);
    expect(verdict).toMatchObject({ retry: true, channelFault: true, disableReason: null });
    const resetsAt = parseCodexError(429, JSON.stringify({ error: { type: 'usage_limit_reached', message: 'Limit hit', resets_at: 1_000_000 + 7200 } }), 1_000_000 * 1000);
    expect(resetsAt).toMatchObject({ retryAfterSeconds: 7200, message: 'Limit hit; it resets in 2 h' });
  });

  it('passes the backend’s refusal of a parameter on as the caller’s mistake', () => {
    const info = codexAdapter.parseError(400, fixture('error-400-unsupported'), codexContext().ctx);
    expect(info.message).toBe('Unsupported parameter: max_output_tokens');
    expect(classifyUpstreamError(400, info, policy).kind).toBe('client');
    expect(jsonFixture('codex', 'error-400-unsupported').status).toBe(400);
  });
});
