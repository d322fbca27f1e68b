import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DrawingTaskListQuery, PageQuery, TaskListQuery } from '@gw/contracts';
import { page } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import type { TaskLogsService, TaskScope } from './task-logs.service.js';

const ALL: TaskScope = { all: true };
const self = (req: FastifyRequest): TaskScope => ({ all: false, userId: actorOf(req).id });

/** GET /api/mj/ (all users' drawing tasks, administrators) and /api/mj/self (the caller's). */
export async function drawingLogRoutes(app: FastifyInstance, deps: { taskLogs: TaskLogsService }) {
  const list = (scope: (req: FastifyRequest) => TaskScope) => async (req: FastifyRequest) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await deps.taskLogs.listDrawing(scope(req), parseInput(DrawingTaskListQuery, req.query), p);
    return page(items, total, p);
  };
  app.get('/', { preHandler: requireAdmin }, list(() => ALL));
  app.get('/self', { preHandler: requireUser }, list(self));
}

/** GET /api/task/ (all users' music and video tasks, administrators) and /api/task/self (the caller's). */
export async function taskLogRoutes(app: FastifyInstance, deps: { taskLogs: TaskLogsService }) {
  const list = (scope: (req: FastifyRequest) => TaskScope) => async (req: FastifyRequest) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await deps.taskLogs.listTasks(scope(req), parseInput(TaskListQuery, req.query), p);
    return page(items, total, p);
  };
  app.get('/', { preHandler: requireAdmin }, list(() => ALL));
  app.get('/self', { preHandler: requireUser }, list(self));
}
