import type { FastifyRequest } from 'fastify';
import { Role } from '@gw/contracts';
import { ForbiddenError, UnauthorizedError } from './errors.js';
import type { Actor } from './request-context.js';

/** preHandler guards; each route states its level inline, so a routes file reads as a permission map. */
const unauthorized = (request: FastifyRequest) => new UnauthorizedError(request.authFailure ?? undefined);

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.actor) throw unauthorized(request);
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.actor) throw unauthorized(request);
  if (request.actor.role < Role.Admin) throw new ForbiddenError('administrator permission is required');
}

export async function requireRoot(request: FastifyRequest): Promise<void> {
  if (!request.actor) throw unauthorized(request);
  if (request.actor.role < Role.Root) throw new ForbiddenError('super administrator permission is required');
}

/** The actor of a request that passed a guard. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized(request);
  return request.actor;
}
