import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../platform/rate-limiter.js';
import { RateLimitedError } from '../http/errors.js';

/** A preHandler that limits sign-in style routes per client IP and route (HTTP 429 past the limit). */
export function authRateLimit(limiter: RateLimiter, perMinute: number) {
  return async function authRateLimitHook(request: FastifyRequest) {
    const route = request.routeOptions.url ?? request.url;
    const result = await limiter.hit(`auth:${route}:${request.ip}`, perMinute, 60);
    if (!result.allowed) throw new RateLimitedError(result.resetSeconds);
  };
}
