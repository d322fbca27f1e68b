import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents, sseFixtureText } from '../../../../test/fake-upstream/fixtures.js';
import { RelayError } from '../../relay-error.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import type { AdapterContext } from '../provider-adapter.js';
import { UpstreamRefusal } from '../upstream-refusal.js';
import { cozeAdapter } from './index.js';

const BOT = '7451293046137683978';
const ctxFor = (overrides: Parameters<typeof testContext>[0] = {}) =>
  testContext({ upstreamModel: 'coze-bot', ...overrides, channel: { type: 49, key: 'pat_upstream', other: BOT, ...overrides.channel } });

function built(json: Record<string, unknown>, ctx: AdapterContext = ctxFor()) {
  return cozeAdapter.buildRequest(jsonBody(json), ctx) as { method: string; url: string; headers: Record<string, string>; body: string };
}

function streamed(fixture: string, ctx: AdapterContext) {
  const translator = cozeAdapter.createStreamTranslator(ctx);
  const out = sseFixtureEvents('coze', fixture).flatMap((e) => translator.push(e)).map((e) => e.data as any);
  return { out, translator };
}

function thrown(fn: () => unknown): RelayError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RelayError) return err;
    throw err;
  }
  throw new Error('expected a RelayError');
}

describe('cozeAdapter requests', () => {
  it('posts the conversation to /v3/chat as a stream, whatever the client asked', () => {
    const req = built({ model: 'coze-bot', messages: [{ role: 'user', content: 'Why do tides happen?' }] });
    expect(req).toMatchObject({ method: 'POST', url: 'https://api.coze.cn/v3/chat' });
    expect(req.headers).toEqual({ Authorization: 'Bearer pat_upstream', 'Content-Type': 'application/json' });
    expect(sentJson(req.body)).toEqual({
      bot_id: BOT,
      user_id: 'gateway-user',
      additional_messages: [{ role: 'user', type: 'question', content: 'Why do tides happen?', content_type: 'text' }],
      stream: true,
    });
  });

  it('maps roles, keeps the order, takes the user and the conversation, and sends remote images as object_string', () => {
    const req = built(
      {
        model: 'coze-bot',
        user: 'alice',
        conversation_id: '7451305542790946851',
        messages: [
          { role: 'system', content: 'Answer briefly.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is on this picture?' },
              { type: 'image_url', image_url: { url: 'https://img.test/shore.png' } },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            ],
          },
        ],
      },
      ctxFor({ channel: { baseUrl: 'https://api.coze.com/' } }),
    );
    expect(req.url).toBe('https://api.coze.com/v3/chat?conversation_id=7451305542790946851');
    const sent = sentJson(req.body);
    expect(sent.user_id).toBe('alice');
    expect(sent.additional_messages).toEqual([
      { role: 'user', type: 'question', content: 'Answer briefly.', content_type: 'text' },
      { role: 'user', type: 'question', content: 'Hi', content_type: 'text' },
      { role: 'assistant', type: 'answer', content: 'Hello!', content_type: 'text' },
      { role: 'user', type: 'question', content_type: 'object_string', content: expect.any(String) },
    ]);
    expect(JSON.parse(sent.additional_messages[3].content)).toEqual([
      { type: 'text', text: 'What is on this picture?' },
      { type: 'image', file_url: 'https://img.test/shore.png' },
    ]);
  });

  it('takes the bot from the model name (without bot-) when the channel names none, and needs one', () => {
    expect(sentJson(built({ messages: [{ role: 'user', content: 'q' }] }, ctxFor({ upstreamModel: 'bot-7391', channel: { other: '' } })).body).bot_id).toBe('7391');
    expect(sentJson(built({ messages: [{ role: 'user', content: 'q' }] }, ctxFor({ upstreamModel: 'bot-7391', channel: { other: ' 8812 ' } })).body).bot_id).toBe('8812');
    expect(thrown(() => built({ messages: [{ role: 'user', content: 'q' }] }, ctxFor({ upstreamModel: 'bot-', channel: { other: '' } }))).code).toBe('channel:invalid_config');
  });

  it('sends the latest 100 messages and refuses a conversation with nothing to send', () => {
    const messages = Array.from({ length: 120 }, (_, i) => ({ role: 'user', content: `m${i}` }));
    const sent = sentJson(built({ messages }).body).additional_messages as { content: string }[];
    expect(sent).toHaveLength(100);
    expect(sent[0].content).toBe('m20');
    expect(thrown(() => built({ messages: [{ role: 'user', content: '' }] }))).toMatchObject({ status: 400, kind: 'client' });
  });

  it('serves chat only', () => {
    expect(cozeAdapter.supports('chat')).toBe(true);
    expect(cozeAdapter.supports('embeddings')).toBe(false);
    expect(() => cozeAdapter.buildRequest(jsonBody({ input: 'x' }), ctxFor({ endpoint: 'embeddings' }))).toThrow(/Coze channels do not serve embeddings/);
  });
});

describe('cozeAdapter streams', () => {
  it('turns answer deltas into chunks and the completed chat into the finish and usage chunks', () => {
    const ctx = ctxFor({ stream: true });
    built({ model: 'coze-bot', messages: [{ role: 'user', content: 'hi' }], stream: true }, ctx);
    const { out, translator } = streamed('chat-stream', ctx);
    expect(out.map((c) => c.choices[0]?.delta ?? 'usage')).toEqual([{ role: 'assistant', content: '' }, { content: 'Tides' }, { content: ' follow the' }, { content: ' moon.' }, {}, 'usage']);
    expect(out.every((c) => c.id === 'chatcmpl-7451298017645584419' && c.model === 'coze-bot')).toBe(true);
    expect(out[4].choices[0].finish_reason).toBe('stop');
    expect(out[5].usage).toMatchObject({ prompt_tokens: 1127, completion_tokens: 19, total_tokens: 1146 });
    expect(translator.usage()).toMatchObject({ promptTokens: 1127, completionTokens: 19 });
    expect(translator.complete!()).toBe(true);
    expect(translator.end()).toEqual([]);
    expect(translator.drainText!()).toBe('Tides follow the moon.');
  });

  it('leaves the usage chunk out when the client refused usage', () => {
    const ctx = ctxFor({ stream: true });
    built({ messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: false } }, ctx);
    const { out, translator } = streamed('chat-stream', ctx);
    expect(out.some((c) => 'usage' in c)).toBe(false);
    expect(translator.usage()?.promptTokens).toBe(1127);
  });

  it('passes reasoning deltas, and an answer that came whole without deltas', () => {
    const translator = cozeAdapter.createStreamTranslator(ctxFor({ stream: true }));
    const events = [
      { event: 'conversation.message.delta', data: JSON.stringify({ id: 'm1', chat_id: 'c1', role: 'assistant', type: 'answer', content: '', reasoning_content: 'Thinking.' }) },
      { event: 'conversation.message.completed', data: JSON.stringify({ id: 'm2', chat_id: 'c1', role: 'assistant', type: 'answer', content: 'Whole answer.', content_type: 'text' }) },
      { event: 'conversation.message.completed', data: JSON.stringify({ id: 'm3', chat_id: 'c1', role: 'assistant', type: 'function_call', content: '{"name":"search"}', content_type: 'text' }) },
      { event: 'conversation.chat.completed', data: JSON.stringify({ id: 'c1', status: 'completed', usage: { token_count: 0, output_count: 0, input_count: 0 } }) },
    ];
    const deltas = events.flatMap((e) => translator.push(e)).map((e) => (e.data as any).choices[0]?.delta);
    expect(deltas).toEqual([{ role: 'assistant', content: '' }, { reasoning_content: 'Thinking.' }, { content: 'Whole answer.' }, {}]);
    expect(translator.usage()).toBeUndefined();
  });

  it('lets the text before a failed chat through, then raises the chat’s last_error', () => {
    const { out, translator } = streamed('chat-failed-stream', ctxFor({ stream: true }));
    expect(out.map((c) => c.choices[0]?.delta?.content).filter(Boolean)).toEqual(['Let me check']);
    expect(translator.complete!()).toBe(false);
    expect(thrown(() => translator.end())).toMatchObject({ status: 502, code: '5000', message: 'Coze error 5000: The plugin call timed out. Please try again later.' });
  });

  it('raises an error event with its code mapped to a status', () => {
    const { out, translator } = streamed('error-stream', ctxFor({ stream: true }));
    expect(out).toEqual([]);
    expect(thrown(() => translator.end())).toMatchObject({ status: 400, code: '4000', message: expect.stringContaining('additional_messages must not be empty') });
  });

  it('treats a stream that stops before the chat completed, or a chat waiting for tool outputs, as failed', () => {
    const cut = cozeAdapter.createStreamTranslator(ctxFor({ stream: true }));
    cut.push({ event: 'conversation.message.delta', data: JSON.stringify({ id: 'm1', type: 'answer', content: 'Half' }) });
    expect(thrown(() => cut.end()).code).toBe('stream_interrupted');
    const waiting = cozeAdapter.createStreamTranslator(ctxFor({ stream: true }));
    waiting.push({ event: 'conversation.chat.requires_action', data: JSON.stringify({ id: 'c1', status: 'requires_action' }) });
    expect(thrown(() => waiting.end()).message).toMatch(/requires_action/);
  });
});

describe('cozeAdapter non-streamed answers', () => {
  it('gathers the whole event stream into one completion with the usage', () => {
    const res = cozeAdapter.parseResponse(bytes(sseFixtureText('coze', 'chat-stream')), 'text/event-stream', ctxFor());
    expect(res.body).toMatchObject({
      id: 'chatcmpl-7451298017645584419',
      object: 'chat.completion',
      model: 'coze-bot',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Tides follow the moon.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1127, completion_tokens: 19, total_tokens: 1146 },
    });
    expect((res.body as any).choices[0].message).not.toHaveProperty('reasoning_content');
    expect(res.usage).toMatchObject({ promptTokens: 1127, completionTokens: 19 });
  });

  it('turns a failed chat into its error, never an answer', () => {
    expect(thrown(() => cozeAdapter.parseResponse(bytes(sseFixtureText('coze', 'chat-failed-stream')), 'text/event-stream', ctxFor()))).toMatchObject({ code: '5000' });
  });

  it('turns a {code, msg} body sent with HTTP 200 into the error it is (401 for an invalid token)', () => {
    const error = (() => {
      try {
        cozeAdapter.parseResponse(bytes(fixtureBodyText('coze', 'error-auth')), 'application/json', ctxFor());
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(UpstreamRefusal);
    expect(error).toMatchObject({ status: 401, info: { code: '4100', type: 'authentication_error', message: 'Coze error 4100: authentication is invalid' } });
  });

  it('refuses a chat object to poll, which the gateway never asks for', () => {
    expect(thrown(() => cozeAdapter.parseResponse(bytes(fixtureBodyText('coze', 'chat-poll')), 'application/json', ctxFor()))).toMatchObject({ status: 502, code: 'bad_response_body' });
  });
});

describe('cozeAdapter errors', () => {
  it('reads {code, msg} error answers, naming auth failures so the channel can be disabled', () => {
    expect(cozeAdapter.parseError(401, fixtureBodyText('coze', 'error-token-401'), ctxFor())).toEqual({
      message: 'Coze error 700012006: access token invalid',
      code: '700012006',
      type: 'authentication_error',
    });
    expect(cozeAdapter.parseError(429, JSON.stringify({ code: 4013, msg: 'Request frequency limit exceeded' }), ctxFor())).toMatchObject({ code: '4013', type: 'rate_limit_error' });
    expect(cozeAdapter.parseError(502, '<html><title>Bad Gateway</title></html>', ctxFor()).message).toContain('Bad Gateway');
  });
});
