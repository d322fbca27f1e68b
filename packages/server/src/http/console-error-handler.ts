import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type ApiResponse } from '@gw/contracts';
import { AppError, RateLimitedError } from './errors.js';

/** Turns every error on the management API into the envelope. Never leaks a stack trace. */
export function consoleErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    const body: ApiResponse = { success: false, message: error.message, code: error.code };
    if (error.data !== undefined) body.data = error.data;
    return reply.status(error.status).send(body);
  }
  const fe = error as FastifyError;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.status(413).send({ success: false, message: 'request body is too large', code: ErrorCode.PayloadTooLarge });
  }
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.status(415).send({ success: false, message: 'unsupported content type; send application/json', code: ErrorCode.BadRequest });
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const message = fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'request body is empty' : `invalid request: ${fe.message}`;
    return reply.status(fe.statusCode).send({ success: false, message, code: ErrorCode.BadRequest });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ success: false, message: 'internal server error', code: ErrorCode.Internal });
}
