import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UsersService } from './users.service.js';

export interface UsersRouteDeps {
  users: UsersService;
  rateLimit: (req: FastifyRequest) => Promise<void>;
}

/** User routes under /api/user. (Filled in by the users work.) */
export async function usersRoutes(_app: FastifyInstance, _deps: UsersRouteDeps) {}
