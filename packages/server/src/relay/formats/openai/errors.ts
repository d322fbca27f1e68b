import type { OpenAIErrorBody } from './types.js';

/** The `type` an OpenAI-style error carries for an HTTP status when the upstream gave none. */
export function openAIErrorTypeForStatus(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export function openAIError(message: string, type: string, code: string | number | null = null, param: string | null = null): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}
