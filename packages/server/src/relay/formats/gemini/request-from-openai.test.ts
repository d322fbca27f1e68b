import { describe, expect, it } from 'vitest';
import { RelayError } from '../../relay-error.js';
import { readFixture } from '../fixtures.test-helpers.js';
import type { ChatCompletionRequest } from '../openai/types.js';
import { SKIP_THOUGHT_SIGNATURE } from './content-from-openai.js';
import { openAIToGeminiRequest } from './request-from-openai.js';

const toolsRequest = () => readFixture<ChatCompletionRequest>(new URL('../openai/fixtures/request-tools.json', import.meta.url));

describe('OpenAI request → Gemini request', () => {
  it('moves system prompts to systemInstruction and uses roles user and model', () => {
    const out = openAIToGeminiRequest({
      model: 'gemini-2.0-flash',
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: 'Bye' },
      ],
    });
    expect(out).toEqual({
      systemInstruction: { parts: [{ text: 'Be terse.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'model', parts: [{ text: 'Hello' }] },
        { role: 'user', parts: [{ text: 'Bye' }] },
      ],
    });
  });

  it('sends data: images inline and http images as fileData', () => {
    const out = openAIToGeminiRequest(toolsRequest());
    expect(out.contents[0]).toEqual({
      role: 'user',
      parts: [
        { text: "What's the weather where this photo was taken, and in Paris?" },
        { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
        { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/photo.jpg' } },
      ],
    });
  });

  it('turns tool calls into functionCall parts and tool messages into functionResponse parts found by name, merged into one turn', () => {
    const out = openAIToGeminiRequest(toolsRequest());
    expect(out.contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [{ functionCall: { name: 'get_weather', args: { location: 'Boston, MA' } } }, { functionCall: { name: 'get_weather', args: { location: 'Paris' } } }],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { temperature: 22, unit: 'celsius' } } },
          { functionResponse: { name: 'get_weather', response: { result: 'Rainy, 15°C' } } },
          { text: 'Which city is warmer?' },
        ],
      },
    ]);
  });

  it('declares functions with schemas cleaned for Gemini and maps tool_choice', () => {
    const out = openAIToGeminiRequest({ ...toolsRequest(), tool_choice: { type: 'function', function: { name: 'get_weather' } } });
    expect(out.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'Get the current weather in a given location',
            parameters: {
              type: 'object',
              properties: { location: { type: 'string', description: 'City and state' }, unit: { type: 'string', nullable: true, enum: ['celsius', 'fahrenheit'] } },
              required: ['location'],
            },
          },
        ],
      },
    ]);
    expect(out.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } });
  });

  it.each([
    ['auto', 'AUTO'],
    ['none', 'NONE'],
    ['required', 'ANY'],
  ] as const)('maps tool_choice %s to mode %s', (choice, mode) => {
    expect(openAIToGeminiRequest({ ...toolsRequest(), tool_choice: choice }).toolConfig).toEqual({ functionCallingConfig: { mode } });
  });

  it('omits parameters for a function without arguments', () => {
    const out = openAIToGeminiRequest({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      tools: [{ type: 'function', function: { name: 'now', parameters: { type: 'object', properties: {} } } }],
    });
    expect(out.tools).toEqual([{ functionDeclarations: [{ name: 'now' }] }]);
  });

  it('maps generation settings and the JSON schema response format', () => {
    const out = openAIToGeminiRequest({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      temperature: 0.2,
      top_p: 0.8,
      max_completion_tokens: 300,
      stop: ['END'],
      n: 2,
      seed: 7,
      response_format: { type: 'json_schema', json_schema: { name: 'r', schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false } } },
    });
    expect(out.generationConfig).toEqual({
      temperature: 0.2,
      topP: 0.8,
      maxOutputTokens: 300,
      stopSequences: ['END'],
      candidateCount: 2,
      seed: 7,
      responseMimeType: 'application/json',
      responseSchema: { type: 'object', properties: { a: { type: 'string' } } },
    });
  });

  it('maps reasoning_effort and explicit thinking options to thinkingConfig', () => {
    const req: ChatCompletionRequest = { model: 'm', messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'high' };
    expect(openAIToGeminiRequest(req).generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 24576, includeThoughts: true });
    expect(openAIToGeminiRequest({ ...req, reasoning_effort: 'none' }).generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 0, includeThoughts: false });
    expect(openAIToGeminiRequest(req, { thinking: { budgetTokens: 2048 } }).generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 2048, includeThoughts: true });
    const extra = { ...req, reasoning_effort: undefined, extra_body: { google: { thinking_config: { thinking_budget: 512, include_thoughts: true } } } };
    expect(openAIToGeminiRequest(extra).generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 512, includeThoughts: true });
  });

  it('passes the channel safety settings', () => {
    const safetySettings = [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' }];
    expect(openAIToGeminiRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, { safetySettings }).safetySettings).toEqual(safetySettings);
  });

  it('sends audio inline and carries thought signatures back on function calls', () => {
    const out = openAIToGeminiRequest(
      {
        model: 'm',
        messages: [
          { role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } }] },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' }, extra_content: { google: { thought_signature: 'SIG' } } },
              { id: 'b', type: 'function', function: { name: 'g', arguments: '{}' } },
            ],
          },
          { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'h', arguments: '{}' } }] },
        ],
      },
      { fillMissingThoughtSignatures: true },
    );
    expect(out.contents[0].parts).toEqual([{ inlineData: { mimeType: 'audio/wav', data: 'UklGR' } }]);
    expect(out.contents[1].parts.map((p) => p.thoughtSignature)).toEqual(['SIG', undefined, SKIP_THOUGHT_SIGNATURE]);
  });

  it('refuses a tool result that answers no known call', () => {
    const req: ChatCompletionRequest = { model: 'm', messages: [{ role: 'tool', tool_call_id: 'nope', content: 'x' }] };
    expect(() => openAIToGeminiRequest(req)).toThrow(RelayError);
  });
});
