import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import type { AdapterContext } from '../provider-adapter.js';
import { difyAdapter } from './index.js';

const ctxFor = (overrides: Parameters<typeof testContext>[0] = {}) =>
  testContext({ upstreamModel: 'dify-app', ...overrides, channel: { key: 'app-key', ...overrides.channel } });

function streamed(fixture: string, ctx: AdapterContext) {
  const translator = difyAdapter.createStreamTranslator(ctx);
  const out = sseFixtureEvents('dify', fixture).flatMap((e) => translator.push(e)).map((e) => e.data as any);
  return { out, translator };
}

describe('difyAdapter requests', () => {
  it('sends a lone user message as the query of a blocking call', () => {
    const req = difyAdapter.buildRequest(jsonBody({ model: 'dify', messages: [{ role: 'user', content: 'Hello?' }] }), ctxFor()) as {
      url: string;
      headers: Record<string, string>;
      body: string;
    };
    expect(req.url).toBe('https://api.dify.ai/v1/chat-messages');
    expect(req.headers.Authorization).toBe('Bearer app-key');
    expect(sentJson(req.body)).toEqual({ inputs: {}, query: 'Hello?', response_mode: 'blocking', user: 'gateway-user' });
  });

  it('folds the whole conversation into the query and attaches remote images of the question', () => {
    const req = difyAdapter.buildRequest(
      jsonBody({
        model: 'dify',
        user: 'alice',
        conversation_id: 'conv-1',
        inputs: { lang: 'en' },
        messages: [
          { role: 'system', content: 'Be kind.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: 'https://img.test/cat.png' } },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            ],
          },
        ],
      }),
      ctxFor({ stream: true, channel: { baseUrl: 'https://dify.internal/v1' } }),
    ) as { url: string; body: string };
    expect(req.url).toBe('https://dify.internal/v1/chat-messages');
    expect(sentJson(req.body)).toEqual({
      inputs: { lang: 'en' },
      query: 'System: Be kind.\n\nUser: Hi\n\nAssistant: Hello!\n\nUser: What is this?',
      response_mode: 'streaming',
      user: 'alice',
      conversation_id: 'conv-1',
      files: [{ type: 'image', transfer_method: 'remote_url', url: 'https://img.test/cat.png' }],
    });
  });

  it('refuses a conversation without a user message', () => {
    expect(() => difyAdapter.buildRequest(jsonBody({ model: 'dify', messages: [{ role: 'system', content: 'x' }] }), ctxFor())).toThrow(/user message/);
  });

  it('serves chat only', () => {
    expect(difyAdapter.supports('chat')).toBe(true);
    expect(difyAdapter.supports('embeddings')).toBe(false);
    expect(difyAdapter.modelList).toBeUndefined();
  });
});

describe('difyAdapter answers', () => {
  it('converts a blocking answer with usage', () => {
    const res = difyAdapter.parseResponse(bytes(fixtureBodyText('dify', 'chat')), 'application/json', ctxFor());
    expect(res.body).toMatchObject({
      id: 'chatcmpl-9da23599-e713-473b-982c-4328d4f5c78a',
      object: 'chat.completion',
      created: 1705407629,
      model: 'dify-app',
      choices: [{ index: 0, message: { role: 'assistant', content: 'iPhone 13 Pro Max specs are listed below.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1033, completion_tokens: 128, total_tokens: 1161 },
    });
    expect(res.usage).toMatchObject({ promptTokens: 1033, completionTokens: 128 });
  });

  it('reads its error body', () => {
    expect(difyAdapter.parseError(400, fixtureBodyText('dify', 'error-400'), ctxFor())).toMatchObject({ code: 'app_unavailable', message: expect.stringMatching(/^App unavailable/) });
  });
});

describe('difyAdapter streams', () => {
  it('turns message events into content chunks and message_end into finish and usage chunks', () => {
    const ctx = ctxFor({ stream: true });
    difyAdapter.buildRequest(jsonBody({ model: 'dify', messages: [{ role: 'user', content: 'hi' }], stream: true }), ctx);
    const { out, translator } = streamed('chat-stream', ctx);
    expect(out.map((c) => c.choices[0]?.delta ?? 'usage')).toEqual([{ role: 'assistant', content: '' }, { content: ' I' }, { content: "'m" }, { content: ' glad' }, {}, 'usage']);
    expect(out.every((c) => c.id === 'chatcmpl-663c5084-a254-4040-8ad3-51f2a3c1a77c')).toBe(true);
    expect(out[4].choices[0].finish_reason).toBe('stop');
    expect(out[5].usage).toMatchObject({ prompt_tokens: 1033, completion_tokens: 135 });
    expect(translator.usage()).toMatchObject({ promptTokens: 1033, completionTokens: 135 });
    expect(translator.drainText!()).toBe(" I'm glad");
  });

  it('treats agent messages like messages and skips agent thoughts', () => {
    const { out } = streamed('agent-stream', ctxFor({ stream: true }));
    expect(out.map((c) => c.choices[0]?.delta?.content).filter(Boolean)).toEqual(['Here is', ' a picture.']);
  });

  it('leaves the usage chunk out when the client refused usage', () => {
    const ctx = ctxFor({ stream: true });
    difyAdapter.buildRequest(jsonBody({ model: 'dify', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: false } }), ctx);
    const { out, translator } = streamed('chat-stream', ctx);
    expect(out.some((c) => 'usage' in c)).toBe(false);
    expect(translator.usage()?.completionTokens).toBe(135);
  });

  it('ends with an OpenAI-style error object on an error event', () => {
    const { out } = streamed('error-stream', ctxFor({ stream: true }));
    expect(out.at(-1)).toEqual({
      error: { message: 'Your quota for Dify Hosted Model Provider has been exhausted.', type: 'upstream_error', param: null, code: 'provider_quota_exceeded' },
    });
  });
});
