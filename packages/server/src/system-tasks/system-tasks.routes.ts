import type { FastifyInstance } from 'fastify';
import { CurrentSystemTaskQuery, DeleteLogsQuery, SystemTaskListQuery } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { requireRoot } from '../http/guards.js';
import type { SystemTasksService } from './system-tasks.service.js';

/** new-api's /api/system-task: root starts the log clean-up in the background and watches it. */
export async function systemTasksRoutes(app: FastifyInstance, deps: { systemTasks: SystemTasksService }) {
  const { systemTasks } = deps;
  app.post('/log-cleanup', { preHandler: requireRoot }, async (req) => {
    const { target_timestamp } = parseInput(DeleteLogsQuery, { ...(req.body as object | undefined), ...(req.query as object) });
    return ok(await systemTasks.startLogCleanup(target_timestamp), 'log clean-up started');
  });
  app.get('/list', { preHandler: requireRoot }, async (req) => ok(await systemTasks.list(parseInput(SystemTaskListQuery, req.query))));
  app.get('/current', { preHandler: requireRoot }, async (req) => ok(await systemTasks.current(parseInput(CurrentSystemTaskQuery, req.query).type)));
  app.get('/:taskId', { preHandler: requireRoot }, async (req) => ok(await systemTasks.get((req.params as { taskId: string }).taskId)));
}
