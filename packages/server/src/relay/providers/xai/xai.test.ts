import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import type { AdapterContext } from '../provider-adapter.js';
import { xaiAdapter } from './index.js';

const dataOf = (e: { data: unknown }): any => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data);

/** The JSON body the adapter sends for a chat request for `model` (the upstream model after mapping). */
function sentChat(model: string, extra: Record<string, unknown> = {}, ctx: Partial<AdapterContext> = {}) {
  const req = xaiAdapter.buildRequest(jsonBody({ model, messages: [{ role: 'user', content: 'hi' }], ...extra }), testContext({ upstreamModel: model, ...ctx }));
  return sentJson((req as { body: string }).body);
}

/** The JSON body the adapter sends for a Responses request for `model`. */
function sentResponses(model: string, extra: Record<string, unknown> = {}, ctx: Partial<AdapterContext> = {}) {
  const req = xaiAdapter.buildRequest(jsonBody({ model, input: 'Weather in Oslo?', ...extra }), testContext({ endpoint: 'responses', upstreamModel: model, ...ctx }));
  return sentJson((req as { body: string }).body);
}

describe('xaiAdapter requests', () => {
  it('calls the /v1 paths of api.x.ai, a /v1 base URL once', () => {
    const urlOf = (endpoint: AdapterContext['endpoint'], baseUrl = '') =>
      (xaiAdapter.buildRequest(jsonBody({ model: 'grok-4', prompt: 'x', input: 'x' }), testContext({ endpoint, channel: { baseUrl } })) as { url: string }).url;
    expect(urlOf('chat')).toBe('https://api.x.ai/v1/chat/completions');
    expect(urlOf('chat', 'https://api.x.ai/v1')).toBe('https://api.x.ai/v1/chat/completions');
    expect(urlOf('completions')).toBe('https://api.x.ai/v1/completions');
    expect(urlOf('responses')).toBe('https://api.x.ai/v1/responses');
    expect(urlOf('images.generations')).toBe('https://api.x.ai/v1/images/generations');
    expect(xaiAdapter.supports('embeddings')).toBe(false);
    expect(xaiAdapter.modelList?.request(testContext().channel).url).toBe('https://api.x.ai/v1/models');
  });

  it('sends a -search model that reaches chat without the suffix, and never Live Search (xAI answers it 410)', () => {
    expect(sentChat('grok-3-search')).toEqual({ model: 'grok-3', messages: [{ role: 'user', content: 'hi' }] });
    expect(sentChat('grok-4')).not.toHaveProperty('search_parameters');
  });

  it('serves only -search models through the Responses API', () => {
    expect(xaiAdapter.servesOnlyByResponses?.('grok-4-0709-search')).toBe(true);
    expect(xaiAdapter.servesOnlyByResponses?.('grok-3-mini-low-search')).toBe(true);
    expect(xaiAdapter.servesOnlyByResponses?.('grok-4-0709')).toBe(false);
    expect(xaiAdapter.servesOnlyByResponses?.('grok-3-mini-high')).toBe(false);
    expect(xaiAdapter.servesOnlyByResponses?.('-search')).toBe(false);
  });

  it('sends a -search model to /v1/responses without the suffix and with the web_search tool added', () => {
    expect(sentResponses('grok-4-0709-search')).toEqual({ model: 'grok-4-0709', input: 'Weather in Oslo?', tools: [{ type: 'web_search' }] });
    const fn = { type: 'function', name: 'get_time', parameters: { type: 'object', properties: {} } };
    expect(sentResponses('grok-4-search', { tools: [fn] }).tools).toEqual([fn, { type: 'web_search' }]);
    // A web_search tool of the client's (with its own filters) is not listed twice; an x_search one gets web_search beside it.
    const own = { type: 'web_search', allowed_domains: ['yr.no'] };
    expect(sentResponses('grok-4-search', { tools: [own] }).tools).toEqual([own]);
    expect(sentResponses('grok-4-search', { tools: [{ type: 'x_search' }] }).tools).toEqual([{ type: 'x_search' }, { type: 'web_search' }]);
    const plain = sentResponses('grok-4-0709', { stream: true }, { stream: true });
    expect(plain).toEqual({ model: 'grok-4-0709', input: 'Weather in Oslo?', stream: true });
  });

  it('turns the grok-3-mini -high / -low before -search into reasoning.effort on Responses, unless the client set one', () => {
    expect(sentResponses('grok-3-mini-high-search')).toMatchObject({ model: 'grok-3-mini', reasoning: { effort: 'high' }, tools: [{ type: 'web_search' }] });
    expect(sentResponses('grok-3-mini-fast-low-search', { reasoning: { summary: 'auto' } })).toMatchObject({ model: 'grok-3-mini-fast', reasoning: { summary: 'auto', effort: 'low' } });
    expect(sentResponses('grok-3-mini-high-search', { reasoning: { effort: 'low' } })).toMatchObject({ model: 'grok-3-mini', reasoning: { effort: 'low' } });
    expect(sentResponses('grok-4-high-search')).toEqual({ model: 'grok-4-high', input: 'Weather in Oslo?', tools: [{ type: 'web_search' }] });
  });

  it('turns a -high / -low grok-3-mini model into reasoning_effort, and leaves other models alone', () => {
    expect(sentChat('grok-3-mini-high')).toMatchObject({ model: 'grok-3-mini', reasoning_effort: 'high' });
    expect(sentChat('grok-3-mini-fast-low', { reasoning_effort: 'high' })).toMatchObject({ model: 'grok-3-mini-fast', reasoning_effort: 'low' });
    expect(sentChat('grok-3-mini-low-search')).toMatchObject({ model: 'grok-3-mini', reasoning_effort: 'low' });
    expect(sentChat('grok-3-mini-low-search')).not.toHaveProperty('search_parameters');
    expect(sentChat('grok-3-mini')).not.toHaveProperty('reasoning_effort');
    // Only grok-3-mini takes reasoning_effort: a -high on another model is its name, not an effort.
    expect(sentChat('grok-4-high')).toMatchObject({ model: 'grok-4-high' });
    expect(sentChat('grok-4-high')).not.toHaveProperty('reasoning_effort');
  });

  it('sends max_tokens as max_completion_tokens, and a max_completion_tokens of the client as it is', () => {
    const moved = sentChat('grok-4', { max_tokens: 512 });
    expect(moved).toMatchObject({ max_completion_tokens: 512 });
    expect(moved).not.toHaveProperty('max_tokens');
    const both = sentChat('grok-3-mini', { max_tokens: 512, max_completion_tokens: 2048 });
    expect(both).toMatchObject({ max_completion_tokens: 2048 });
    expect(both).not.toHaveProperty('max_tokens');
    expect(sentChat('grok-4')).not.toHaveProperty('max_completion_tokens');
  });

  it('asks for the stream usage, and leaves out the image fields xAI does not take', () => {
    expect(sentChat('grok-4', { stream: true }, { stream: true })).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    const image = xaiAdapter.buildRequest(
      jsonBody({ model: 'grok-imagine-image', prompt: 'a lighthouse', n: 2, size: '1024x1024', style: 'vivid', quality: 'high', response_format: 'b64_json' }),
      testContext({ endpoint: 'images.generations', upstreamModel: 'grok-imagine-image' }),
    );
    expect(sentJson((image as { body: string }).body)).toEqual({ model: 'grok-imagine-image', prompt: 'a lighthouse', n: 2, quality: 'high', response_format: 'b64_json' });
  });
});

describe('xaiAdapter answers', () => {
  it('counts the reasoning xAI leaves out of completion_tokens once, in the bill and in the answer', () => {
    const res = xaiAdapter.parseResponse(bytes(fixtureBodyText('xai', 'chat')), 'application/json', testContext());
    // xAI: prompt 31 + completion 11 + reasoning 243 = total 285.
    expect(res.usage).toMatchObject({ promptTokens: 31, completionTokens: 254, reasoningTokens: 243, cachedTokens: 3 });
    expect(res.raw).toBeUndefined();
    const body = res.body as any;
    expect(body.usage).toMatchObject({ prompt_tokens: 31, completion_tokens: 254, total_tokens: 285, completion_tokens_details: { reasoning_tokens: 243 } });
    expect(body.choices[0].message.reasoning_content).toContain('408');
  });

  it('keeps an answer without reasoning as it came, and bills no num_sources_used (Live Search is gone)', () => {
    const chat = fixtureBodyText('xai', 'chat');
    const raw = JSON.stringify({ ...JSON.parse(chat), usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17, completion_tokens_details: { reasoning_tokens: 0 }, num_sources_used: 3 } });
    const res = xaiAdapter.parseResponse(bytes(raw), 'application/json', testContext());
    expect(Buffer.from(res.raw!).toString('utf8')).toBe(raw);
    expect(res.usage).toMatchObject({ promptTokens: 12, completionTokens: 5, reasoningTokens: 0 });
    expect(res.usage?.webSearchCalls).toBeUndefined();
  });

  it('reads Responses API usage as OpenAI does: reasoning already inside output_tokens', () => {
    const raw = fixtureBodyText('xai', 'responses');
    const res = xaiAdapter.parseResponse(bytes(raw), 'application/json', testContext({ endpoint: 'responses' }));
    expect(res.usage).toMatchObject({ promptTokens: 19, completionTokens: 230, reasoningTokens: 228 });
    expect(res.usage?.webSearchCalls).toBeUndefined();
    expect(res.raw).toBeDefined();
  });

  it('bills the web searches of a Responses answer as xAI counts them, once', () => {
    const answer = JSON.parse(fixtureBodyText('xai', 'responses-web-search'));
    const usageOf = (body: Record<string, unknown>) => xaiAdapter.parseResponse(bytes(JSON.stringify(body)), 'application/json', testContext({ endpoint: 'responses' })).usage;
    expect(usageOf(answer)).toMatchObject({ promptTokens: 2841, completionTokens: 412, reasoningTokens: 318, cachedTokens: 640, webSearchCalls: 2 });
    // The output lists every call attempted; the usage details count the successful ones xAI bills.
    const attempted = [...answer.output.slice(0, 2), { ...answer.output[1], id: 'ws_retry', status: 'failed' }, answer.output[2]];
    expect(usageOf({ ...answer, output: attempted })?.webSearchCalls).toBe(2);
    const details = (calls: number) => ({ ...answer.usage, server_side_tool_usage_details: { ...answer.usage.server_side_tool_usage_details, web_search_calls: calls } });
    expect(usageOf({ ...answer, usage: details(0) })?.webSearchCalls).toBeUndefined();
    // Older answers without the details: their web_search_call items.
    const { server_side_tool_usage_details: _details, ...olderUsage } = answer.usage;
    expect(usageOf({ ...answer, output: attempted, usage: olderUsage })?.webSearchCalls).toBe(3);
  });

  it('passes a Responses stream on unchanged and bills its final usage with the searches xAI counts', () => {
    const ctx = testContext({ endpoint: 'responses', stream: true });
    xaiAdapter.buildRequest(jsonBody({ model: 'grok-4-0709-search', input: 'Weather in Oslo today?', stream: true }), ctx);
    const translator = xaiAdapter.createStreamTranslator(ctx);
    const events = sseFixtureEvents('xai', 'responses-web-search-stream');
    const out = events.flatMap((e) => translator.push(e));
    expect(out.map((e) => e.data)).toEqual(events.map((e) => e.data));
    expect(translator.usage()).toMatchObject({ promptTokens: 1587, completionTokens: 236, reasoningTokens: 214, webSearchCalls: 1 });
    expect(translator.drainText!(true)).toBe('Light rain in Oslo today, around 14 °C.');
  });

  it('restates the usage of every stream chunk and bills the last one', () => {
    const ctx = testContext({ stream: true });
    xaiAdapter.buildRequest(jsonBody({ model: 'grok-4', messages: [], stream: true }), ctx);
    const translator = xaiAdapter.createStreamTranslator(ctx);
    const out = sseFixtureEvents('xai', 'chat-stream').flatMap((e) => translator.push(e));
    expect(out).toHaveLength(4);
    expect(out.map((e) => dataOf(e).usage.completion_tokens)).toEqual([165, 167, 169, 169]);
    expect(out.every((e) => dataOf(e).usage.total_tokens === dataOf(e).usage.prompt_tokens + dataOf(e).usage.completion_tokens)).toBe(true);
    expect(dataOf(out[3]).choices[0].finish_reason).toBe('stop');
    expect(translator.usage()).toMatchObject({ promptTokens: 22, completionTokens: 169, reasoningTokens: 164 });
    expect(translator.drainText!(true)).toBe('Blue light scatters most.');
  });

  it('reads the 400 it answers a bad key with', () => {
    expect(xaiAdapter.parseError(400, fixtureBodyText('xai', 'error-400'), testContext())).toEqual({
      message: 'Incorrect API key provided: xa***Qz. You can obtain an API key from https://console.x.ai.',
      type: undefined,
      code: 'Client specified an invalid argument',
    });
  });
});
