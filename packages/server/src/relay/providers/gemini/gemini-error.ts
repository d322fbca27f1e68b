/** Reads Google API error bodies: `{error: {code, message, status, details}}` (Gemini API and Vertex). */
import { parseUpstreamError } from '../openai-compatible/index.js';
import type { UpstreamErrorInfo } from '../provider-adapter.js';
import { isJsonObject } from '../../formats/json-object.js';

const MAX_MESSAGE_LENGTH = 500;

/** The `reason` of a google.rpc.ErrorInfo detail (API_KEY_INVALID, SERVICE_DISABLED…). */
function reasonOf(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const d of details) if (isJsonObject(d) && typeof d.reason === 'string' && d.reason) return d.reason;
  return undefined;
}

/**
 * `code` is the ErrorInfo reason when there is one, else the RPC status (INVALID_ARGUMENT,
 * RESOURCE_EXHAUSTED…). A rejected key or account gets the type the pipeline's auto-disable rules
 * know (authentication_error / permission_error): Gemini answers a bad key with 400 API_KEY_INVALID.
 * Stream endpoints may wrap the error in an array. Other shapes go to the shared parser.
 */
export function parseGoogleError(status: number, raw: string): UpstreamErrorInfo {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return parseUpstreamError(status, raw);
  }
  if (Array.isArray(body)) body = body[0];
  const error = isJsonObject(body) ? body.error : undefined;
  if (!isJsonObject(error) || typeof error.status !== 'string') {
    const info = parseUpstreamError(status, raw);
    return info.type && !info.code ? { ...info, code: info.type } : info;
  }
  const rpcStatus: string = error.status;
  const reason = reasonOf(error.details);
  let type = rpcStatus;
  if (rpcStatus === 'UNAUTHENTICATED' || reason === 'API_KEY_INVALID') type = 'authentication_error';
  else if (rpcStatus === 'PERMISSION_DENIED') type = 'permission_error';
  const message = typeof error.message === 'string' && error.message.trim() ? error.message.trim() : `upstream answered with status ${status}`;
  return { message: message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message, type, code: reason ?? rpcStatus };
}
