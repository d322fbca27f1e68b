import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures.test-helpers.js';
import { claudeErrorToOpenAI, claudeErrorTypeForOpenAIType, claudeErrorTypeForStatus, openAIErrorToClaude, statusForClaudeErrorType } from './errors.js';
import type { ClaudeErrorBody } from './types.js';

describe('Claude errors', () => {
  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [403, 'permission_error'],
    [404, 'not_found_error'],
    [413, 'request_too_large'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [529, 'overloaded_error'],
    [422, 'invalid_request_error'],
    [502, 'api_error'],
  ])('HTTP %i is a Claude %s', (status, type) => {
    expect(claudeErrorTypeForStatus(status)).toBe(type);
  });

  it('maps Claude error types back to their HTTP statuses', () => {
    expect(statusForClaudeErrorType('overloaded_error')).toBe(529);
    expect(statusForClaudeErrorType('rate_limit_error')).toBe(429);
    expect(statusForClaudeErrorType('something_new')).toBe(500);
  });

  it('converts a Claude error body to the OpenAI shape', () => {
    const body = readFixture<ClaudeErrorBody>(new URL('./fixtures/error-overloaded.json', import.meta.url));
    expect(claudeErrorToOpenAI(body, 529)).toEqual({ error: { message: 'Overloaded', type: 'overloaded_error', param: null, code: 'overloaded_error' } });
  });

  it('still gives an OpenAI error when the upstream body is not a Claude error', () => {
    expect(claudeErrorToOpenAI(undefined, 502)).toEqual({ error: { message: 'upstream answered with status 502', type: 'server_error', param: null, code: 'server_error' } });
  });

  it('converts an OpenAI error to the Claude shape by its HTTP status', () => {
    const out = openAIErrorToClaude({ error: { message: 'Invalid API key', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } }, 401);
    expect(out).toEqual({ type: 'error', error: { type: 'authentication_error', message: 'Invalid API key' } });
  });

  it('maps OpenAI error types seen inside streams to Claude types', () => {
    expect(claudeErrorTypeForOpenAIType('server_error')).toBe('api_error');
    expect(claudeErrorTypeForOpenAIType('insufficient_quota')).toBe('rate_limit_error');
    expect(claudeErrorTypeForOpenAIType('invalid_request_error')).toBe('invalid_request_error');
  });
});
