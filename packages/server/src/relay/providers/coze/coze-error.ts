/**
 * Coze errors are `{code, msg}` (with `detail.logid`), in error answers, in HTTP 200 answers, in the
 * stream's `error` event and in a failed chat's `last_error`. Codes as Coze's SDKs classify them:
 * 4000 bad request, 4100 authentication invalid, 4101 permission denied, 4200 not found, 4013 rate
 * limited; 700012006 is an invalid or expired access token.
 */
import { RelayError } from '../../relay-error.js';
import { isJsonObject } from '../../formats/json-object.js';
import { parseUpstreamError } from '../openai-compatible/index.js';
import type { UpstreamErrorInfo } from '../provider-adapter.js';
import { UpstreamRefusal } from '../upstream-refusal.js';

const KNOWN_CODES: Record<number, { status: number; type: string }> = {
  4000: { status: 400, type: 'invalid_request_error' },
  4013: { status: 429, type: 'rate_limit_error' },
  4100: { status: 401, type: 'authentication_error' },
  4101: { status: 403, type: 'permission_error' },
  4200: { status: 404, type: 'not_found_error' },
  700012006: { status: 401, type: 'authentication_error' },
};

/** The `{code, msg}` of a body when it reports a failure (a number code other than 0). */
export function cozeErrorOf(body: unknown): { code: number; msg: string } | undefined {
  if (!isJsonObject(body) || typeof body.code !== 'number' || body.code === 0) return undefined;
  return { code: body.code, msg: typeof body.msg === 'string' ? body.msg.trim() : '' };
}

const messageOf = (code: number, msg: string) => `Coze error ${code}: ${msg || 'no message'}`;

/** A failure Coze reported inside a stream, as the error the client should get. */
export function cozeFailure(error: { code: number; msg: string }): RelayError {
  const known = KNOWN_CODES[error.code];
  return new RelayError(known?.status ?? 502, String(error.code), messageOf(error.code, error.msg), 'upstream', known?.type ?? 'upstream_error');
}

/**
 * A failure Coze answered with HTTP 200 instead of its event stream: judged by the pipeline as the HTTP
 * error its code stands for (an invalid token counts against the channel and may disable it).
 */
export function cozeRefusal(error: { code: number; msg: string }): UpstreamRefusal {
  const known = KNOWN_CODES[error.code];
  return new UpstreamRefusal(known?.status ?? 502, { message: messageOf(error.code, error.msg), code: String(error.code), type: known?.type });
}

/** The failure a body (stream error event, failed chat's last_error) reports, or `fallback` when it names none. */
export const cozeFailureOf = (body: unknown, fallback: string): RelayError => {
  const error = cozeErrorOf(body);
  return error ? cozeFailure(error) : new RelayError(502, 'upstream_error', `Coze: ${fallback}`, 'upstream');
};

/** Reads an error answer (HTTP 4xx/5xx): Coze's `{code, msg}`, else whatever shape it has. */
export function parseCozeError(status: number, raw: string): UpstreamErrorInfo {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return parseUpstreamError(status, raw);
  }
  const error = cozeErrorOf(body);
  if (!error) return parseUpstreamError(status, raw);
  return { message: messageOf(error.code, error.msg), code: String(error.code), type: KNOWN_CODES[error.code]?.type };
}
