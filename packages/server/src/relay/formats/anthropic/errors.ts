import { openAIError, openAIErrorTypeForStatus } from '../openai/errors.js';
import type { OpenAIErrorBody } from '../openai/types.js';
import type { ClaudeErrorBody } from './types.js';

const TYPE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'overloaded_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

/** The Claude error `type` for an HTTP status. */
export function claudeErrorTypeForStatus(status: number): string {
  return TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** The HTTP status Anthropic answers with for an error `type` (used for errors inside a stream). */
export function statusForClaudeErrorType(type: string): number {
  if (type === 'overloaded_error') return 529;
  for (const [status, t] of Object.entries(TYPE_BY_STATUS)) if (t === type) return Number(status);
  return 500;
}

export const claudeError = (type: string, message: string): ClaudeErrorBody => ({ type: 'error', error: { type, message } });

/** An OpenAI-shaped error, as answered with `status`, in the shape Claude clients expect. */
export function openAIErrorToClaude(body: OpenAIErrorBody, status: number): ClaudeErrorBody {
  return claudeError(claudeErrorTypeForStatus(status), body.error.message);
}

/** A Claude error body in the OpenAI shape; the Claude type becomes both `type` and `code`. */
export function claudeErrorToOpenAI(body: Partial<ClaudeErrorBody> | undefined, status: number): OpenAIErrorBody {
  const type = body?.error?.type || openAIErrorTypeForStatus(status);
  const message = body?.error?.message || `upstream answered with status ${status}`;
  return openAIError(message, type, type);
}

const CLAUDE_TYPES = new Set(Object.values(TYPE_BY_STATUS));

/** The Claude error type for an OpenAI error `type` (errors inside a stream have no status). */
export function claudeErrorTypeForOpenAIType(type: string | undefined): string {
  if (type && CLAUDE_TYPES.has(type)) return type;
  if (type === 'requests' || type === 'tokens' || type === 'insufficient_quota') return 'rate_limit_error';
  return 'api_error';
}
