import type { FastifyInstance } from 'fastify';
import { UserSettingBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import type { PersonalService } from './personal.service.js';

/** GET/PUT /api/user/setting (spec 3 §7). */
export async function personalRoutes(app: FastifyInstance, deps: { personal: PersonalService }) {
  const { personal } = deps;
  app.get('/setting', { preHandler: requireUser }, async (req) => ok(await personal.getSetting(actorOf(req).id)));
  app.put('/setting', { preHandler: requireUser }, async (req) =>
    ok(await personal.updateSetting(actorOf(req).id, parseInput(UserSettingBody, req.body)), 'settings saved'),
  );
}
