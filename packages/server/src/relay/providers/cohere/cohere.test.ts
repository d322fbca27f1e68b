import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import type { AdapterContext, OutboundEvent } from '../provider-adapter.js';
import { cohereAdapter } from './index.js';

const ctxFor = (overrides: Parameters<typeof testContext>[0] = {}) =>
  testContext({ upstreamModel: 'command-a-03-2025', ...overrides, channel: { key: 'co-key', ...overrides.channel } });

function streamed(fixture: string, ctx: AdapterContext): { out: any[]; translator: ReturnType<typeof cohereAdapter.createStreamTranslator> } {
  const translator = cohereAdapter.createStreamTranslator(ctx);
  const out = sseFixtureEvents('cohere', fixture).flatMap((e) => translator.push(e)).map((e: OutboundEvent) => e.data);
  return { out, translator };
}

describe('cohereAdapter chat requests', () => {
  it('posts the converted conversation to /v2/chat', () => {
    const req = cohereAdapter.buildRequest(
      jsonBody({
        model: 'command-a',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image_url', image_url: { url: 'https://x.test/a.png' } }] },
          { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
          { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
        ],
        tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } } }],
        max_tokens: 100,
        top_p: 0.9,
        stop: 'END',
        temperature: 0.3,
      }),
      ctxFor(),
    ) as { url: string; headers: Record<string, string>; body: string };
    expect(req.url).toBe('https://api.cohere.com/v2/chat');
    expect(req.headers.Authorization).toBe('Bearer co-key');
    expect(sentJson(req.body)).toEqual({
      model: 'command-a-03-2025',
      stream: false,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image_url', image_url: { url: 'https://x.test/a.png' } }] },
        { role: 'assistant', tool_plan: 'Checking.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } } }],
      max_tokens: 100,
      p: 0.9,
      stop_sequences: ['END'],
      temperature: 0.3,
    });
  });

  it('maps a named tool choice to the only offered tool, required', () => {
    const req = cohereAdapter.buildRequest(
      jsonBody({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [
          { type: 'function', function: { name: 'a' } },
          { type: 'function', function: { name: 'b' } },
        ],
        tool_choice: { type: 'function', function: { name: 'b' } },
        response_format: { type: 'json_schema', json_schema: { name: 's', schema: { type: 'object' } } },
      }),
      ctxFor({ stream: true }),
    ) as { body: string };
    const sent = sentJson(req.body);
    expect(sent.tools.map((t: any) => t.function.name)).toEqual(['b']);
    expect(sent.tool_choice).toBe('REQUIRED');
    expect(sent.response_format).toEqual({ type: 'json_object', json_schema: { type: 'object' } });
    expect(sent.stream).toBe(true);
  });
});

describe('cohereAdapter chat answers', () => {
  it('converts a text answer with billed usage', () => {
    const res = cohereAdapter.parseResponse(bytes(fixtureBodyText('cohere', 'chat')), 'application/json', ctxFor());
    expect(res.body).toMatchObject({
      id: 'chatcmpl-c14c80c3-18eb-4519-9460-6c92edd8cfb4',
      object: 'chat.completion',
      model: 'command-a-03-2025',
      choices: [{ index: 0, message: { role: 'assistant', content: 'LLMs are neural networks trained on large amounts of text.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 5, completion_tokens: 11, total_tokens: 16 },
    });
    expect(res.usage).toMatchObject({ promptTokens: 5, completionTokens: 11 });
  });

  it('converts tool calls and the tool plan', () => {
    const res = cohereAdapter.parseResponse(bytes(fixtureBodyText('cohere', 'chat-tools')), 'application/json', ctxFor());
    expect((res.body as any).choices[0]).toEqual({
      index: 0,
      logprobs: null,
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        reasoning_content: 'I will look up the weather in Toronto.',
        tool_calls: [{ id: 'get_weather_1byjy32y4hvq', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Toronto"}' } }],
      },
    });
  });
});

describe('cohereAdapter chat streams', () => {
  it('turns content deltas into hub chunks and ends with finish and usage chunks', () => {
    const ctx = ctxFor({ stream: true });
    cohereAdapter.buildRequest(jsonBody({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true }), ctx);
    const { out, translator } = streamed('chat-stream', ctx);
    expect(out.map((c) => c.choices[0]?.delta ?? 'usage')).toEqual([{ role: 'assistant', content: '' }, { content: 'A large' }, { content: ' language model.' }, {}, 'usage']);
    expect(out.every((c) => c.id === 'chatcmpl-29f14a5a-11de-4cae-9800-25e4747408ea' && c.object === 'chat.completion.chunk')).toBe(true);
    expect(out[3].choices[0].finish_reason).toBe('stop');
    expect(out[4].usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 4 });
    expect(translator.usage()).toMatchObject({ promptTokens: 5, completionTokens: 4 });
    expect(translator.drainText!()).toBe('A large language model.');
  });

  it('leaves the usage chunk out when the client refused usage', () => {
    const ctx = ctxFor({ stream: true });
    cohereAdapter.buildRequest(jsonBody({ model: 'm', messages: [], stream: true, stream_options: { include_usage: false } }), ctx);
    const { out, translator } = streamed('chat-stream', ctx);
    expect(out).toHaveLength(4);
    expect(out.some((c) => 'usage' in c)).toBe(false);
    expect(translator.usage()?.completionTokens).toBe(4);
  });

  it('streams parallel tool calls with their own indexes', () => {
    const ctx = ctxFor({ stream: true });
    const { out } = streamed('chat-tools-stream', ctx);
    const toolDeltas = out.flatMap((c) => c.choices[0]?.delta?.tool_calls ?? []);
    expect(toolDeltas).toEqual([
      { index: 0, id: 'get_weather_nsz5zm3w56q3', type: 'function', function: { name: 'get_weather', arguments: '' } },
      { index: 0, function: { arguments: '{"location":' } },
      { index: 0, function: { arguments: '"Madrid"}' } },
      { index: 1, id: 'get_weather_g1dwssgdp3x4', type: 'function', function: { name: 'get_weather', arguments: '' } },
      { index: 1, function: { arguments: '{"location":"Brasilia"}' } },
    ]);
    expect(out.map((c) => c.choices[0]?.delta?.reasoning_content).filter(Boolean)).toEqual(['I will check', ' both cities.']);
    expect(out.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('tool_calls');
  });
});

describe('cohereAdapter embeddings and rerank', () => {
  it('embeds texts as documents and answers in the OpenAI shape', () => {
    const ctx = ctxFor({ endpoint: 'embeddings', upstreamModel: 'embed-v4.0' });
    const req = cohereAdapter.buildRequest(jsonBody({ model: 'embed', input: ['hello', 'goodbye'], dimensions: 256 }), ctx) as { url: string; body: string };
    expect(req.url).toBe('https://api.cohere.com/v2/embed');
    expect(sentJson(req.body)).toEqual({ model: 'embed-v4.0', texts: ['hello', 'goodbye'], input_type: 'search_document', embedding_types: ['float'], output_dimension: 256 });
    const res = cohereAdapter.parseResponse(bytes(fixtureBodyText('cohere', 'embed')), 'application/json', ctx);
    expect(res.body).toEqual({
      object: 'list',
      model: 'embed-v4.0',
      data: [
        { object: 'embedding', index: 0, embedding: [0.016296387, -0.008354187, -0.04699707] },
        { object: 'embedding', index: 1, embedding: [-0.0030727386, 0.024917603, 0.011787415] },
      ],
      usage: { prompt_tokens: 2, total_tokens: 2 },
    });
    expect(res.usage?.promptTokens).toBe(2);
  });

  it('encodes embeddings as base64 float32 when asked', () => {
    const ctx = ctxFor({ endpoint: 'embeddings' });
    cohereAdapter.buildRequest(jsonBody({ model: 'embed', input: 'hello', encoding_format: 'base64' }), ctx);
    const res = cohereAdapter.parseResponse(bytes(fixtureBodyText('cohere', 'embed')), 'application/json', ctx);
    const encoded = (res.body as any).data[0].embedding as string;
    const decoded = new Float32Array(new Uint8Array(Buffer.from(encoded, 'base64')).buffer);
    expect(Array.from(decoded)).toEqual(Array.from(new Float32Array([0.016296387, -0.008354187, -0.04699707])));
  });

  it('refuses token-id input for embeddings as a client error', () => {
    expect(() => cohereAdapter.buildRequest(jsonBody({ model: 'embed', input: [1, 2, 3] }), ctxFor({ endpoint: 'embeddings' }))).toThrow(/text input only/);
  });

  it('reranks plain strings and adds the documents back when asked', () => {
    const ctx = ctxFor({ endpoint: 'rerank', upstreamModel: 'rerank-v3.5' });
    const documents = ['a', { text: 'b' }, 'c', 'Carson City is the capital of Nevada.'];
    const req = cohereAdapter.buildRequest(jsonBody({ model: 'rerank', query: 'capital?', documents, top_n: 2, return_documents: true }), ctx) as { url: string; body: string };
    expect(req.url).toBe('https://api.cohere.com/v2/rerank');
    expect(sentJson(req.body)).toEqual({ model: 'rerank-v3.5', query: 'capital?', documents: ['a', 'b', 'c', 'Carson City is the capital of Nevada.'], top_n: 2 });
    const res = cohereAdapter.parseResponse(bytes(fixtureBodyText('cohere', 'rerank')), 'application/json', ctx);
    expect((res.body as any).results).toEqual([
      { index: 3, relevance_score: 0.9990564, document: { text: 'Carson City is the capital of Nevada.' } },
      { index: 0, relevance_score: 0.0082885, document: { text: 'a' } },
    ]);
    expect(res.usage).toBeUndefined();
  });
});

describe('cohereAdapter other calls', () => {
  it('reads errors, lists models and serves only chat, embeddings and rerank', () => {
    expect(cohereAdapter.parseError(401, fixtureBodyText('cohere', 'error-401'), ctxFor()).message).toBe('invalid api token');
    const list = cohereAdapter.modelList!;
    expect(list.request(ctxFor({ channel: { baseUrl: 'https://api.cohere.com/v2' } }).channel).url).toBe('https://api.cohere.com/v1/models?page_size=1000');
    expect(list.parse(fixtureBodyText('cohere', 'models'))).toEqual(['command-a-03-2025', 'embed-v4.0']);
    expect(cohereAdapter.supports('images.generations')).toBe(false);
  });
});
