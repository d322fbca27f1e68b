import { describe, expect, it } from 'vitest';
import { RelayError } from '../../relay-error.js';
import { readFixture } from '../fixtures.test-helpers.js';
import type { ChatCompletionRequest } from '../openai/types.js';
import { openAIToClaudeRequest } from './request-from-openai.js';

const toolsRequest = () => readFixture<ChatCompletionRequest>(new URL('../openai/fixtures/request-tools.json', import.meta.url));
const base = { defaultMaxTokens: 8192 };

describe('OpenAI request → Claude request', () => {
  it('moves the system message to `system` and keeps a plain user turn as a string', () => {
    const out = openAIToClaudeRequest({ model: 'claude-sonnet-4', messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Hi' }] }, base);
    expect(out).toEqual({ model: 'claude-sonnet-4', system: 'Be terse.', max_tokens: 8192, messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('sends several system and developer messages as text blocks, keeping cache_control', () => {
    const out = openAIToClaudeRequest(
      {
        model: 'm',
        messages: [
          { role: 'system', content: 'A' },
          { role: 'developer', content: [{ type: 'text', text: 'B', cache_control: { type: 'ephemeral' } }] },
          { role: 'user', content: 'Q' },
        ],
      },
      base,
    );
    expect(out.system).toEqual([{ type: 'text', text: 'A' }, { type: 'text', text: 'B', cache_control: { type: 'ephemeral' } }]);
  });

  it('converts images: data URLs to base64 sources and http URLs to url sources', () => {
    const out = openAIToClaudeRequest(toolsRequest(), base);
    expect(out.messages[0]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: "What's the weather where this photo was taken, and in Paris?" },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
        { type: 'image', source: { type: 'url', url: 'https://example.com/photo.jpg' } },
      ],
    });
  });

  it('turns assistant tool calls into tool_use blocks and merges consecutive tool results into one user turn before the next user text', () => {
    const out = openAIToClaudeRequest(toolsRequest(), base);
    expect(out.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(out.messages[1].content).toEqual([
      { type: 'tool_use', id: 'call_abc123', name: 'get_weather', input: { location: 'Boston, MA' } },
      { type: 'tool_use', id: 'call_def456', name: 'get_weather', input: { location: 'Paris' } },
    ]);
    expect(out.messages[2].content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_abc123', content: '{"temperature":22,"unit":"celsius"}' },
      { type: 'tool_result', tool_use_id: 'call_def456', content: 'Rainy, 15°C' },
      { type: 'text', text: 'Which city is warmer?' },
    ]);
  });

  it('maps tools, sampling, stop, user and max_tokens', () => {
    const out = openAIToClaudeRequest(toolsRequest(), base);
    expect(out.tools).toEqual([
      {
        name: 'get_weather',
        description: 'Get the current weather in a given location',
        input_schema: toolsRequest().tools![0].function.parameters,
      },
    ]);
    expect(out).toMatchObject({ tool_choice: { type: 'auto' }, temperature: 0.7, top_p: 0.9, stop_sequences: ['END'], max_tokens: 512, metadata: { user_id: 'user-7' } });
    expect(out).not.toHaveProperty('logit_bias');
    expect(out).not.toHaveProperty('stream');
  });

  it.each([
    ['none', { type: 'none' }],
    ['auto', { type: 'auto' }],
    ['required', { type: 'any' }],
    [{ type: 'function', function: { name: 'get_weather' } }, { type: 'tool', name: 'get_weather' }],
  ] as const)('maps tool_choice %j', (choice, expected) => {
    const req = { ...toolsRequest(), tool_choice: choice } as ChatCompletionRequest;
    expect(openAIToClaudeRequest(req, base).tool_choice).toEqual(expected);
  });

  it('disables parallel tool use when parallel_tool_calls is false', () => {
    const req = { ...toolsRequest(), tool_choice: undefined, parallel_tool_calls: false };
    expect(openAIToClaudeRequest(req, base).tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
  });

  it('takes max_completion_tokens when max_tokens is absent, then the default', () => {
    expect(openAIToClaudeRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], max_completion_tokens: 77 }, base).max_tokens).toBe(77);
    expect(openAIToClaudeRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, { defaultMaxTokens: 4096 }).max_tokens).toBe(4096);
  });

  it('clamps temperature into Claude range and sets stream', () => {
    const out = openAIToClaudeRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], temperature: 1.6, stream: true }, base);
    expect(out.temperature).toBe(1);
    expect(out.stream).toBe(true);
  });

  it('enables thinking from options and drops sampling parameters Claude refuses with thinking', () => {
    const out = openAIToClaudeRequest(
      { model: 'm', messages: [{ role: 'user', content: 'x' }], max_tokens: 10000, temperature: 0.2, top_p: 0.5 },
      { ...base, thinking: { budgetTokens: 8000 } },
    );
    expect(out.thinking).toEqual({ type: 'enabled', budget_tokens: 8000 });
    expect(out.max_tokens).toBe(10000);
    expect(out).not.toHaveProperty('temperature');
    expect(out).not.toHaveProperty('top_p');
  });

  it('raises the thinking budget to the minimum and keeps max_tokens above it', () => {
    const out = openAIToClaudeRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], max_tokens: 500 }, { ...base, thinking: { budgetTokens: 400 } });
    expect(out.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(out.max_tokens).toBe(1524);
  });

  it('maps reasoning_effort to a thinking budget only when budgets are given', () => {
    const req: ChatCompletionRequest = { model: 'm', messages: [{ role: 'user', content: 'x' }], max_tokens: 20000, reasoning_effort: 'medium' };
    expect(openAIToClaudeRequest(req, base).thinking).toBeUndefined();
    expect(openAIToClaudeRequest(req, { ...base, effortBudgets: { medium: 6000 } }).thinking).toEqual({ type: 'enabled', budget_tokens: 6000 });
    expect(openAIToClaudeRequest({ ...req, reasoning_effort: 'none' }, { ...base, effortBudgets: { medium: 6000 } }).thinking).toBeUndefined();
  });

  it('merges consecutive user messages, drops empty text and turns PDFs into document blocks', () => {
    const out = openAIToClaudeRequest(
      {
        model: 'm',
        messages: [
          { role: 'user', content: 'first' },
          { role: 'user', content: '' },
          { role: 'user', content: [{ type: 'file', file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } }] },
        ],
      },
      base,
    );
    expect(out.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'first' },
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
        ],
      },
    ]);
  });

  it('keeps assistant text before its tool_use blocks and sanitises tool ids Claude would reject', () => {
    const out = openAIToClaudeRequest(
      {
        model: 'm',
        messages: [
          { role: 'user', content: 'q' },
          { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'call:1/x', type: 'function', function: { name: 'f', arguments: '' } }] },
          { role: 'tool', tool_call_id: 'call:1/x', content: 'ok' },
        ],
      },
      base,
    );
    expect(out.messages[1].content).toEqual([{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'call_1_x', name: 'f', input: {} }]);
    expect(out.messages[2].content).toEqual([{ type: 'tool_result', tool_use_id: 'call_1_x', content: 'ok' }]);
  });

  it('passes Claude-only extras a client sends in OpenAI format: top_k and a thinking object', () => {
    const out = openAIToClaudeRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], top_k: 5, max_tokens: 4000 }, base);
    expect(out.top_k).toBe(5);
    const thinking = openAIToClaudeRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], max_tokens: 4000, thinking: { type: 'enabled', budget_tokens: 2000 } }, base);
    expect(thinking.thinking).toEqual({ type: 'enabled', budget_tokens: 2000 });
  });

  it('refuses content Claude cannot take with a client error', () => {
    const audio: ChatCompletionRequest = { model: 'm', messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'AAA', format: 'wav' } }] }] };
    expect(() => openAIToClaudeRequest(audio, base)).toThrow(RelayError);
    expect(() => openAIToClaudeRequest(audio, base)).toThrow(/audio/);
    const badUrl: ChatCompletionRequest = { model: 'm', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'ftp://x/y.png' } }] }] };
    expect(() => openAIToClaudeRequest(badUrl, base)).toThrow(/image_url/);
  });
});
