import { AppError } from '../http/errors.js';
import { RelayError } from '../relay/relay-error.js';

/** Any error of a task route as a gateway error: body errors keep their 4xx status, anything unknown is a 500. */
export function toTaskError(err: unknown): RelayError {
  if (err instanceof RelayError) return err;
  if (err instanceof AppError) return new RelayError(err.status === 200 ? 400 : err.status, err.code, err.message, 'client', 'invalid_request_error');
  const fe = err as { code?: string; statusCode?: number; message?: string };
  if (fe?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new RelayError(413, 'request_too_large', 'the request body is too large', 'client', 'invalid_request_error');
  if (fe?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new RelayError(415, 'invalid_request', 'send the request body as application/json', 'client', 'invalid_request_error');
  if (fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new RelayError(400, 'invalid_request', 'the request body is empty; send a JSON object', 'client', 'invalid_request_error');
  if (fe?.statusCode === 400 && err instanceof SyntaxError) return new RelayError(400, 'invalid_json', 'the request body is not valid JSON', 'client', 'invalid_request_error');
  if (fe?.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return new RelayError(fe.statusCode, 'invalid_request', fe.message ?? 'invalid request', 'client', 'invalid_request_error');
  return new RelayError(500, 'internal_error', 'the gateway failed to handle this request', 'gateway');
}
