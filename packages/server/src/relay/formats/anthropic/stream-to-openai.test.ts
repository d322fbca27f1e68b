import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { openAIClientReplying, readSseFixture, sseBody } from '../fixtures.test-helpers.js';
import { isOpenAIErrorBody, type ChatCompletionChunk, type OpenAIStreamItem } from '../openai/types.js';
import { ClaudeToOpenAIStream } from './stream-to-openai.js';

const events = (name: string) => readSseFixture(new URL(`./fixtures/${name}.json`, import.meta.url));

function run(name: string, includeUsage = true) {
  const stream = new ClaudeToOpenAIStream({ includeUsage, created: 1700000000 });
  const items: OpenAIStreamItem[] = [];
  for (const event of events(name)) items.push(...stream.push(event));
  items.push(...stream.finish());
  return { stream, items, chunks: items.filter((i): i is ChatCompletionChunk => !isOpenAIErrorBody(i)) };
}

const deltas = (chunks: ChatCompletionChunk[]) => chunks.flatMap((c) => c.choices.map((ch) => ch.delta));

describe('Claude stream → OpenAI chunks', () => {
  it('sends the role first, then text deltas, the finish chunk and the usage chunk', () => {
    const { chunks, stream } = run('stream-text');
    expect(chunks.map((c) => c.choices[0]?.delta ?? null)).toEqual([{ role: 'assistant', content: '' }, { content: 'Hello' }, { content: '!' }, {}, null]);
    expect(chunks[3].choices[0].finish_reason).toBe('stop');
    expect(chunks.every((c) => c.id === 'msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY' && c.object === 'chat.completion.chunk' && c.model === 'claude-sonnet-4-20250514')).toBe(true);
    expect(chunks.slice(0, 4).every((c) => c.usage === null)).toBe(true);
    expect(chunks[4]).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 1049, completion_tokens: 15, total_tokens: 1064, prompt_tokens_details: { cached_tokens: 1024 } },
    });
    expect(stream.usage).toMatchObject({ promptTokens: 25, cachedTokens: 1024, completionTokens: 15, semantic: 'anthropic' });
    expect(stream.done).toBe(true);
  });

  it('omits usage entirely when the client did not ask for it', () => {
    const { chunks } = run('stream-text', false);
    expect(chunks).toHaveLength(4);
    expect(chunks.every((c) => !('usage' in c))).toBe(true);
  });

  it('streams tool calls with ids, names and argument fragments under their own indexes', () => {
    const { chunks } = run('stream-tool-use');
    const toolDeltas = deltas(chunks).flatMap((d) => d.tool_calls ?? []);
    expect(toolDeltas).toEqual([
      { index: 0, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', type: 'function', function: { name: 'get_weather', arguments: '' } },
      { index: 0, function: { arguments: '{"location":' } },
      { index: 0, function: { arguments: ' "San Francisc' } },
      { index: 0, function: { arguments: 'o, CA"}' } },
      { index: 1, id: 'toolu_02U2y2gK45rBnl3uOUsO8Vq7', type: 'function', function: { name: 'get_time', arguments: '' } },
      { index: 1, function: { arguments: '{"timezone": "America/' } },
      { index: 1, function: { arguments: 'Los_Angeles"}' } },
    ]);
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('tool_calls');
  });

  it('is reassembled by the official OpenAI client into text plus two complete tool calls', async () => {
    const { items } = run('stream-tool-use');
    const body = sseBody([...items.map((i) => ({ data: JSON.stringify(i) })), { data: '[DONE]' }]);
    const client = openAIClientReplying(body);
    const final = await client.chat.completions.stream({ model: 'claude', messages: [{ role: 'user', content: 'x' }] }).finalChatCompletion();
    expect(final.choices[0].message.content).toBe('Okay, let me check both cities.');
    expect(final.choices[0].message.tool_calls?.map((t) => t.type === 'function' && [t.id, t.function.name, JSON.parse(t.function.arguments)])).toEqual([
      ['toolu_01T1x1fJ34qAmk2tNTrN7Up6', 'get_weather', { location: 'San Francisco, CA' }],
      ['toolu_02U2y2gK45rBnl3uOUsO8Vq7', 'get_time', { timezone: 'America/Los_Angeles' }],
    ]);
    expect(final.usage?.prompt_tokens).toBe(472);
  });

  it('sends thinking as reasoning_content deltas and ignores signatures', () => {
    const { chunks } = run('stream-thinking');
    expect(deltas(chunks).slice(1, 4)).toEqual([
      { reasoning_content: 'Let me solve this step by step:\n\n1. First break down 27 * 453' },
      { reasoning_content: '\n2. 453 = 400 + 50 + 3' },
      { content: '27 * 453 = 12,231' },
    ]);
  });

  it('turns a mid-stream error event into an OpenAI error item and stops', () => {
    const { items, stream } = run('stream-error');
    expect(items.at(-1)).toEqual({ error: { message: 'Overloaded', type: 'overloaded_error', param: null, code: 'overloaded_error' } });
    expect(items.filter(isOpenAIErrorBody)).toHaveLength(1);
    expect(stream.done).toBe(true);
    expect(stream.usage).toMatchObject({ promptTokens: 30, completionTokens: 1 });
    expect(stream.push({ event: 'message_stop', data: '{"type":"message_stop"}' })).toEqual([]);
  });

  it('makes the official OpenAI client raise the mid-stream error', async () => {
    const { items } = run('stream-error');
    const client = openAIClientReplying(sseBody(items.map((i) => ({ data: JSON.stringify(i) }))));
    const stream = await client.chat.completions.create({ model: 'claude', messages: [{ role: 'user', content: 'x' }], stream: true });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    ).rejects.toThrow(APIError);
    expect(seen.join('')).toBe('Partial answ');
  });

  it('completes a stream that closed after message_delta without message_stop, and nothing else', () => {
    const cut = new ClaudeToOpenAIStream({ includeUsage: false });
    const all = events('stream-text');
    for (const event of all.slice(0, -1)) cut.push(event);
    expect(cut.finish()).toEqual([expect.objectContaining({ choices: [expect.objectContaining({ finish_reason: 'stop' })] })]);

    const early = new ClaudeToOpenAIStream();
    for (const event of all.slice(0, 4)) early.push(event);
    expect(early.finish()).toEqual([]);
    expect(early.done).toBe(false);
  });

  it('ignores pings, keep-alive comments and non-JSON data', () => {
    const stream = new ClaudeToOpenAIStream();
    expect(stream.push({ event: 'ping', data: '{"type":"ping"}' })).toEqual([]);
    expect(stream.push({ data: 'not json' })).toEqual([]);
  });
});
