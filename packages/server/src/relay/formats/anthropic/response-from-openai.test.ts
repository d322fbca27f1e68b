import { describe, expect, it } from 'vitest';
import { anthropicClientReplying, readFixture } from '../fixtures.test-helpers.js';
import type { ChatCompletion } from '../openai/types.js';
import { openAIToClaudeResponse } from './response-from-openai.js';
import { claudeToOpenAIResponse } from './response-to-openai.js';
import type { ClaudeMessage } from './types.js';

const completion = (name: string) => readFixture<ChatCompletion>(new URL(`../openai/fixtures/${name}.json`, import.meta.url));

describe('OpenAI response → Claude response', () => {
  it('converts a text answer; input tokens exclude the cached part', () => {
    expect(openAIToClaudeResponse(completion('completion-text'))).toEqual({
      id: 'msg_B9MBs8CjcvOU2jLn4n570S5qMJKcT',
      type: 'message',
      role: 'assistant',
      model: 'gpt-4.1-2025-04-14',
      content: [{ type: 'text', text: 'Hello! How can I assist you today?' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 99, output_tokens: 10, cache_read_input_tokens: 1920, cache_creation_input_tokens: 0 },
    });
  });

  it('converts reasoning and parallel tool calls into thinking and tool_use blocks', () => {
    const out = openAIToClaudeResponse(completion('completion-tool-calls'));
    expect(out.content).toEqual([
      { type: 'thinking', thinking: 'Two cities, two calls.', signature: '' },
      { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { location: 'Boston, MA' } },
      { type: 'tool_use', id: 'call_2', name: 'get_weather', input: { location: 'Paris' } },
    ]);
    expect(out.stop_reason).toBe('tool_use');
    expect(out.usage).toMatchObject({ input_tokens: 172, output_tokens: 180, cache_read_input_tokens: 128 });
  });

  it('reads reasoning named `reasoning` and answers a refusal as text', () => {
    const out = openAIToClaudeResponse({
      id: 'chatcmpl-y',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: 'No.', reasoning: 'policy' }, finish_reason: 'content_filter' }],
    });
    expect(out.content).toEqual([{ type: 'thinking', thinking: 'policy', signature: '' }, { type: 'text', text: 'No.' }]);
    expect(out.stop_reason).toBe('refusal');
  });

  it('answers with empty content and zero usage when the upstream gave neither', () => {
    const out = openAIToClaudeResponse({
      id: 'chatcmpl-x',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop' }],
    });
    expect(out.content).toEqual([]);
    expect(out.usage).toEqual({ input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
  });

  it('keeps arguments that are not JSON instead of losing them', () => {
    const base = completion('completion-tool-calls');
    base.choices[0].message.tool_calls![0].function.arguments = '{"location": "Bos';
    expect(openAIToClaudeResponse(base).content[1]).toMatchObject({ input: { raw_arguments: '{"location": "Bos' } });
  });

  it('is read by the official Anthropic client', async () => {
    const body = JSON.stringify(openAIToClaudeResponse(completion('completion-tool-calls')));
    const client = anthropicClientReplying(body, 200, 'application/json');
    const message = await client.messages.create({ model: 'gpt', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] });
    expect(message.content.map((b) => b.type)).toEqual(['thinking', 'tool_use', 'tool_use']);
  });

  it('round-trips a Claude answer through OpenAI and back', () => {
    const original = readFixture<ClaudeMessage>(new URL('./fixtures/message-tool-use.json', import.meta.url));
    const back = openAIToClaudeResponse(claudeToOpenAIResponse(original).response);
    expect(back.id).toBe(original.id);
    expect(back.content).toEqual(original.content);
    expect(back.stop_reason).toBe('tool_use');
    expect(back.usage).toMatchObject({ input_tokens: 472, output_tokens: 121 });
  });
});
