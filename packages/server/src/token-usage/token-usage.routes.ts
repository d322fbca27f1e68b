import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ok } from '../http/envelope.js';
import { AppError, RateLimitedError } from '../http/errors.js';
import { consoleErrorHandler } from '../http/console-error-handler.js';
import { RelayError } from '../relay/relay-error.js';
import { openAIErrorBody } from '../relay/surfaces/openai-surface.js';
import type { TokenUsageService } from './token-usage.service.js';

export interface TokenUsageRouteDeps {
  tokenUsage: TokenUsageService;
  /** Per-IP limit of the read-only key routes (new-api puts them under its critical rate limit). */
  rateLimit: preHandlerAsyncHookHandler;
}

/** Marks a route as called with an API key (sk-…) for the route catalogue (openapi/route-catalogue.ts). */
const API_KEY = { access: 'api-key' } as const;

/**
 * Routes an API key calls about itself, for new-api / one-api clients and balance checkers. Full paths:
 * they live outside the `/api` block because two of them are not under `/api`, and none uses a session.
 */
export async function tokenUsageRoutes(app: FastifyInstance, deps: TokenUsageRouteDeps) {
  await app.register(readOnlyKeyRoutes, deps);
  await app.register(billingRoutes, deps);
}

async function readOnlyKeyRoutes(app: FastifyInstance, { tokenUsage, rateLimit }: TokenUsageRouteDeps) {
  // new-api answers this one with `code` instead of `success`; its errors carry both, as false.
  app.get('/api/usage/token', { config: API_KEY, preHandler: rateLimit, errorHandler: usageErrorHandler }, async (req) => ({
    code: true,
    message: 'ok',
    data: await tokenUsage.usage(req.headers.authorization),
  }));
  app.get('/api/log/token', { config: API_KEY, preHandler: rateLimit }, async (req) => ok(await tokenUsage.recentLogs(req.headers.authorization)));
}

/** OpenAI's legacy billing endpoints, with and without `/v1`; `start_date` / `end_date` are ignored. */
async function billingRoutes(app: FastifyInstance, { tokenUsage }: TokenUsageRouteDeps) {
  app.setErrorHandler(billingErrorHandler);
  for (const prefix of ['', '/v1']) {
    app.get(`${prefix}/dashboard/billing/subscription`, { config: API_KEY }, (req) => tokenUsage.subscription(req.headers.authorization, req.ip));
    app.get(`${prefix}/dashboard/billing/usage`, { config: API_KEY }, (req) => tokenUsage.billingUsage(req.headers.authorization, req.ip));
  }
}

function usageErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof AppError)) return consoleErrorHandler(error, request, reply);
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.status).send({ code: false, success: false, message: error.message, data: null });
}

function billingErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RelayError) return reply.status(error.status).headers(error.headers).send(openAIErrorBody(error));
  request.log.error({ err: error }, 'billing endpoint failed');
  const failure = new RelayError(500, 'internal_error', 'the gateway failed to handle this request', 'gateway');
  return reply.status(500).send(openAIErrorBody(failure));
}
