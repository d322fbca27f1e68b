import { describe, expect, it } from 'vitest';
import { fixtureBodyText, jsonFixture } from '../../../../test/fake-upstream/fixtures.js';
import { SseParser } from '../../streaming/sse-parser.js';
import { RelayError } from '../../relay-error.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import type { ByteStreamTranslator, OutboundEvent } from '../provider-adapter.js';
import { aiProxyLibraryAdapter } from './index.js';

const ctxFor = (overrides: Parameters<typeof testContext>[0] = {}) =>
  testContext({ upstreamModel: 'gpt-3.5-turbo', ...overrides, channel: { type: 21, key: 'ap-key', other: 'lib-42', ...overrides.channel } });

const ask = (messages: unknown[], ctx = ctxFor()) =>
  aiProxyLibraryAdapter.buildRequest(jsonBody({ model: 'gpt-3.5-turbo', messages }), ctx) as { url: string; headers: Record<string, string>; body: string };

/** The `text` of the stream fixture: `data:` lines separated by single newlines, as AIProxy sends them. */
const streamText = () => jsonFixture('aiproxy-library', 'answer-stream').text!;

/** Feeds `text` to a byte-stream translator in pieces of `size` bytes (cutting through lines and characters). */
function translate(translator: ByteStreamTranslator, text: string, size: number): any[] {
  const all = bytes(text);
  const out: OutboundEvent[] = [];
  for (let i = 0; i < all.length; i += size) out.push(...translator.push(all.subarray(i, i + size)));
  out.push(...translator.end());
  return out.map((e) => e.data);
}

const contentOf = (chunks: any[]) => chunks.map((c) => c.choices[0].delta.content ?? '').join('');

describe('aiProxyLibraryAdapter requests', () => {
  it('asks the library the last message, with the library id from the channel', () => {
    const req = ask([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: [{ type: 'text', text: 'What is AI Proxy?' }, { type: 'image_url', image_url: { url: 'https://img.test/a.png' } }] },
    ]);
    expect(req.url).toBe('https://api.aiproxy.io/api/library/ask');
    expect(req.headers.Authorization).toBe('Bearer ap-key');
    expect(sentJson(req.body)).toEqual({ model: 'gpt-3.5-turbo', query: 'What is AI Proxy?', libraryId: 'lib-42', stream: false });
  });

  it('uses the channel base URL and says when the client streams', () => {
    const req = ask([{ role: 'user', content: 'q' }], ctxFor({ stream: true, channel: { baseUrl: 'http://aiproxy.internal/', other: '  lib-7 ' } }));
    expect(req.url).toBe('http://aiproxy.internal/api/library/ask');
    expect(sentJson(req.body)).toMatchObject({ libraryId: 'lib-7', stream: true });
  });

  it('refuses a channel without a library id as a channel configuration error, before any upstream call', () => {
    let error: unknown;
    try {
      ask([{ role: 'user', content: 'q' }], ctxFor({ channel: { other: ' ' } }));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(RelayError);
    expect(error).toMatchObject({ code: 'channel:invalid_config', message: expect.stringContaining('knowledge base (library) id') });
  });

  it('refuses a last message without text as the caller’s 400', () => {
    for (const messages of [[], [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://img.test/a.png' } }] }], [{ role: 'user', content: '   ' }]]) {
      expect(() => ask(messages)).toThrow(expect.objectContaining({ status: 400, kind: 'client', message: expect.stringContaining('needs text in the last message') }));
    }
  });

  it('serves chat only and has no model list to fetch', () => {
    expect(aiProxyLibraryAdapter.supports('chat')).toBe(true);
    expect(aiProxyLibraryAdapter.supports('embeddings')).toBe(false);
    expect(aiProxyLibraryAdapter.modelList).toBeUndefined();
    expect(() => aiProxyLibraryAdapter.buildRequest(jsonBody({ input: 'x' }), ctxFor({ endpoint: 'embeddings' }))).toThrow(/do not serve embeddings/);
  });
});

describe('aiProxyLibraryAdapter answers', () => {
  it('appends the documents to the answer as a numbered markdown list, without usage', () => {
    const res = aiProxyLibraryAdapter.parseResponse(bytes(fixtureBodyText('aiproxy-library', 'answer')), 'application/json', ctxFor());
    expect(res.usage).toBeUndefined();
    expect(res.body).toMatchObject({ object: 'chat.completion', model: 'gpt-3.5-turbo', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant' } }] });
    expect((res.body as any).choices[0].message.content).toBe(
      'AI Proxy forwards requests to many model providers behind one key.\n\n参考文档：\n' +
        '1. [Getting started](https://docs.aiproxy.io/guide/start)\n2. [Library API](https://docs.aiproxy.io/dev/library)\n',
    );
  });

  it('leaves the heading out when there are no documents, and keeps links intact whatever the title', () => {
    const plain = aiProxyLibraryAdapter.parseResponse(bytes(fixtureBodyText('aiproxy-library', 'answer-no-documents')), 'application/json', ctxFor());
    expect((plain.body as any).choices[0].message.content).toBe('Nothing in the library mentions that.');
    const odd = aiProxyLibraryAdapter.parseResponse(bytes(JSON.stringify({ errCode: 0, answer: 'A', documents: [{ title: 'a [b]', url: 'https://x.test/a (1).md' }] })), 'application/json', ctxFor());
    expect((odd.body as any).choices[0].message.content).toBe('A\n\n参考文档：\n1. [a \\[b\\]](https://x.test/a%20%281%29.md)\n');
  });

  it('turns an answer with an errCode into an upstream error carrying its message', () => {
    expect(() => aiProxyLibraryAdapter.parseResponse(bytes(fixtureBodyText('aiproxy-library', 'error-library')), 'application/json', ctxFor())).toThrow(
      expect.objectContaining({ kind: 'upstream', message: 'AI Proxy knowledge base error 10004: library not found' }),
    );
  });

  it('reads error bodies of failed calls, with errCode as the code', () => {
    expect(aiProxyLibraryAdapter.parseError(401, fixtureBodyText('aiproxy-library', 'error-401'), ctxFor())).toEqual({ message: 'invalid api key', type: undefined, code: '401' });
    expect(aiProxyLibraryAdapter.parseError(502, '<html><title>Bad Gateway</title></html>', ctxFor()).message).toContain('Bad Gateway');
  });
});

describe('aiProxyLibraryAdapter streams', () => {
  it('needs its own line splitting: the SSE parser reads the blank-line-free stream as one event', () => {
    const parser = new SseParser();
    expect(parser.push(streamText())).toEqual([]);
    expect(parser.end()).toHaveLength(1);
  });

  it('streams a stream answer and reads a JSON one whole', () => {
    expect(aiProxyLibraryAdapter.isStream('text/event-stream', ctxFor({ stream: true }))).toBe(true);
    expect(aiProxyLibraryAdapter.isStream('application/json; charset=utf-8', ctxFor({ stream: true }))).toBe(false);
    expect(aiProxyLibraryAdapter.isStream('text/event-stream', ctxFor())).toBe(false);
  });

  it('turns each line into a chunk and ends with the documents and finish_reason stop, however the bytes are cut', () => {
    for (const size of [1, 7, 64, 100_000]) {
      const ctx = ctxFor({ stream: true });
      const translator = aiProxyLibraryAdapter.createByteStreamTranslator!(ctx, 'text/event-stream')!;
      const chunks = translate(translator, streamText(), size);
      expect(chunks.map((c) => c.choices[0].delta)).toEqual([
        { role: 'assistant', content: 'AI Proxy' },
        { content: ' forwards requests' },
        { content: ' to many providers.' },
        { content: '\n\n参考文档：\n1. [Getting started](https://docs.aiproxy.io/guide/start)\n' },
      ]);
      expect(chunks.map((c) => c.choices[0].finish_reason)).toEqual([null, null, null, 'stop']);
      expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'gpt-3.5-turbo' && c.id === chunks[0].id && !('usage' in c))).toBe(true);
      expect(translator.usage()).toBeUndefined();
      expect(translator.drainText!()).toBe(contentOf(chunks));
    }
  });

  it('keeps characters cut between chunks and accepts CRLF lines and a last line without a newline', () => {
    const translator = aiProxyLibraryAdapter.createByteStreamTranslator!(ctxFor({ stream: true }), 'text/event-stream')!;
    const text = 'data: {"content":"知识库"}\r\n: comment\r\ndata:{"content":"回答"}';
    expect(contentOf(translate(translator, text, 2))).toBe('知识库回答');
  });

  it('finishes with an empty stop chunk when there are no documents', () => {
    const translator = aiProxyLibraryAdapter.createByteStreamTranslator!(ctxFor({ stream: true }), 'text/event-stream')!;
    const chunks = translate(translator, 'data:{"content":"x","finish":true,"documents":[]}\n', 1000);
    expect(chunks.at(-1).choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
  });

  it('fails the stream on an error line', () => {
    const translator = aiProxyLibraryAdapter.createByteStreamTranslator!(ctxFor({ stream: true }), 'text/event-stream')!;
    expect(() => translator.push(bytes('data:{"content":"a"}\n{"success":false,"errCode":500,"message":"library busy"}\n'))).toThrow('AI Proxy knowledge base error 500: library busy');
  });

  it('also reads the events of a stream framed with blank lines', () => {
    const translator = aiProxyLibraryAdapter.createStreamTranslator(ctxFor({ stream: true }));
    const parser = new SseParser();
    const events = parser.push(streamText().replace(/\n/g, '\n\n'));
    const chunks = [...events.flatMap((e) => translator.push(e)), ...translator.end()].map((e) => e.data as any);
    expect(contentOf(chunks)).toBe('AI Proxy forwards requests to many providers.\n\n参考文档：\n1. [Getting started](https://docs.aiproxy.io/guide/start)\n');
  });
});
