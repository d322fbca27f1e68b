import { openAIError, openAIErrorTypeForStatus } from '../openai/errors.js';
import type { OpenAIErrorBody } from '../openai/types.js';
import type { GeminiErrorBody } from './types.js';

const STATUS_BY_HTTP: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The Google RPC status name Gemini uses for an HTTP status. */
export function geminiStatusForHttp(status: number): string {
  return STATUS_BY_HTTP[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
}

export const geminiError = (status: number, message: string): GeminiErrorBody => ({
  error: { code: status, message, status: geminiStatusForHttp(status) },
});

export function openAIErrorToGemini(body: OpenAIErrorBody, status: number): GeminiErrorBody {
  return geminiError(status, body.error.message);
}

/** A Gemini error body in the OpenAI shape; the RPC status name becomes the `code`. */
export function geminiErrorToOpenAI(body: Partial<GeminiErrorBody> | undefined, status: number): OpenAIErrorBody {
  const httpStatus = body?.error?.code || status;
  const message = body?.error?.message || `upstream answered with status ${httpStatus}`;
  return openAIError(message, openAIErrorTypeForStatus(httpStatus), body?.error?.status ?? geminiStatusForHttp(httpStatus));
}
