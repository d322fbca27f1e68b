import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures.test-helpers.js';
import { geminiErrorToOpenAI, geminiStatusForHttp, openAIErrorToGemini } from './errors.js';
import type { GeminiErrorBody } from './types.js';

describe('Gemini errors', () => {
  it('converts a Gemini error body to the OpenAI shape', () => {
    const body = readFixture<GeminiErrorBody>(new URL('./fixtures/error-invalid-argument.json', import.meta.url));
    expect(geminiErrorToOpenAI(body, 400)).toEqual({
      error: { message: 'API key not valid. Please pass a valid API key.', type: 'invalid_request_error', param: null, code: 'INVALID_ARGUMENT' },
    });
  });

  it('converts an OpenAI error to the Gemini shape with the RPC status of its HTTP status', () => {
    expect(openAIErrorToGemini({ error: { message: 'slow down', type: 'rate_limit_error', param: null, code: null } }, 429)).toEqual({
      error: { code: 429, message: 'slow down', status: 'RESOURCE_EXHAUSTED' },
    });
  });

  it.each([
    [400, 'INVALID_ARGUMENT'],
    [401, 'UNAUTHENTICATED'],
    [403, 'PERMISSION_DENIED'],
    [404, 'NOT_FOUND'],
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
    [503, 'UNAVAILABLE'],
    [504, 'DEADLINE_EXCEEDED'],
    [502, 'INTERNAL'],
  ])('HTTP %i is %s', (status, name) => {
    expect(geminiStatusForHttp(status)).toBe(name);
  });
});
