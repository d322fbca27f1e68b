import { beforeAll, describe, expect, it } from 'vitest';
import { ChannelType } from '@gw/contracts';
import { readChatStream, useRelayContext } from '../../test/relay-harness.js';
import { fixtureReply, type RecordedRequest, type Reply } from '../../test/fake-upstream/index.js';

/** What ToolCallPrice's default web_search price ($10 per 1000) adds for `calls` searches, in quota (500,000 a dollar). */
const searchQuota = (calls: number) => calls * (10 / 1000) * 500_000;

/**
 * Perplexity (no /v1 in its path) and xAI (/v1) answer from the fake upstream with the recorded fixtures;
 * each test says which one the next request gets.
 */
describe('Perplexity and xAI channels with the official OpenAI client (sqlite)', () => {
  let perplexityReply: () => Reply = () => fixtureReply('perplexity', 'chat');
  let xaiReply: () => Reply = () => fixtureReply('xai', 'chat');
  let xaiResponsesReply: () => Reply = () => fixtureReply('xai', 'responses-web-search');
  const context = useRelayContext({
    'POST /chat/completions': () => perplexityReply(),
    'POST /v1/chat/completions': () => xaiReply(),
    'POST /v1/responses': () => xaiResponsesReply(),
  });

  /** A model of its own on a fresh channel of `type`, sent upstream as `upstreamName`. */
  async function channelFor(type: number, upstreamName: string, input: { key?: string } = {}) {
    const model = await context().uniqueModel();
    const id = await context().createChannel({ type, models: model, model_mapping: JSON.stringify({ [model]: upstreamName }), ...input });
    return { model, id };
  }
  /** The consume log of the request just made. */
  async function lastLog() {
    const r = context();
    await r.settled();
    const log = (await r.logsOf(r.userId, 2)).at(-1)!;
    return { log, other: JSON.parse(log.other!) as Record<string, any> };
  }
  const sent = (): Record<string, any> => context().upstream.requests.at(-1)!.body as Record<string, any>;

  describe('Perplexity', () => {
    let deepResearch: string;
    let sonar: string;
    beforeAll(async () => {
      deepResearch = (await channelFor(ChannelType.Perplexity, 'sonar-deep-research')).model;
      sonar = (await channelFor(ChannelType.Perplexity, 'sonar')).model;
    });

    it('passes citations and search results on and bills citation, reasoning and search usage', async () => {
      perplexityReply = () => fixtureReply('perplexity', 'chat-deep-research');
      const r = context();
      const answer = await r.openai(r.key).chat.completions.create({ model: deepResearch, messages: [{ role: 'user', content: 'State of grid storage?' }] });
      const extra = answer as unknown as { citations: string[]; search_results: { url: string }[] };
      expect(extra.citations[0]).toBe('https://www.iea.org/reports/batteries-and-secure-energy-transitions');
      expect(extra.search_results.map((s) => s.url)).toEqual(extra.citations);
      expect(answer.usage).toMatchObject({ prompt_tokens: 41, completion_tokens: 2350, citation_tokens: 12480, reasoning_tokens: 61200, num_search_queries: 14 });
      expect(context().upstream.requests.at(-1)!.path).toBe('/chat/completions');
      expect(sent().model).toBe('sonar-deep-research');

      const { log, other } = await lastLog();
      expect(log).toMatchObject({ prompt_tokens: 41 + 12480, completion_tokens: 2350 + 61200, is_stream: 0 });
      expect(other).toMatchObject({ reasoning_tokens: 61200, web_search_calls: 14, web_search_price: 10 });
      expect(log.quota).toBe(r.quotaFor(deepResearch, { prompt: 12521, completion: 63550 }) + searchQuota(14));
    });

    it('streams the chunks with their search results, never sending stream_options, and bills the last usage', async () => {
      perplexityReply = () => fixtureReply('perplexity', 'chat-stream');
      const r = context();
      const stream = await r.openai(r.key).chat.completions.create({ model: sonar, messages: [{ role: 'user', content: 'Capital of Switzerland?' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      let usage: unknown;
      let citations: unknown;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.usage) usage = chunk.usage;
        citations = (chunk as unknown as { citations?: string[] }).citations ?? citations;
      }
      expect(text).toBe('Bern is the federal city of Switzerland[1].');
      expect(citations).toEqual(['https://www.admin.ch/gov/en/start/federal-council.html']);
      expect(usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 9, search_context_size: 'low' });
      expect(sent()).toMatchObject({ model: 'sonar', stream: true });
      expect(sent()).not.toHaveProperty('stream_options');

      const { log } = await lastLog();
      expect(log).toMatchObject({ prompt_tokens: 9, completion_tokens: 9, is_stream: 1 });
      expect(log.quota).toBe(r.quotaFor(sonar, { prompt: 9, completion: 9 }));
    });

    it('reports the HTML page it answers a bad key with by its title', async () => {
      perplexityReply = () => fixtureReply('perplexity', 'error-401');
      const r = context();
      const { model } = await channelFor(ChannelType.Perplexity, 'sonar', { key: 'pplx-revoked' });
      await expect(r.openai(r.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
        status: 401,
        message: expect.stringContaining('401 Authorization Required'),
      });
    });
  });

  describe('xAI', () => {
    it('turns a grok-3-mini -high model into reasoning_effort and bills the reasoning once', async () => {
      xaiReply = () => fixtureReply('xai', 'chat');
      const r = context();
      const { model } = await channelFor(ChannelType.Xai, 'grok-3-mini-high');
      const answer = await r.openai(r.key).chat.completions.create({ model, messages: [{ role: 'user', content: '17 × 24?' }], max_tokens: 600 });
      expect(answer.choices[0].message.content).toBe('17 × 24 = 408.');
      // xAI reported completion 11 + reasoning 243 apart; the client gets them in OpenAI's meaning.
      expect(answer.usage).toMatchObject({ prompt_tokens: 31, completion_tokens: 254, total_tokens: 285, completion_tokens_details: { reasoning_tokens: 243 } });
      const request = context().upstream.requests.at(-1)! as RecordedRequest;
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.body).toMatchObject({ model: 'grok-3-mini', reasoning_effort: 'high', max_completion_tokens: 600 });
      expect(request.body).not.toHaveProperty('max_tokens');

      const { log, other } = await lastLog();
      expect(log).toMatchObject({ prompt_tokens: 31, completion_tokens: 254, is_stream: 0 });
      expect(other).toMatchObject({ reasoning_tokens: 243, cache_tokens: 3 });
      expect(log.quota).toBe(r.quotaFor(model, { prompt: 31, completion: 254, cached: 3 }));
    });

    it('streams chat, restating every chunk’s usage, and bills the last', async () => {
      xaiReply = () => fixtureReply('xai', 'chat-stream');
      const r = context();
      const { model } = await channelFor(ChannelType.Xai, 'grok-4-0709');
      const stream = await r.openai(r.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'Why is the sky blue?' }], stream: true });
      let text = '';
      const usages: { completion_tokens: number }[] = [];
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.usage) usages.push(chunk.usage);
      }
      expect(text).toBe('Blue light scatters most.');
      expect(usages.at(-1)).toMatchObject({ prompt_tokens: 22, completion_tokens: 169, total_tokens: 191 });
      expect(sent()).toMatchObject({ model: 'grok-4-0709', stream: true, stream_options: { include_usage: true } });
      expect(sent()).not.toHaveProperty('search_parameters');

      const { log, other } = await lastLog();
      expect(log).toMatchObject({ prompt_tokens: 22, completion_tokens: 169, is_stream: 1 });
      expect(other.reasoning_tokens).toBe(164);
      expect(log.quota).toBe(r.quotaFor(model, { prompt: 22, completion: 169 }));
    });

    it('answers a chat request for a -search model from /v1/responses with web_search on, billing the searches once', async () => {
      xaiResponsesReply = () => fixtureReply('xai', 'responses-web-search');
      const r = context();
      const { model } = await channelFor(ChannelType.Xai, 'grok-4-0709-search');
      const answer = await r.openai(r.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'Weather in Oslo tomorrow?' }], max_tokens: 800 });
      expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: expect.stringContaining('Oslo expects light rain tomorrow') }, finish_reason: 'stop' });
      expect(answer.usage).toMatchObject({ prompt_tokens: 2841, completion_tokens: 412, prompt_tokens_details: { cached_tokens: 640 }, completion_tokens_details: { reasoning_tokens: 318 } });
      const request = context().upstream.requests.at(-1)! as RecordedRequest;
      expect(request.path).toBe('/v1/responses');
      expect(request.body).toEqual({
        model: 'grok-4-0709',
        input: [{ type: 'message', role: 'user', content: 'Weather in Oslo tomorrow?' }],
        store: false,
        max_output_tokens: 800,
        tools: [{ type: 'web_search' }],
      });

      const { log, other } = await lastLog();
      expect(log).toMatchObject({ prompt_tokens: 2841, completion_tokens: 412, is_stream: 0 });
      expect(other).toMatchObject({ upstream_model_name: 'grok-4-0709-search', reasoning_tokens: 318, cache_tokens: 640, web_search_calls: 2, web_search_price: 10 });
      expect(log.quota).toBe(r.quotaFor(model, { prompt: 2841, completion: 412, cached: 640 }) + searchQuota(2));
    });

    it('streams a chat answer for a -search model made from the Responses events, billing the searches once', async () => {
      xaiResponsesReply = () => fixtureReply('xai', 'responses-web-search-stream');
      const r = context();
      const { model } = await channelFor(ChannelType.Xai, 'grok-4-0709-search');
      const stream = await r.openai(r.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'Weather in Oslo today?' }], stream: true, stream_options: { include_usage: true } });
      const { text, finish, usage } = await readChatStream(stream);
      expect(text).toBe('Light rain in Oslo today, around 14 °C.');
      expect(finish).toBe('stop');
      expect(usage).toMatchObject({ prompt_tokens: 1587, completion_tokens: 236, total_tokens: 1823 });
      expect(context().upstream.requests.at(-1)!.path).toBe('/v1/responses');
      expect(sent()).toMatchObject({ model: 'grok-4-0709', stream: true, tools: [{ type: 'web_search' }] });
      expect(sent()).not.toHaveProperty('stream_options');

      const { log, other } = await lastLog();
      expect(log).toMatchObject({ prompt_tokens: 1587, completion_tokens: 236, is_stream: 1 });
      expect(other).toMatchObject({ reasoning_tokens: 214, web_search_calls: 1, web_search_price: 10 });
      expect(log.quota).toBe(r.quotaFor(model, { prompt: 1587, completion: 236 }) + searchQuota(1));
    });

    it('passes on the 400 xAI answers a bad key with, and disables the channel when that is on', async () => {
      xaiReply = () => fixtureReply('xai', 'error-400');
      const r = context();
      const { model, id } = await channelFor(ChannelType.Xai, 'grok-4', { key: 'xai-revoked' });
      await r.setOptions({ AutomaticDisableChannelEnabled: true });
      try {
        await expect(r.openai(r.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
          status: 400,
          message: expect.stringContaining('Incorrect API key provided'),
        });
        // A 400 is the caller's fault unless it names the key: xAI's message matches a disable keyword.
        await expect.poll(async () => (await r.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(3);
      } finally {
        await r.setOptions({ AutomaticDisableChannelEnabled: false });
      }
    });
  });
});
