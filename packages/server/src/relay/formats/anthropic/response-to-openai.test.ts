import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures.test-helpers.js';
import { claudeToOpenAIResponse } from './response-to-openai.js';
import { claudeStopToFinishReason, finishReasonToClaudeStop } from './stop-reason.js';
import type { ClaudeMessage } from './types.js';

const fixture = (name: string) => readFixture<ClaudeMessage>(new URL(`./fixtures/${name}.json`, import.meta.url));

describe('Claude response → OpenAI response', () => {
  it('converts a text answer with cache usage: prompt tokens add cache reads and writes', () => {
    const { response, usage } = claudeToOpenAIResponse(fixture('message-text'), { created: 1700000000 });
    expect(response).toEqual({
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      object: 'chat.completion',
      created: 1700000000,
      model: 'claude-sonnet-4-20250514',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello! How can I help you today?' }, logprobs: null, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: 2012,
        completion_tokens: 10,
        total_tokens: 2022,
        prompt_tokens_details: { cached_tokens: 1800 },
        completion_tokens_details: { reasoning_tokens: 0 },
      },
    });
    expect(usage).toMatchObject({ promptTokens: 12, cachedTokens: 1800, cacheCreationTokens: 200, cacheCreation5mTokens: 200, semantic: 'anthropic' });
  });

  it('converts parallel tool_use blocks into tool_calls with JSON arguments', () => {
    const { response } = claudeToOpenAIResponse(fixture('message-tool-use'));
    expect(response.choices[0].finish_reason).toBe('tool_calls');
    expect(response.choices[0].message).toEqual({
      role: 'assistant',
      content: "I'll check the weather in both cities.",
      tool_calls: [
        { id: 'toolu_01A09q90qw90lq917835lq9', type: 'function', function: { name: 'get_weather', arguments: '{"location":"San Francisco, CA","unit":"celsius"}' } },
        { id: 'toolu_01B18r81rx81mr826724mr8', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris, France","unit":"celsius"}' } },
      ],
    });
  });

  it('returns thinking as reasoning_content beside the answer', () => {
    const { response, usage } = claudeToOpenAIResponse(fixture('message-thinking'));
    expect(response.choices[0].message).toEqual({
      role: 'assistant',
      content: '27 × 453 = 12,231.',
      reasoning_content: 'The user asks for 27 * 453. 27 * 453 = 12231.',
    });
    expect(usage).toMatchObject({ promptTokens: 48, completionTokens: 96, cachedTokens: 0, cacheCreationTokens: 0 });
  });

  it('reports max_tokens as length', () => {
    expect(claudeToOpenAIResponse(fixture('message-max-tokens')).response.choices[0].finish_reason).toBe('length');
  });

  it('gives null content for a tool-only answer and empty content for an empty answer', () => {
    const base = fixture('message-tool-use');
    const toolOnly = claudeToOpenAIResponse({ ...base, content: base.content.slice(1) }).response.choices[0].message;
    expect(toolOnly.content).toBeNull();
    const empty = claudeToOpenAIResponse({ ...base, content: [], stop_reason: 'end_turn' }).response.choices[0];
    expect(empty.message).toEqual({ role: 'assistant', content: '' });
    expect(empty.finish_reason).toBe('stop');
  });
});

describe('stop reasons', () => {
  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
    ['pause_turn', 'stop'],
    [null, 'stop'],
  ])('Claude %s → OpenAI %s', (claude, openai) => {
    expect(claudeStopToFinishReason(claude)).toBe(openai);
  });

  it.each([
    ['stop', 'end_turn'],
    ['length', 'max_tokens'],
    ['tool_calls', 'tool_use'],
    ['function_call', 'tool_use'],
    ['content_filter', 'refusal'],
  ])('OpenAI %s → Claude %s', (openai, claude) => {
    expect(finishReasonToClaudeStop(openai)).toBe(claude);
  });
});
