import { describe, expect, it } from 'vitest';
import { openAIClientReplying, readSseFixture, sseBody } from '../fixtures.test-helpers.js';
import { isOpenAIErrorBody, type ChatCompletionChunk, type OpenAIStreamItem } from '../openai/types.js';
import { geminiToOpenAIResponse } from './response-to-openai.js';
import { GeminiToOpenAIStream } from './stream-to-openai.js';

const events = (name: string) => readSseFixture(new URL(`./fixtures/${name}.json`, import.meta.url));

function run(name: string, includeUsage = true) {
  const stream = new GeminiToOpenAIStream({ includeUsage, model: 'gemini-x', created: 1700000000 });
  const items: OpenAIStreamItem[] = [];
  for (const event of events(name)) items.push(...stream.push(event));
  return { stream, items, chunks: items.filter((i): i is ChatCompletionChunk => !isOpenAIErrorBody(i)) };
}

describe('Gemini stream → OpenAI chunks', () => {
  it('sends the role first, text deltas, the finish chunk and the final usage', () => {
    const { chunks, stream } = run('stream-text');
    expect(chunks.map((c) => c.choices[0]?.delta ?? null)).toEqual([
      { role: 'assistant', content: '' },
      { content: 'The' },
      { content: ' quick brown fox' },
      { content: ' jumps.' },
      {},
      null,
    ]);
    expect(chunks[4].choices[0].finish_reason).toBe('stop');
    expect(chunks[5]).toMatchObject({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 6, total_tokens: 15 } });
    expect(chunks.every((c) => c.id === 'chatcmpl-s-text-1' && c.model === 'gemini-x')).toBe(true);
    expect(stream.usage).toMatchObject({ promptTokens: 9, completionTokens: 6 });
    expect(stream.done).toBe(true);
  });

  it('sends thoughts as reasoning_content and each whole function call as one tool_calls delta', () => {
    const { chunks } = run('stream-thinking-function-call', false);
    expect(chunks.map((c) => c.choices[0].delta)).toEqual([
      { role: 'assistant', content: '' },
      { reasoning_content: '**Planning**\nThe user wants the weather.' },
      {
        tool_calls: [
          { index: 0, id: 'call_s-fc-1_0', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Tokyo"}' }, extra_content: { google: { thought_signature: 'Cp8BAdHtim9sig' } } },
        ],
      },
      { tool_calls: [{ index: 1, id: 'call_s-fc-1_1', type: 'function', function: { name: 'get_time', arguments: '{"timezone":"Asia/Tokyo"}' } }] },
      {},
    ]);
    expect(chunks.at(-1)!.choices[0].finish_reason).toBe('tool_calls');
  });

  it('gives streamed tool calls the same ids as the non-streamed answer would', () => {
    const { chunks } = run('stream-thinking-function-call', false);
    const last = readSseFixture(new URL('./fixtures/stream-thinking-function-call.json', import.meta.url)).at(-1)!;
    const whole = geminiToOpenAIResponse(JSON.parse(last.data)).response;
    const streamedIds = chunks.flatMap((c) => c.choices[0].delta.tool_calls ?? []).map((t) => t.id);
    expect(streamedIds).toEqual(whole.choices[0].message.tool_calls!.map((t) => t.id));
  });

  it('is reassembled by the official OpenAI client', async () => {
    const { items } = run('stream-thinking-function-call');
    const client = openAIClientReplying(sseBody([...items.map((i) => ({ data: JSON.stringify(i) })), { data: '[DONE]' }]));
    const final = await client.chat.completions.stream({ model: 'gemini', messages: [{ role: 'user', content: 'x' }] }).finalChatCompletion();
    expect(final.choices[0].message.tool_calls?.map((t) => t.type === 'function' && t.function.name)).toEqual(['get_weather', 'get_time']);
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(final.usage).toMatchObject({ prompt_tokens: 60, completion_tokens: 65, completion_tokens_details: { reasoning_tokens: 40 } });
  });

  it('turns a mid-stream error into an OpenAI error item and stops', () => {
    const { items, stream } = run('stream-error');
    expect(items.at(-1)).toEqual({ error: { message: 'The model is overloaded. Please try again later.', type: 'server_error', param: null, code: 'UNAVAILABLE' } });
    expect(stream.done).toBe(true);
  });

  it('ends a blocked prompt with content_filter', () => {
    const stream = new GeminiToOpenAIStream();
    const out = stream.pushResponse({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 } });
    expect(out.at(-1)).toMatchObject({ choices: [{ finish_reason: 'content_filter' }] });
  });

  it('keeps the latest usage even when it arrives after the finish chunk', () => {
    const stream = new GeminiToOpenAIStream();
    stream.pushResponse({ candidates: [{ content: { role: 'model', parts: [{ text: 'hi' }] }, finishReason: 'STOP' }] });
    expect(stream.pushResponse({ usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 } })).toEqual([]);
    expect(stream.usage).toMatchObject({ promptTokens: 3, completionTokens: 1 });
  });
});
