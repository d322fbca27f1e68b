import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures.test-helpers.js';
import { geminiFinishToOpenAI } from './finish-reason.js';
import { geminiToOpenAIResponse } from './response-to-openai.js';
import type { GeminiResponse } from './types.js';

const fixture = (name: string) => readFixture<GeminiResponse>(new URL(`./fixtures/${name}.json`, import.meta.url));

describe('Gemini response → OpenAI response', () => {
  it('converts a text answer with cached content in the usage', () => {
    const { response, usage } = geminiToOpenAIResponse(fixture('response-text'), { model: 'gemini-2.0-flash', created: 1700000000 });
    expect(response).toEqual({
      id: 'chatcmpl-mK3haO3pJ8WfmNAPn5Cj4Q0',
      object: 'chat.completion',
      created: 1700000000,
      model: 'gemini-2.0-flash',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello! How can I help you today?' }, logprobs: null, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: 1210,
        completion_tokens: 9,
        total_tokens: 1219,
        prompt_tokens_details: { cached_tokens: 1024 },
        completion_tokens_details: { reasoning_tokens: 0 },
      },
    });
    expect(usage).toMatchObject({ promptTokens: 1210, cachedTokens: 1024, semantic: 'openai' });
  });

  it('converts parallel function calls into tool_calls with stable ids and keeps the thought signature', () => {
    const first = geminiToOpenAIResponse(fixture('response-function-calls')).response;
    const again = geminiToOpenAIResponse(fixture('response-function-calls')).response;
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    expect(first.choices[0].message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_fc-resp-1_0', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Boston, MA"}' }, extra_content: { google: { thought_signature: 'CiQB0e2Kb7sig' } } },
        { id: 'call_fc-resp-1_1', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris"}' } },
      ],
    });
    expect(again.choices[0].message.tool_calls).toEqual(first.choices[0].message.tool_calls);
  });

  it('returns thought parts as reasoning_content and counts thoughts as reasoning tokens', () => {
    const { response, usage } = geminiToOpenAIResponse(fixture('response-thinking'));
    expect(response.choices[0].message).toEqual({
      role: 'assistant',
      content: '27 × 453 = 12,231.',
      reasoning_content: '**Computing the product**\n\nI multiply 27 by 453.',
    });
    expect(response.usage).toMatchObject({ prompt_tokens: 14, completion_tokens: 312, total_tokens: 326, completion_tokens_details: { reasoning_tokens: 300 } });
    expect(usage.reasoningTokens).toBe(300);
    expect(response.model).toBe('gemini-2.5-pro');
  });

  it('answers a blocked prompt with empty content filtered by content_filter', () => {
    const { response, usage } = geminiToOpenAIResponse(fixture('response-blocked'));
    expect(response.choices).toEqual([{ index: 0, message: { role: 'assistant', content: '' }, logprobs: null, finish_reason: 'content_filter' }]);
    expect(usage.promptTokens).toBe(8);
  });

  it.each([
    ['STOP', false, 'stop'],
    ['STOP', true, 'tool_calls'],
    ['MAX_TOKENS', false, 'length'],
    ['SAFETY', false, 'content_filter'],
    ['RECITATION', false, 'content_filter'],
    ['BLOCKLIST', false, 'content_filter'],
    ['PROHIBITED_CONTENT', false, 'content_filter'],
    ['MALFORMED_FUNCTION_CALL', false, 'stop'],
    [undefined, false, 'stop'],
  ] as const)('finishReason %s (function calls: %s) → %s', (reason, calls, expected) => {
    expect(geminiFinishToOpenAI(reason, calls)).toBe(expected);
  });
});
