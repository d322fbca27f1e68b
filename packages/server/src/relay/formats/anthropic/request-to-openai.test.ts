import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures.test-helpers.js';
import type { ChatCompletionRequest } from '../openai/types.js';
import { openAIToClaudeRequest } from './request-from-openai.js';
import { claudeToOpenAIRequest } from './request-to-openai.js';
import type { ClaudeRequest } from './types.js';

const nativeRequest = () => readFixture<ClaudeRequest>(new URL('./fixtures/request-native.json', import.meta.url));

describe('Claude request → OpenAI request', () => {
  it('joins system blocks into one system message and maps sampling, stop, user and max_tokens', () => {
    const out = claudeToOpenAIRequest(nativeRequest());
    expect(out.messages[0]).toEqual({ role: 'system', content: 'You are a weather assistant.\nAnswer briefly.' });
    expect(out).toMatchObject({ model: 'claude-sonnet-4-20250514', max_tokens: 1024, temperature: 0.3, stop: ['\n\nHuman:'], user: 'user-42' });
    expect(out).not.toHaveProperty('top_k');
  });

  it('converts images to image_url parts (base64 as data: URLs)', () => {
    const out = claudeToOpenAIRequest(nativeRequest());
    expect(out.messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: "What is in this picture, and what's the weather there?" },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        { type: 'image_url', image_url: { url: 'https://example.com/paris.jpg' } },
      ],
    });
  });

  it('turns tool_use into tool_calls, drops thinking, and splits tool_result blocks into tool messages before the user text', () => {
    const out = claudeToOpenAIRequest(nativeRequest());
    expect(out.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: 'That is the Eiffel Tower.',
        tool_calls: [{ id: 'toolu_01', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'toolu_01', content: '18°C, sunny' },
      { role: 'user', content: 'Thanks! Should I bring an umbrella?' },
    ]);
  });

  it('keeps only client tools and maps tool_choice any with parallel use disabled', () => {
    const out = claudeToOpenAIRequest(nativeRequest());
    expect(out.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Get the current weather in a given location',
          parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
        },
      },
    ]);
    expect(out.tool_choice).toBe('required');
    expect(out.parallel_tool_calls).toBe(false);
  });

  it('asks for usage in streams, maps thinking to a reasoning effort and can name max_completion_tokens', () => {
    const out = claudeToOpenAIRequest({ ...nativeRequest(), stream: true, thinking: { type: 'enabled', budget_tokens: 16000 } }, { maxTokensField: 'max_completion_tokens' });
    expect(out).toMatchObject({ stream: true, stream_options: { include_usage: true }, reasoning_effort: 'high', max_completion_tokens: 1024 });
    expect(out).not.toHaveProperty('max_tokens');
  });

  it.each([
    [1024, 'low'],
    [2048, 'low'],
    [5000, 'medium'],
    [8192, 'medium'],
    [32000, 'high'],
  ] as const)('maps a thinking budget of %i tokens to reasoning_effort %s', (budget, effort) => {
    expect(claudeToOpenAIRequest({ ...nativeRequest(), thinking: { type: 'enabled', budget_tokens: budget } }).reasoning_effort).toBe(effort);
  });

  it('sends no reasoning_effort when thinking is disabled', () => {
    expect(claudeToOpenAIRequest({ ...nativeRequest(), thinking: { type: 'disabled' } })).not.toHaveProperty('reasoning_effort');
  });

  it('moves images inside a tool_result to the user turn, since OpenAI tool messages hold text only', () => {
    const out = claudeToOpenAIRequest({
      model: 'm',
      max_tokens: 10,
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [
                { type: 'text', text: 'screenshot attached' },
                { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/' } },
              ],
            },
          ],
        },
      ],
    });
    expect(out.messages).toEqual([
      { role: 'tool', tool_call_id: 't1', content: 'screenshot attached' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } }] },
    ]);
  });

  it('maps the remaining tool choices', () => {
    const req = nativeRequest();
    expect(claudeToOpenAIRequest({ ...req, tool_choice: { type: 'auto' } }).tool_choice).toBe('auto');
    expect(claudeToOpenAIRequest({ ...req, tool_choice: { type: 'none' } }).tool_choice).toBe('none');
    expect(claudeToOpenAIRequest({ ...req, tool_choice: { type: 'tool', name: 'get_weather' } }).tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
  });
});

describe('round trip OpenAI → Claude → OpenAI', () => {
  it('keeps messages, tool calls, tool results and tools equivalent', () => {
    const original = readFixture<ChatCompletionRequest>(new URL('../openai/fixtures/request-tools.json', import.meta.url));
    const back = claudeToOpenAIRequest(openAIToClaudeRequest(original, { defaultMaxTokens: 8192 }));
    expect(back.messages).toEqual([
      original.messages[0],
      {
        role: 'user',
        content: [
          { type: 'text', text: "What's the weather where this photo was taken, and in Paris?" },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          // `detail` has no Claude equivalent.
          { type: 'image_url', image_url: { url: 'https://example.com/photo.jpg' } },
        ],
      },
      original.messages[2],
      original.messages[3],
      original.messages[4],
      original.messages[5],
    ]);
    // `strict` has no Claude equivalent; the function itself survives.
    const { strict: _strict, ...fn } = original.tools![0].function;
    expect(back.tools).toEqual([{ type: 'function', function: fn }]);
    expect(back).toMatchObject({ tool_choice: 'auto', temperature: 0.7, top_p: 0.9, stop: ['END'], max_tokens: 512, user: 'user-7' });
  });

  it('keeps a plain conversation identical', () => {
    const original: ChatCompletionRequest = {
      model: 'm',
      max_tokens: 100,
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
      ],
    };
    expect(claudeToOpenAIRequest(openAIToClaudeRequest(original, { defaultMaxTokens: 1 }))).toEqual(original);
  });
});
