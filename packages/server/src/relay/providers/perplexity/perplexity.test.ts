import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { perplexityAdapter } from './index.js';

const dataOf = (e: { data: unknown }): any => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data);

describe('perplexityAdapter', () => {
  it('calls /chat/completions without /v1, and a /v1 base URL once', () => {
    const plain = perplexityAdapter.buildRequest(jsonBody({ model: 'sonar', messages: [] }), testContext());
    expect(plain).toMatchObject({ method: 'POST', url: 'https://api.perplexity.ai/chat/completions', headers: { Authorization: 'Bearer sk-upstream-key' } });
    const v1 = perplexityAdapter.buildRequest(jsonBody({ model: 'sonar', messages: [] }), testContext({ channel: { baseUrl: 'https://api.perplexity.ai/v1/' } }));
    expect((v1 as { url: string }).url).toBe('https://api.perplexity.ai/v1/chat/completions');
    expect(perplexityAdapter.supports('chat')).toBe(true);
    expect(perplexityAdapter.supports('embeddings')).toBe(false);
    expect(perplexityAdapter.modelList).toBeUndefined();
  });

  it('never sends stream_options, and keeps its own search fields', () => {
    const ctx = testContext({ stream: true, upstreamModel: 'sonar-pro' });
    const body = { model: 'sonar-pro', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true }, search_domain_filter: ['esa.int'], search_mode: 'academic' };
    const sent = sentJson((perplexityAdapter.buildRequest(jsonBody(body), ctx) as { body: string }).body);
    expect(sent).toEqual({ model: 'sonar-pro', messages: [{ role: 'user', content: 'hi' }], stream: true, search_domain_filter: ['esa.int'], search_mode: 'academic' });
    const bare = sentJson((perplexityAdapter.buildRequest(jsonBody({ model: 'sonar', messages: [], stream: true }), ctx) as { body: string }).body);
    expect(bare).not.toHaveProperty('stream_options');
  });

  it('passes the answer through unchanged and reads its usage', () => {
    const raw = fixtureBodyText('perplexity', 'chat');
    const res = perplexityAdapter.parseResponse(bytes(raw), 'application/json', testContext());
    expect(Buffer.from(res.raw!).toString('utf8')).toBe(raw);
    expect((res.body as any).search_results[1]).toMatchObject({ url: 'https://science.nasa.gov/milky-way/', source: 'web' });
    expect((res.body as any).citations).toHaveLength(2);
    expect(res.usage).toMatchObject({ promptTokens: 18, completionTokens: 96, reasoningTokens: 0 });
    expect(res.usage?.webSearchCalls).toBeUndefined();
  });

  it('bills Deep Research citation tokens as prompt, its reasoning once as completion, and its searches', () => {
    const raw = fixtureBodyText('perplexity', 'chat-deep-research');
    const res = perplexityAdapter.parseResponse(bytes(raw), 'application/json', testContext());
    // prompt 41 + citation 12480; completion 2350 + reasoning 61200 (total_tokens 2391 counts neither).
    expect(res.usage).toMatchObject({ promptTokens: 12521, completionTokens: 63550, reasoningTokens: 61200, webSearchCalls: 14 });
    // The client gets Perplexity's own usage (and its cost breakdown) as it came.
    expect((res.body as any).usage).toMatchObject({ prompt_tokens: 41, completion_tokens: 2350, citation_tokens: 12480, cost: { total_cost: 0.2974 } });
    expect(res.raw).toBeDefined();
  });

  it('streams its chunks through unchanged and takes the usage of the last one', () => {
    const ctx = testContext({ stream: true });
    perplexityAdapter.buildRequest(jsonBody({ model: 'sonar', messages: [], stream: true }), ctx);
    const translator = perplexityAdapter.createStreamTranslator(ctx);
    const events = sseFixtureEvents('perplexity', 'chat-stream');
    const out = events.flatMap((e) => translator.push(e));
    expect(out).toHaveLength(4);
    expect(out.map((e) => e.data)).toEqual(events.slice(0, 4).map((e) => e.data));
    expect(dataOf(out[3]).search_results[0].url).toBe('https://www.admin.ch/gov/en/start/federal-council.html');
    expect(translator.usage()).toMatchObject({ promptTokens: 9, completionTokens: 9 });
    expect(translator.drainText!(true)).toBe('Bern is the federal city of Switzerland[1].');
    expect(translator.complete?.()).toBe(true);
  });

  it('removes the usage a client refused from the chunks', () => {
    const ctx = testContext({ stream: true });
    perplexityAdapter.buildRequest(jsonBody({ model: 'sonar', messages: [], stream: true, stream_options: { include_usage: false } }), ctx);
    const translator = perplexityAdapter.createStreamTranslator(ctx);
    const out = sseFixtureEvents('perplexity', 'chat-stream').flatMap((e) => translator.push(e));
    expect(out.some((e) => 'usage' in dataOf(e))).toBe(false);
    expect(translator.usage()).toMatchObject({ promptTokens: 9, completionTokens: 9 });
  });

  it('reads its JSON errors and the HTML page it answers a bad key with', () => {
    expect(perplexityAdapter.parseError(400, fixtureBodyText('perplexity', 'error-400'), testContext())).toMatchObject({
      message: expect.stringContaining("Invalid model 'sonar-huge'"),
      type: 'invalid_model',
      code: '400',
    });
    expect(perplexityAdapter.parseError(401, fixtureBodyText('perplexity', 'error-401'), testContext()).message).toBe('upstream answered with status 401: 401 Authorization Required');
  });
});
