import { APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { anthropicClientReplying, readSseFixture, sseBody } from '../fixtures.test-helpers.js';
import type { ChatCompletionChunk, ChatDelta, FinishReason } from '../openai/types.js';
import { claudeSseEvent, OpenAIToClaudeStream } from './stream-from-openai.js';
import type { ClaudeStreamEvent } from './types.js';

const events = (name: string) => readSseFixture(new URL(`../openai/fixtures/${name}.json`, import.meta.url));

function run(name: string, options = {}) {
  const stream = new OpenAIToClaudeStream(options);
  const out: ClaudeStreamEvent[] = [];
  for (const event of events(name)) out.push(...stream.push(event));
  out.push(...stream.finish());
  return { stream, out };
}

const summary = (out: ClaudeStreamEvent[]) =>
  out.map((e) => {
    if (e.type === 'content_block_start') return `start ${e.index} ${e.content_block.type}`;
    if (e.type === 'content_block_delta') return `delta ${e.index} ${e.delta.type}`;
    if (e.type === 'content_block_stop') return `stop ${e.index}`;
    return e.type;
  });

const finalMessage = (out: ClaudeStreamEvent[]) => {
  const client = anthropicClientReplying(sseBody(out.map(claudeSseEvent)));
  return client.messages.stream({ model: 'gpt', max_tokens: 100, messages: [{ role: 'user', content: 'x' }] }).finalMessage();
};

describe('OpenAI chunks → Claude stream', () => {
  it('emits message_start, one text block, then message_delta with usage and message_stop', () => {
    const { out, stream } = run('stream-text');
    expect(summary(out)).toEqual(['message_start', 'start 0 text', 'delta 0 text_delta', 'delta 0 text_delta', 'stop 0', 'message_delta', 'message_stop']);
    expect(out[0]).toMatchObject({ message: { id: 'msg_123', type: 'message', role: 'assistant', model: 'gpt-4o-mini', content: [], stop_reason: null } });
    expect(out[5]).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { input_tokens: 76, output_tokens: 3, cache_read_input_tokens: 1024, cache_creation_input_tokens: 0 },
    });
    expect(stream.usage).toMatchObject({ promptTokens: 1100, cachedTokens: 1024, completionTokens: 3 });
  });

  it('is reassembled by the official Anthropic client', async () => {
    const message = await finalMessage(run('stream-text').out);
    expect(message.content).toEqual([{ type: 'text', text: 'Hello there!' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.output_tokens).toBe(3);
  });

  it('opens one tool_use block per tool call and streams argument fragments into it', () => {
    const { out } = run('stream-tool-calls');
    expect(summary(out)).toEqual([
      'message_start',
      'start 0 tool_use',
      'delta 0 input_json_delta',
      'delta 0 input_json_delta',
      'stop 0',
      'start 1 tool_use',
      'delta 1 input_json_delta',
      'delta 1 input_json_delta',
      'stop 1',
      'message_delta',
      'message_stop',
    ]);
    expect(out[1]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', name: 'get_weather', input: {} } });
    expect(out.at(-2)).toMatchObject({ delta: { stop_reason: 'tool_use' } });
  });

  it('gives the Anthropic client complete tool inputs', async () => {
    const message = await finalMessage(run('stream-tool-calls').out);
    expect(message.content).toEqual([
      { type: 'tool_use', id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', name: 'get_weather', input: { location: 'Paris' } },
      { type: 'tool_use', id: 'call_fJ5bTlQ2GmWD5mT1s1m5xY8k', name: 'get_time', input: { timezone: 'Europe/Paris' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
  });

  it('puts reasoning in a thinking block and closes it when the text starts', async () => {
    const { out } = run('stream-reasoning');
    expect(summary(out)).toEqual(['message_start', 'start 0 thinking', 'delta 0 thinking_delta', 'stop 0', 'start 1 text', 'delta 1 text_delta', 'stop 1', 'message_delta', 'message_stop']);
    const message = await finalMessage(out);
    expect(message.content.map((b) => b.type)).toEqual(['thinking', 'text']);
    expect(message.usage.output_tokens).toBe(60);
  });

  it('switches blocks when text follows a tool call and when a tool call follows text', () => {
    const stream = new OpenAIToClaudeStream({ model: 'm' });
    const chunk = (delta: ChatDelta, finish: FinishReason | null = null): ChatCompletionChunk => ({
      id: 'c',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const out = [
      ...stream.pushChunk(chunk({ content: 'Let me look.' })),
      ...stream.pushChunk(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] })),
      ...stream.pushChunk(chunk({}, 'tool_calls')),
      ...stream.finish(),
    ];
    expect(summary(out)).toEqual(['message_start', 'start 0 text', 'delta 0 text_delta', 'stop 0', 'start 1 tool_use', 'delta 1 input_json_delta', 'stop 1', 'message_delta', 'message_stop']);
  });

  it('reads `reasoning` deltas (OpenRouter, vLLM) as thinking and refusals as text', () => {
    const stream = new OpenAIToClaudeStream();
    const chunk = (delta: ChatDelta): ChatCompletionChunk => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }] });
    const out = [...stream.pushChunk(chunk({ reasoning: 'hmm' })), ...stream.pushChunk(chunk({ refusal: 'I cannot help with that.' }))];
    expect(out.filter((e) => e.type === 'content_block_delta').map((e) => e.type === 'content_block_delta' && e.delta)).toEqual([
      { type: 'thinking_delta', thinking: 'hmm' },
      { type: 'text_delta', text: 'I cannot help with that.' },
    ]);
  });

  it('uses the prompt estimate when the upstream sends no usage', () => {
    const stream = new OpenAIToClaudeStream({ promptTokens: 42 });
    const out = [
      ...stream.pushChunk({ id: 'chatcmpl-9', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }] }),
      ...stream.push({ data: '[DONE]' }),
    ];
    expect(out[0]).toMatchObject({ type: 'message_start', message: { id: 'msg_9', usage: { input_tokens: 42, output_tokens: 0 } } });
    expect(out.at(-2)).toMatchObject({ type: 'message_delta', usage: { input_tokens: 42, output_tokens: 0 } });
    expect(stream.done).toBe(true);
  });

  it('answers an empty stream with an empty, well-formed message', async () => {
    const stream = new OpenAIToClaudeStream({ model: 'gpt-4o' });
    const out = stream.push({ data: '[DONE]' });
    expect(summary(out)).toEqual(['message_start', 'message_delta', 'message_stop']);
    const message = await finalMessage(out);
    expect(message.content).toEqual([]);
  });

  it('turns a mid-stream OpenAI error into a Claude error event that the Anthropic client raises', async () => {
    const { out, stream } = run('stream-error');
    expect(out.at(-1)).toEqual({ type: 'error', error: { type: 'api_error', message: 'The server had an error while processing your request.' } });
    expect(stream.done).toBe(true);
    await expect(finalMessage(out)).rejects.toThrow(APIError);
  });

  it('frames events with their type as the SSE event name', () => {
    expect(claudeSseEvent({ type: 'message_stop' })).toEqual({ event: 'message_stop', data: '{"type":"message_stop"}' });
  });
});
