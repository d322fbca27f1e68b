/** Reads Bedrock runtime errors: `{"message": "..."}` with the exception named only by the HTTP status. */
import { parseClaudeError } from '../anthropic/claude-error.js';
import type { UpstreamErrorInfo } from '../provider-adapter.js';

/** InvokeModel's documented exceptions by status (the exact name travels in a header the adapter does not see). */
const EXCEPTION_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  424: 'ModelErrorException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
};

const CREDENTIAL_PROBLEM = /security token|signature|credential|access key|expired/i;

/**
 * A 403 for rejected credentials (bad or expired key, signature mismatch) is an authentication_error,
 * any other 403 (no access to the model) a permission_error: both let the pipeline disable the
 * channel. A Claude-shaped body (a validation error from the model) keeps its own type.
 */
export function parseBedrockError(status: number, raw: string): UpstreamErrorInfo {
  const info = parseClaudeError(status, raw);
  let exception: string | undefined;
  try {
    const body = JSON.parse(raw) as { __type?: unknown };
    if (typeof body?.__type === 'string') exception = body.__type.split('#').pop();
  } catch {
    // not JSON: the shared parser already read it as text
  }
  const code = info.code ?? exception ?? EXCEPTION_BY_STATUS[status];
  let type = info.type;
  if (status === 403 || status === 401) type = CREDENTIAL_PROBLEM.test(info.message) ? 'authentication_error' : 'permission_error';
  return { message: info.message, ...(type ?? code ? { type: type ?? code } : {}), ...(code ? { code } : {}) };
}
