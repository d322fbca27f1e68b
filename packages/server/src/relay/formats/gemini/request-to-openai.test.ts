import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures.test-helpers.js';
import type { ChatCompletionRequest } from '../openai/types.js';
import { openAIToGeminiRequest } from './request-from-openai.js';
import { geminiToOpenAIRequest } from './request-to-openai.js';
import type { GeminiRequest } from './types.js';

const nativeRequest = () => readFixture<GeminiRequest>(new URL('./fixtures/request-native.json', import.meta.url));

describe('Gemini request → OpenAI request', () => {
  it('maps the system instruction, user parts and inline images', () => {
    const out = geminiToOpenAIRequest(nativeRequest(), { model: 'gpt-4o' });
    expect(out.model).toBe('gpt-4o');
    expect(out.messages.slice(0, 2)).toEqual([
      { role: 'system', content: 'You are a helpful travel assistant.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: "What's the weather in Tokyo and Paris? Here is a photo." },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' } },
        ],
      },
    ]);
  });

  it('gives function calls ids and answers each functionResponse with the id of the matching call, in order', () => {
    const out = geminiToOpenAIRequest(nativeRequest(), { model: 'gpt-4o' });
    const assistant = out.messages[2];
    expect(assistant.role).toBe('assistant');
    expect(assistant.content).toBeNull();
    expect(assistant.tool_calls?.map((c) => [c.function.name, c.function.arguments])).toEqual([
      ['get_weather', '{"location":"Tokyo"}'],
      ['get_weather', '{"location":"Paris"}'],
    ]);
    const [first, second] = assistant.tool_calls!.map((c) => c.id);
    expect(first).not.toBe(second);
    expect(out.messages.slice(3)).toEqual([
      { role: 'tool', tool_call_id: first, content: '22°C, clear' },
      { role: 'tool', tool_call_id: second, content: '{"temperature":15,"sky":"rain"}' },
    ]);
  });

  it('maps tools with lower-case schema types, tool config and generation settings', () => {
    const out = geminiToOpenAIRequest(nativeRequest(), { model: 'gpt-4o', stream: true });
    expect(out.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current weather for a city',
          parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
        },
      },
    ]);
    expect(out).toMatchObject({
      tool_choice: 'auto',
      temperature: 0.4,
      top_p: 0.9,
      max_tokens: 800,
      stop: ['END'],
      reasoning_effort: 'medium',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(out).not.toHaveProperty('safetySettings');
  });

  it('maps JSON output and forced function calling', () => {
    const out = geminiToOpenAIRequest(
      {
        ...nativeRequest(),
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
        generationConfig: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } },
      },
      { model: 'm' },
    );
    expect(out.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(out.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'response', schema: { type: 'object', properties: { a: { type: 'string' } } } } });
  });

  it('drops thought parts the client sends back in history', () => {
    const out = geminiToOpenAIRequest(
      { contents: [{ role: 'user', parts: [{ text: 'q' }] }, { role: 'model', parts: [{ text: 'thinking...', thought: true }, { text: 'answer' }] }] },
      { model: 'm' },
    );
    expect(out.messages).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'answer' },
    ]);
  });
});

describe('round trip OpenAI → Gemini → OpenAI', () => {
  it('keeps messages, tool calls (re-identified), tool results and tools equivalent', () => {
    const original = readFixture<ChatCompletionRequest>(new URL('../openai/fixtures/request-tools.json', import.meta.url));
    const back = geminiToOpenAIRequest(openAIToGeminiRequest(original), { model: original.model });
    const ids = back.messages[2].tool_calls!.map((c) => c.id);
    expect(back.messages).toEqual([
      original.messages[0],
      {
        role: 'user',
        content: [
          { type: 'text', text: "What's the weather where this photo was taken, and in Paris?" },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          { type: 'image_url', image_url: { url: 'https://example.com/photo.jpg' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: original.messages[2].tool_calls!.map((c, i) => ({ ...c, id: ids[i] })),
      },
      { role: 'tool', tool_call_id: ids[0], content: original.messages[3].content },
      { role: 'tool', tool_call_id: ids[1], content: original.messages[4].content },
      original.messages[5],
    ]);
    expect(back.tools?.[0].function.name).toBe('get_weather');
    expect(back).toMatchObject({ temperature: 0.7, top_p: 0.9, stop: ['END'], max_tokens: 512, tool_choice: 'auto' });
  });
});
