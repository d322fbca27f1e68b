import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures.test-helpers.js';
import type { ChatCompletion } from '../openai/types.js';
import { openAIToGeminiRequest } from './request-from-openai.js';
import { geminiToOpenAIRequest } from './request-to-openai.js';
import { openAIToGeminiResponse } from './response-from-openai.js';
import { geminiToOpenAIResponse } from './response-to-openai.js';
import type { GeminiResponse } from './types.js';

const completion = (name: string) => readFixture<ChatCompletion>(new URL(`../openai/fixtures/${name}.json`, import.meta.url));

describe('OpenAI response → Gemini response', () => {
  it('converts a text answer with usage metadata', () => {
    expect(openAIToGeminiResponse(completion('completion-text'))).toEqual({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Hello! How can I assist you today?' }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 2019, candidatesTokenCount: 10, totalTokenCount: 2029, cachedContentTokenCount: 1920 },
      modelVersion: 'gpt-4.1-2025-04-14',
      responseId: 'B9MBs8CjcvOU2jLn4n570S5qMJKcT',
    });
  });

  it('converts reasoning to a thought part and tool calls to functionCall parts carrying the call ids', () => {
    const out = openAIToGeminiResponse(completion('completion-tool-calls'));
    expect(out.candidates![0].content!.parts).toEqual([
      { text: 'Two cities, two calls.', thought: true },
      { functionCall: { id: 'call_1', name: 'get_weather', args: { location: 'Boston, MA' } } },
      { functionCall: { id: 'call_2', name: 'get_weather', args: { location: 'Paris' } } },
    ]);
    expect(out.usageMetadata).toEqual({ promptTokenCount: 300, candidatesTokenCount: 52, thoughtsTokenCount: 128, cachedContentTokenCount: 128, totalTokenCount: 480 });
  });

  it('maps finish reasons', () => {
    const base = completion('completion-text');
    const finish = (reason: 'length' | 'content_filter') => openAIToGeminiResponse({ ...base, choices: [{ ...base.choices[0], finish_reason: reason }] }).candidates![0].finishReason;
    expect(finish('length')).toBe('MAX_TOKENS');
    expect(finish('content_filter')).toBe('SAFETY');
  });

  it('lets a native client answer the calls: function response ids map back to the OpenAI call ids', () => {
    const answer = openAIToGeminiResponse(completion('completion-tool-calls'));
    const history = {
      contents: [
        { role: 'user' as const, parts: [{ text: 'weather?' }] },
        answer.candidates![0].content!,
        { role: 'user' as const, parts: [{ functionResponse: { id: 'call_2', name: 'get_weather', response: { result: 'rain' } } }, { functionResponse: { id: 'call_1', name: 'get_weather', response: { result: 'sun' } } }] },
      ],
    };
    const out = geminiToOpenAIRequest(history, { model: 'o4-mini' });
    expect(out.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Boston, MA"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'rain' },
      { role: 'tool', tool_call_id: 'call_1', content: 'sun' },
    ]);
  });

  it('round-trips a Gemini answer through OpenAI and back', () => {
    const original = readFixture<GeminiResponse>(new URL('./fixtures/response-function-calls.json', import.meta.url));
    const back = openAIToGeminiResponse(geminiToOpenAIResponse(original).response);
    expect(back.candidates![0].content!.parts.map((p) => p.functionCall && { name: p.functionCall.name, args: p.functionCall.args })).toEqual(
      original.candidates![0].content!.parts.map((p) => p.functionCall),
    );
    expect(back.candidates![0].content!.parts[0].thoughtSignature).toBe('CiQB0e2Kb7sig');
    // The signature survives a further request round trip as well.
    const req = openAIToGeminiRequest({ model: 'm', messages: [{ role: 'assistant', content: null, tool_calls: geminiToOpenAIResponse(original).response.choices[0].message.tool_calls }] });
    expect(req.contents[0].parts[0].thoughtSignature).toBe('CiQB0e2Kb7sig');
  });
});
