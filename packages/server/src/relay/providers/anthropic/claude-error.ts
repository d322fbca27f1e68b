/** Reads Claude error bodies: `{type: "error", error: {type, message}}`. */
import { parseUpstreamError } from '../openai-compatible/index.js';
import type { UpstreamErrorInfo } from '../provider-adapter.js';

/**
 * The Claude error type (authentication_error, overloaded_error…) becomes both `type` and `code`, so
 * the pipeline's auto-disable rules and the client both see it. Other shapes (a proxy's page, an
 * OpenAI-style body) are read by the shared parser.
 */
export function parseClaudeError(status: number, raw: string): UpstreamErrorInfo {
  const info = parseUpstreamError(status, raw);
  return info.type && !info.code ? { ...info, code: info.type } : info;
}
