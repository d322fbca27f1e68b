import { describe, expect, it } from 'vitest';
import { fixtureBodyText, jsonFixture, parseMultipart } from '../../../../test/fake-upstream/index.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { OPENAI_ENDPOINTS, openAICompatibleAdapter } from './index.js';
import type { ProviderAdapter, RelayBody } from '../provider-adapter.js';

const adapter = openAICompatibleAdapter({ name: 'example', channelTypes: [999], defaultBaseUrl: 'https://api.example.com', endpoints: OPENAI_ENDPOINTS });

/** A body as the route parses it: the JSON with the client's bytes of it. */
const clientBody = (text: string): RelayBody => ({ kind: 'json', json: JSON.parse(text) as Record<string, unknown>, raw: Buffer.from(text) });
const sentText = (req: unknown) => Buffer.from((req as { body: Uint8Array }).body).toString('utf8');

describe('openAICompatibleAdapter forwarding the client body', () => {
  const same = testContext({ upstreamModel: 'gpt-4o' });

  it("sends the client's own bytes when nothing in them changes, formatting and big integers kept", () => {
    const text = '{ "model": "gpt-4o",\n "messages": [{"role":"user","content":"hi"}], "seed": 12345678901234567890, "temperature": 0.30 }';
    const req = adapter.buildRequest(clientBody(text), same) as { body: Uint8Array; headers: Record<string, string> };
    expect(req.body).toBeInstanceOf(Uint8Array);
    expect(sentText(req)).toBe(text);
    expect(req.headers['Content-Type']).toBe('application/json');
  });

  it('adds include_usage to a stream without stream_options as the last member, and sends the rest as it came', () => {
    const text = '{"model":"gpt-4o","messages":[],"stream":true}\n';
    const ctx = testContext({ upstreamModel: 'gpt-4o', stream: true });
    const req = adapter.buildRequest(clientBody(text), ctx);
    expect(sentText(req)).toBe('{"model":"gpt-4o","messages":[],"stream":true,"stream_options":{"include_usage":true}}\n');
    // The client did not refuse usage, so its usage chunk is passed on.
    const out = adapter.createStreamTranslator(ctx).push({ data: '{"id":"c","choices":[],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}' });
    expect(out).toHaveLength(1);
  });

  it('keeps a stream that already asks for usage as it came', () => {
    const text = '{"model":"gpt-4o","stream":true,"stream_options":{"include_usage":true},"messages":[]}';
    expect(sentText(adapter.buildRequest(clientBody(text), testContext({ upstreamModel: 'gpt-4o', stream: true })))).toBe(text);
  });

  it('builds the body anew when it has to change: a mapped model, refused or partial stream options, a request mapper', () => {
    const cases: [string, ReturnType<typeof testContext>, ProviderAdapter][] = [
      ['{"model":"gpt-4o","messages":[]}', testContext({ upstreamModel: 'gpt-4o-2024-08-06' }), adapter],
      ['{"model":"gpt-4o","messages":[],"stream":true,"stream_options":{"include_usage":false}}', testContext({ upstreamModel: 'gpt-4o', stream: true }), adapter],
      ['{"model":"gpt-4o","messages":[],"stream":true,"stream_options":{"include_obfuscation":false}}', testContext({ upstreamModel: 'gpt-4o', stream: true }), adapter],
      ['{"model":"gpt-4o","messages":[]}', same, openAICompatibleAdapter({ name: 'mapped', channelTypes: [998], defaultBaseUrl: 'https://x.example', endpoints: OPENAI_ENDPOINTS, mapRequest: (b) => ({ ...b, extra: 1 }) })],
    ];
    for (const [text, ctx, a] of cases) expect(typeof (a.buildRequest(clientBody(text), ctx) as { body: unknown }).body).toBe('string');
  });
});

describe('openAICompatibleAdapter request building', () => {
  it('posts chat to the default base URL with a bearer key and the upstream model', () => {
    const req = adapter.buildRequest(jsonBody({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2 }), testContext());
    expect(req).toMatchObject({ method: 'POST', url: 'https://api.example.com/v1/chat/completions' });
    expect(req).toHaveProperty('headers', { Authorization: 'Bearer sk-upstream-key', 'Content-Type': 'application/json' });
    expect(sentJson((req as { body: string }).body)).toEqual({ model: 'upstream-model', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2 });
  });

  it('uses the channel base URL and never doubles /v1', () => {
    const req = adapter.buildRequest(jsonBody({ model: 'm', input: 'x' }), testContext({ endpoint: 'embeddings', channel: { baseUrl: 'https://mirror.example.com/v1' } }));
    expect((req as { url: string }).url).toBe('https://mirror.example.com/v1/embeddings');
  });

  it('forces include_usage on streamed chat and keeps the other stream options', () => {
    const ctx = testContext({ stream: true });
    const req = adapter.buildRequest(jsonBody({ model: 'm', messages: [], stream: true, stream_options: { include_obfuscation: false } }), ctx);
    expect(sentJson((req as { body: string }).body).stream_options).toEqual({ include_obfuscation: false, include_usage: true });
  });

  it('forces include_usage even when the client refused it, and then drops the usage chunk for that client', () => {
    const ctx = testContext({ stream: true });
    const req = adapter.buildRequest(jsonBody({ model: 'm', messages: [], stream: true, stream_options: { include_usage: false } }), ctx);
    expect(sentJson((req as { body: string }).body).stream_options).toEqual({ include_usage: true });
    const translator = adapter.createStreamTranslator(ctx);
    expect(translator.push({ data: '{"id":"c","choices":[],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}' })).toEqual([]);
    expect(translator.usage()?.promptTokens).toBe(1);
  });

  it('passes the usage chunk on when the client did not mention stream_options', () => {
    const ctx = testContext({ stream: true });
    adapter.buildRequest(jsonBody({ model: 'm', messages: [], stream: true }), ctx);
    const out = adapter.createStreamTranslator(ctx).push({ data: '{"id":"c","choices":[],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}' });
    expect(out).toHaveLength(1);
  });

  it('does not add stream_options to a non-streamed request or to the Responses API', () => {
    const plain = adapter.buildRequest(jsonBody({ model: 'm', messages: [] }), testContext());
    expect(sentJson((plain as { body: string }).body)).not.toHaveProperty('stream_options');
    const responses = adapter.buildRequest(jsonBody({ model: 'm', input: 'hi', stream: true }), testContext({ endpoint: 'responses', stream: true }));
    expect(sentJson((responses as { body: string }).body)).toEqual({ model: 'upstream-model', input: 'hi', stream: true });
  });

  it('can leave stream_options out for upstreams that reject it', () => {
    const strict = openAICompatibleAdapter({ name: 'strict', channelTypes: [998], defaultBaseUrl: 'https://s.example', endpoints: ['chat'], forceStreamUsage: false });
    const req = strict.buildRequest(jsonBody({ model: 'm', messages: [], stream: true }), testContext({ stream: true }));
    expect(sentJson((req as { body: string }).body)).not.toHaveProperty('stream_options');
  });

  it('re-encodes multipart uploads with the upstream model', () => {
    const file = { filename: 'a.wav', contentType: 'audio/wav', data: new Uint8Array([82, 73, 70, 70]) };
    const req = adapter.buildRequest(
      { kind: 'multipart', fields: [{ name: 'file', value: file }, { name: 'model', value: 'whisper-1' }] },
      testContext({ endpoint: 'audio.transcriptions' }),
    ) as { url: string; headers: Record<string, string>; body: Uint8Array };
    expect(req.url).toBe('https://api.example.com/v1/audio/transcriptions');
    expect(parseMultipart(req.body, req.headers['Content-Type'])).toEqual([
      { name: 'file', value: file },
      { name: 'model', value: 'upstream-model' },
    ]);
  });

  it('refuses an endpoint the adapter does not serve', () => {
    const chatOnly = openAICompatibleAdapter({ name: 'chat-only', channelTypes: [997], defaultBaseUrl: 'https://c.example', endpoints: ['chat'] });
    expect(chatOnly.supports('embeddings')).toBe(false);
    expect(() => chatOnly.buildRequest(jsonBody({ model: 'm' }), testContext({ endpoint: 'embeddings' }))).toThrow(/do not serve embeddings/);
  });

  it('lets a provider hook change the body and the path', () => {
    const hooked = openAICompatibleAdapter({
      name: 'hooked',
      channelTypes: [996],
      defaultBaseUrl: 'https://h.example',
      apiPrefix: '/api/v3',
      endpoints: ['chat'],
      pathFor: () => '/bots/chat/completions',
      mapRequest: (body) => ({ ...body, extra: true }),
    });
    const req = hooked.buildRequest(jsonBody({ model: 'm', messages: [] }), testContext()) as { url: string; body: string };
    expect(req.url).toBe('https://h.example/api/v3/bots/chat/completions');
    expect(sentJson(req.body).extra).toBe(true);
  });
});

describe('openAICompatibleAdapter answers', () => {
  it('passes a chat completion through with its usage', () => {
    const res = adapter.parseResponse(bytes(fixtureBodyText('openai', 'chat')), 'application/json', testContext());
    expect(res.body).toEqual(jsonFixture('openai', 'chat').body);
    expect(res.usage).toMatchObject({ promptTokens: 19, completionTokens: 10, cachedTokens: 0, reasoningTokens: 0 });
  });

  it('reads embeddings usage', () => {
    const res = adapter.parseResponse(bytes(fixtureBodyText('openai', 'embeddings')), 'application/json', testContext({ endpoint: 'embeddings' }));
    expect(res.usage).toMatchObject({ promptTokens: 8, completionTokens: 0 });
  });

  it('reads Responses API usage including cached and reasoning tokens', () => {
    const res = adapter.parseResponse(bytes(fixtureBodyText('openai', 'responses')), 'application/json', testContext({ endpoint: 'responses' }));
    expect(res.usage).toMatchObject({ promptTokens: 36, cachedTokens: 16, completionTokens: 87, reasoningTokens: 40 });
  });

  it('reads token usage of a transcription and passes text formats as bytes, subtitles with their seconds', () => {
    const ctx = testContext({ endpoint: 'audio.transcriptions' });
    const json = adapter.parseResponse(bytes(fixtureBodyText('openai', 'transcription')), 'application/json', ctx);
    expect(json.usage).toMatchObject({ promptTokens: 14, completionTokens: 45, audioInputTokens: 14 });
    const srt = adapter.parseResponse(bytes('1\n00:00:00,000 --> 00:00:01,000\nhi\n'), 'text/plain; charset=utf-8', ctx);
    expect(srt).toEqual({ body: bytes('1\n00:00:00,000 --> 00:00:01,000\nhi\n'), contentType: 'text/plain; charset=utf-8', usage: expect.objectContaining({ promptTokens: 4, completionTokens: 0, audioSeconds: 1 }) });
    const text = adapter.parseResponse(bytes('hi'), 'text/plain; charset=utf-8', ctx);
    expect(text).toEqual({ body: bytes('hi'), contentType: 'text/plain; charset=utf-8' });
    expect(text.usage).toBeUndefined();
  });

  it('bills speech by the characters of its input and passes the audio bytes', () => {
    const ctx = testContext({ endpoint: 'audio.speech' });
    adapter.buildRequest(jsonBody({ model: 'tts-1', input: 'Grüße 👋', voice: 'alloy' }), ctx);
    const audio = new Uint8Array([73, 68, 51]);
    const res = adapter.parseResponse(audio, 'audio/mpeg', ctx);
    expect(res.body).toBe(audio);
    expect(res.contentType).toBe('audio/mpeg');
    expect(res.usage).toMatchObject({ promptTokens: 7, completionTokens: 0 });
  });

  it('reports an unreadable 200 answer as a bad upstream body', () => {
    expect(() => adapter.parseResponse(bytes('<html>oops</html>'), 'text/html', testContext())).toThrow(/unreadable answer/);
  });

  it('recognises event streams by content type', () => {
    expect(adapter.isStream('text/event-stream; charset=utf-8', testContext())).toBe(true);
    expect(adapter.isStream('application/json', testContext())).toBe(false);
  });

  it('lists models from GET /v1/models', () => {
    const req = adapter.modelList!.request(testContext({ channel: { baseUrl: 'https://m.example.com/v1/' } }).channel);
    expect(req).toEqual({ method: 'GET', url: 'https://m.example.com/v1/models', headers: { Authorization: 'Bearer sk-upstream-key' } });
    expect(adapter.modelList!.parse(fixtureBodyText('openai', 'models'))).toEqual(['gpt-4o-mini', 'text-embedding-3-small', 'whisper-1']);
  });
});
