import { describe, expect, it } from 'vitest';
import { sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import type { OutboundEvent } from '../provider-adapter.js';
import { OpenAIStreamTranslator } from './stream-translator.js';

function run(translator: OpenAIStreamTranslator, provider: string, fixture: string): OutboundEvent[] {
  return [...sseFixtureEvents(provider, fixture).flatMap((e) => translator.push(e)), ...translator.end()];
}

/** An outbound event's payload as an object, whether passed on as JSON text or as an object. */
const dataOf = (e: { data: unknown }): any => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data);

describe('OpenAIStreamTranslator on chat streams', () => {
  it('passes chunks on as objects, swallows [DONE] and captures the usage chunk', () => {
    const translator = new OpenAIStreamTranslator('chat', true);
    const out = run(translator, 'openai', 'chat-stream');
    expect(out).toHaveLength(5);
    // Unchanged chunks go on as their original JSON text.
    expect(out.every((e) => typeof e.data === 'string' && e.event === undefined)).toBe(true);
    expect(dataOf(out[1]).choices[0].delta.content).toBe('Hello');
    expect(dataOf(out[4]).usage.total_tokens).toBe(15);
    expect(translator.usage()).toMatchObject({ promptTokens: 12, completionTokens: 3, semantic: 'openai' });
    expect(translator.drainText(true)).toBe('Hello there!');
  });

  it('drops the usage-only chunk and usage fields when the client refused usage', () => {
    const translator = new OpenAIStreamTranslator('chat', false);
    const out = run(translator, 'openai', 'chat-stream');
    expect(out).toHaveLength(4);
    expect(out.some((e) => 'usage' in dataOf(e))).toBe(false);
    expect(translator.usage()?.promptTokens).toBe(12);
  });

  it('counts tool call names and arguments as produced text and keeps cached tokens', () => {
    const translator = new OpenAIStreamTranslator('chat', true);
    const out = run(translator, 'openai', 'chat-tools-stream');
    expect(dataOf(out[0]).choices[0].delta.tool_calls[0]).toMatchObject({ id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', function: { name: 'get_weather' } });
    expect(translator.drainText(true)).toBe('get_weather{"location":"Paris"}');
    expect(translator.usage()).toMatchObject({ promptTokens: 81, cachedTokens: 64, completionTokens: 15 });
  });

  it('holds back the text of chunks without usage until asked for all of it, and gives each text once', () => {
    const translator = new OpenAIStreamTranslator('chat', true);
    const out = translator.push({ data: '{"id":"x","choices":[{"index":0,"delta":{"content":"ab"}}],"usage":null}' });
    expect(out).toEqual([{ data: '{"id":"x","choices":[{"index":0,"delta":{"content":"ab"}}],"usage":null}' }]);
    expect(translator.drainText()).toBe('');
    expect(translator.drainText(true)).toBe('ab');
    translator.push({ data: '{"id":"x","choices":[{"index":0,"delta":{"reasoning_content":"cd"}}]}' });
    expect(translator.drainText(true)).toBe('cd');
    expect(translator.drainText(true)).toBe('');
  });

  it('holds back chunks whose usage is null however it is spaced, and parses those with a usage value', () => {
    const translator = new OpenAIStreamTranslator('chat', true);
    for (const usage of ['"usage":null', '"usage" : null', '"usage":\n\tnull', '"note":"the \\"usage\\" word","usage":null']) {
      translator.push({ data: `{"id":"x","choices":[{"index":0,"delta":{"content":"ab"}}],${usage}}` });
      expect(translator.drainText()).toBe('');
    }
    expect(translator.drainText(true)).toBe('abababab');
    translator.push({ data: '{"id":"x","choices":[{"index":0,"delta":{"content":"cd"}}],"usage" : {"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}' });
    expect(translator.drainText()).toBe('cd');
    expect(translator.usage()).toMatchObject({ promptTokens: 3, completionTokens: 1 });
    translator.push({ data: '{"id":"x","choices":[{"index":0,"delta":{"content":"ef"}}],"usage":nullish}' });
    expect(translator.drainText()).toBe('');
  });

  it('finds the usage key past look-alikes that are not it ("misusage", an escaped "usage" in text)', () => {
    const translator = new OpenAIStreamTranslator('chat', true);
    translator.push({ data: '{"id":"x","model":"misusage","note":"a \\"usage\\" word","choices":[],"usage":{"prompt_tokens":7,"completion_tokens":2,"total_tokens":9}}' });
    expect(translator.usage()).toMatchObject({ promptTokens: 7, completionTokens: 2 });
    translator.push({ data: '{"id":"x","model":"misusage","choices":[{"index":0,"delta":{"content":"gh"}}],"usage":null}' });
    expect(translator.drainText()).toBe('');
    translator.push({ data: '{"id":"x","choices":[{"index":0,"delta":{"content":"ij"}}],"misusage":{"a":1}}' });
    expect(translator.drainText()).toBe('');
    expect(translator.drainText(true)).toBe('ghij');
  });

  it('parses held-back chunks once they pass 64 KiB, so memory does not grow with the stream', () => {
    const translator = new OpenAIStreamTranslator('chat', true);
    const piece = 'x'.repeat(1000);
    for (let i = 0; i < 70; i++) translator.push({ data: `{"id":"x","choices":[{"index":0,"delta":{"content":"${piece}"}}]}` });
    expect(translator.drainText().length).toBeGreaterThanOrEqual(60 * 1000);
    expect(translator.drainText(true).length).toBeLessThan(10 * 1000);
  });

  it('still removes a null usage field when the client refused usage', () => {
    const translator = new OpenAIStreamTranslator('chat', false);
    const [event] = translator.push({ data: '{"id":"x","choices":[{"index":0,"delta":{"content":"ab"}}],"usage":null}' });
    expect(typeof event.data === 'string' ? JSON.parse(event.data) : event.data).not.toHaveProperty('usage');
  });

  it('reads usage a provider put inside the last choice', () => {
    const translator = new OpenAIStreamTranslator('chat', true);
    translator.push({
      data: '{"id":"x","choices":[{"index":0,"delta":{},"finish_reason":"stop","usage":{"prompt_tokens":8,"completion_tokens":2,"total_tokens":10}}]}',
    });
    expect(translator.usage()).toMatchObject({ promptTokens: 8, completionTokens: 2 });
  });

  it('passes an error object sent inside the stream and skips keep-alive noise', () => {
    const translator = new OpenAIStreamTranslator('chat', true);
    expect(translator.push({ data: ': ping' })).toEqual([]);
    expect(translator.push({ data: '' })).toEqual([]);
    expect(translator.push({ data: '{"error":{"message":"overloaded","type":"server_error"}}' }).map(dataOf)).toEqual([
      { error: { message: 'overloaded', type: 'server_error' } },
    ]);
    expect(translator.usage()).toBeUndefined();
  });
});

describe('OpenAIStreamTranslator on other streams', () => {
  it('accumulates legacy completion text', () => {
    const translator = new OpenAIStreamTranslator('completions', true);
    run(translator, 'openai', 'completions-stream');
    expect(translator.drainText(true)).toBe('This is a test.');
    expect(translator.usage()).toMatchObject({ promptTokens: 5, completionTokens: 5 });
  });

  it('keeps Responses API event names and reads usage from response.completed', () => {
    const translator = new OpenAIStreamTranslator('responses', true);
    const out = run(translator, 'openai', 'responses-stream');
    expect(out.map((e) => e.event)).toEqual([
      'response.created',
      'response.output_item.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.completed',
    ]);
    expect(translator.drainText(true)).toBe('Hi there!');
    expect(translator.usage()).toMatchObject({ promptTokens: 37, completionTokens: 11, cachedTokens: 0 });
  });

  it('captures usage from events of other endpoints', () => {
    const translator = new OpenAIStreamTranslator('audio.transcriptions', true);
    const out = translator.push({ data: '{"type":"transcript.text.done","text":"hi","usage":{"type":"tokens","input_tokens":14,"output_tokens":3}}' });
    expect(out).toHaveLength(1);
    expect(translator.usage()).toMatchObject({ promptTokens: 14, completionTokens: 3 });
  });
});
