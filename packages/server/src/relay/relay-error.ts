import { AppError } from '../http/errors.js';

/**
 * An error answered on the gateway surfaces (/v1, /v1beta) in the caller's own error shape.
 * `kind` classifies who is at fault, so a user's mistake never counts against a channel:
 *  - client: the request itself is wrong (bad JSON, unknown model, too large) — never retried;
 *  - auth / quota / policy / rate_limit: the caller's key, balance, permissions or limits;
 *  - upstream: a channel failed (may retry on another channel and may cool it down);
 *  - gateway: no channel available or our own failure.
 */
export type RelayErrorKind = 'client' | 'auth' | 'quota' | 'policy' | 'rate_limit' | 'upstream' | 'gateway';

export class RelayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly kind: RelayErrorKind,
    readonly type = kind === 'upstream' ? 'upstream_error' : 'gateway_error',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RelayError';
  }
}

export const invalidRequest = (message: string, code = 'invalid_request') => new RelayError(400, code, message, 'client', 'invalid_request_error');
export const unauthorized = (message: string, code = 'invalid_api_key') => new RelayError(401, code, message, 'auth', 'authentication_error');
export const forbidden = (message: string, code = 'access_denied') => new RelayError(403, code, message, 'policy', 'permission_error');
export const quotaExhausted = (message: string, code: string) => new RelayError(429, code, message, 'quota', 'insufficient_quota');

/** Any error as a gateway error: Fastify's body errors keep their status, anything unknown is a 500. */
export function toRelayError(err: unknown): RelayError {
  if (err instanceof RelayError) return err;
  if (err instanceof AppError) return new RelayError(err.status === 200 ? 400 : err.status, err.code, err.message, 'client', 'invalid_request_error');
  const fe = err as { code?: string; statusCode?: number; message?: string };
  if (fe?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new RelayError(413, 'request_too_large', 'the request body is too large', 'client', 'invalid_request_error');
  if (fe?.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return new RelayError(fe.statusCode, 'invalid_request', fe.message ?? 'invalid request', 'client', 'invalid_request_error');
  return new RelayError(500, 'internal_error', 'the gateway failed to handle this request', 'gateway');
}

/** A request for an endpoint the channel's provider does not serve (`channels`: how its channels are named). */
export const endpointNotSupported = (channels: string, endpoint: string): RelayError =>
  new RelayError(400, 'endpoint_not_supported', `${channels} channels do not serve ${endpoint}`, 'gateway');
