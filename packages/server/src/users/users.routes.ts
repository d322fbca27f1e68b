import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CreateUserBody, ManageUserBody, PageQuery, RegisterBody, UpdateSelfBody, UpdateUserBody, UserSearchQuery } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import { SESSION_COOKIE } from '../http/request-context.js';
import type { UsersService } from './users.service.js';

export interface UsersRouteDeps {
  users: UsersService;
  rateLimit: (req: FastifyRequest) => Promise<void>;
  /** Turnstile, when the site turns it on (captcha/turnstile.ts). */
  humanCheck: (req: FastifyRequest) => Promise<void>;
}

/** User routes under /api/user (sign-in, sign-out and the access token live in auth/). */
export async function usersRoutes(app: FastifyInstance, deps: UsersRouteDeps) {
  const { users } = deps;

  app.post('/register', { preHandler: [deps.rateLimit, deps.humanCheck] }, async (req) => {
    const user = await users.register(parseInput(RegisterBody, req.body));
    return ok({ id: user.id, username: user.username }, 'registration successful');
  });
  app.get('/groups', async () => ok(users.usableGroups()));

  app.get('/self', { preHandler: requireUser }, async (req) => ok(await users.getSelf(actorOf(req))));
  app.put('/self', { preHandler: requireUser }, async (req) => ok(await users.updateSelf(actorOf(req), parseInput(UpdateSelfBody, req.body)), 'User information updated successfully!'));
  app.delete('/self', { preHandler: requireUser }, async (req, reply) => {
    await users.deleteSelf(actorOf(req));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(undefined, 'account deleted');
  });
  app.get('/self/groups', { preHandler: requireUser }, async (req) => ok(users.usableGroups(actorOf(req).group)));

  app.get('/', { preHandler: requireAdmin }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await users.list(p);
    return page(items, total, p);
  });
  app.get('/search', { preHandler: requireAdmin }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await users.search(parseInput(UserSearchQuery, req.query), p);
    return page(items, total, p);
  });
  app.get('/:id', { preHandler: requireAdmin }, async (req) => ok(await users.getById(actorOf(req), parseId((req.params as { id: string }).id))));
  app.post('/', { preHandler: requireAdmin }, async (req) => ok(await users.create(actorOf(req), parseInput(CreateUserBody, req.body)), 'User account created successfully!'));
  app.put('/', { preHandler: requireAdmin }, async (req) => ok(await users.update(actorOf(req), parseInput(UpdateUserBody, req.body)), 'User information updated successfully!'));
  app.post('/manage', { preHandler: requireAdmin }, async (req) => ok(await users.manage(actorOf(req), parseInput(ManageUserBody, req.body))));
}
