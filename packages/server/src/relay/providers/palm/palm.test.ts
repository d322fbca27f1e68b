import { describe, expect, it } from 'vitest';
import { fixtureBodyText } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { palmAdapter } from './index.js';

const ctxFor = (overrides: Parameters<typeof testContext>[0] = {}) =>
  testContext({ upstreamModel: 'chat-bison-001', ...overrides, channel: { type: 11, key: 'AIza-palm', ...overrides.channel } });

const build = (json: Record<string, unknown>, ctx = ctxFor()) =>
  palmAdapter.buildRequest(jsonBody({ model: 'chat-bison-001', ...json }), ctx) as { url: string; headers: Record<string, string>; body: string };

describe('palmAdapter requests', () => {
  it('calls generateMessage with the key in x-goog-api-key', () => {
    const req = build({ messages: [{ role: 'user', content: 'Hello' }] });
    expect(req.url).toBe('https://generativelanguage.googleapis.com/v1beta2/models/chat-bison-001:generateMessage');
    expect(req.headers['x-goog-api-key']).toBe('AIza-palm');
    expect(req.headers.Authorization).toBeUndefined();
    expect(sentJson(req.body)).toEqual({ prompt: { messages: [{ author: 'user', content: 'Hello' }] }, candidateCount: 1 });
  });

  it('maps system messages to the context, assistant to "bot", joins repeated authors and passes the sampling settings', () => {
    const req = build({
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'tool', content: '{"temp": 21}', tool_call_id: 'c1' },
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        { role: 'developer', content: 'Answer in English.' },
      ],
      temperature: 0.3,
      top_p: 0.9,
      top_k: 40,
      n: 2,
      max_tokens: 100,
    });
    expect(sentJson(req.body)).toEqual({
      prompt: {
        context: 'You are terse.\n\nAnswer in English.',
        messages: [
          { author: 'user', content: 'Hi' },
          { author: 'bot', content: 'Hello.' },
          { author: 'user', content: '{"temp": 21}\n\nWeather?' },
        ],
      },
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      candidateCount: 2,
    });
  });

  it('asks for one candidate when streaming and at most eight otherwise', () => {
    expect(sentJson(build({ messages: [{ role: 'user', content: 'x' }], n: 3 }, ctxFor({ stream: true })).body).candidateCount).toBe(1);
    expect(sentJson(build({ messages: [{ role: 'user', content: 'x' }], n: 50 }).body).candidateCount).toBe(8);
  });

  it('keeps a chat-bison model name in the URL and sends other names (one-api’s "PaLM-2") to chat-bison-001', () => {
    expect(build({ messages: [{ role: 'user', content: 'x' }] }, ctxFor({ upstreamModel: 'chat-bison-002' })).url).toContain('/models/chat-bison-002:generateMessage');
    expect(build({ messages: [{ role: 'user', content: 'x' }] }, ctxFor({ upstreamModel: 'PaLM-2' })).url).toContain('/models/chat-bison-001:generateMessage');
    expect(build({ messages: [{ role: 'user', content: 'x' }] }, ctxFor({ channel: { baseUrl: 'https://palm.proxy/v1beta2' } })).url).toBe(
      'https://palm.proxy/v1beta2/models/chat-bison-001:generateMessage',
    );
  });

  it('refuses a conversation without any text as the caller’s 400', () => {
    for (const messages of [[], [{ role: 'system', content: 'only a system prompt' }], [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x.test/a.png' } }] }]]) {
      expect(() => build({ messages })).toThrow(expect.objectContaining({ status: 400, kind: 'client', message: expect.stringContaining('at least one user or assistant message') }));
    }
  });

  it('serves chat only', () => {
    expect(palmAdapter.supports('chat')).toBe(true);
    expect(palmAdapter.supports('embeddings')).toBe(false);
    expect(palmAdapter.modelList).toBeUndefined();
  });
});

describe('palmAdapter answers', () => {
  it('turns candidates into choices, without usage', () => {
    const res = palmAdapter.parseResponse(bytes(fixtureBodyText('palm', 'chat')), 'application/json', ctxFor());
    expect(res.usage).toBeUndefined();
    expect(res.body).toMatchObject({
      object: 'chat.completion',
      model: 'chat-bison-001',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello! PaLM 2 here. How can I help you today?' }, finish_reason: 'stop' }],
    });
    const two = palmAdapter.parseResponse(bytes(JSON.stringify({ candidates: [{ author: '1', content: 'a' }, { author: '1', content: 'b' }] })), 'application/json', ctxFor());
    expect((two.body as any).choices.map((c: any) => [c.index, c.message.content])).toEqual([[0, 'a'], [1, 'b']]);
  });

  it('answers a filtered reply with an upstream error naming the filter reason', () => {
    expect(() => palmAdapter.parseResponse(bytes(fixtureBodyText('palm', 'chat-filtered')), 'application/json', ctxFor())).toThrow(
      expect.objectContaining({ kind: 'upstream', message: 'PaLM returned no answer: its content filter blocked it (OTHER)' }),
    );
    expect(() => palmAdapter.parseResponse(bytes('{}'), 'application/json', ctxFor())).toThrow('PaLM returned no answer (no candidates)');
    expect(() => palmAdapter.parseResponse(bytes('not json'), 'application/json', ctxFor())).toThrow(/unreadable answer/);
  });

  it('reads Google error bodies like the Gemini adapter, a rejected key as an authentication error', () => {
    expect(palmAdapter.parseError(400, fixtureBodyText('palm', 'error-api-key'), ctxFor())).toEqual({
      message: 'API key not valid. Please pass a valid API key.',
      type: 'authentication_error',
      code: 'API_KEY_INVALID',
    });
  });
});

describe('palmAdapter streams', () => {
  it('re-emits the whole JSON answer as one content chunk and a finish chunk once it has arrived', () => {
    const ctx = ctxFor({ stream: true });
    expect(palmAdapter.isStream('application/json; charset=UTF-8', ctx)).toBe(true);
    expect(palmAdapter.isStream('application/json', ctxFor())).toBe(false);
    const translator = palmAdapter.createByteStreamTranslator!(ctx, 'application/json')!;
    const answer = bytes(fixtureBodyText('palm', 'chat'));
    expect(translator.push(answer.subarray(0, 10))).toEqual([]);
    expect(translator.push(answer.subarray(10))).toEqual([]);
    const chunks = translator.end().map((e) => e.data as any);
    expect(chunks.map((c) => [c.choices[0].delta, c.choices[0].finish_reason])).toEqual([
      [{ role: 'assistant', content: 'Hello! PaLM 2 here. How can I help you today?' }, null],
      [{}, 'stop'],
    ]);
    expect(chunks[0]).toMatchObject({ object: 'chat.completion.chunk', model: 'chat-bison-001' });
    expect(chunks[1].id).toBe(chunks[0].id);
    expect(translator.usage()).toBeUndefined();
    expect(translator.drainText!()).toBe('Hello! PaLM 2 here. How can I help you today?');
  });

  it('ends the stream with the filter error when there is no answer', () => {
    const translator = palmAdapter.createByteStreamTranslator!(ctxFor({ stream: true }), 'application/json')!;
    translator.push(bytes(fixtureBodyText('palm', 'chat-filtered')));
    expect(() => translator.end()).toThrow('its content filter blocked it (OTHER)');
  });

  it('also reads a JSON answer a proxy wrapped in one server-sent event', () => {
    const translator = palmAdapter.createStreamTranslator(ctxFor({ stream: true }));
    expect(translator.push({ data: fixtureBodyText('palm', 'chat') })).toEqual([]);
    expect((translator.end()[0].data as any).choices[0].delta.content).toContain('PaLM 2 here');
  });
});
