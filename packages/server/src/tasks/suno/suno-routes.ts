import type { FastifyError, FastifyInstance } from 'fastify';
import { TaskPlatform } from '@gw/contracts';
import { RelayError } from '../../relay/relay-error.js';
import { authenticateTask, limitedSubmission } from '../task-auth.js';
import type { TaskDeps } from '../task-deps.js';
import { toTaskError } from '../task-errors.js';
import { parseData } from '../task-rows.js';
import { tasksRepository, type TaskRow } from '../tasks.repository.js';
import { submitSuno } from './suno-submit.js';
import { requireSwitch } from '../feature-switch.js';

const MAX_IDS = 1000;

/** A Suno task as the suno-api server describes it (GET /suno/fetch/{id}, POST /suno/fetch). */
export function toSunoTaskDto(row: TaskRow) {
  return {
    task_id: row.task_id,
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: row.submit_time,
    start_time: row.start_time,
    finish_time: row.finish_time,
    progress: row.progress,
    data: parseData(row.data),
  };
}

/**
 * The Suno relay under /suno (API-key auth). Answers the suno-api shape `{ code, message, data }`:
 * `code: "success"` on success, an error code and a message otherwise. Fetches read the local task
 * table and only return the caller's own tasks.
 */
export async function sunoRoutes(app: FastifyInstance, deps: { tasks: TaskDeps }) {
  const d = deps.tasks;
  requireSwitch(app, deps.tasks.options, 'TaskEnabled', 'music generation');
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const e = toTaskError(error);
    if (e.status >= 500 && !(error instanceof RelayError)) req.log.error({ err: error }, 'Suno relay failed');
    return reply.status(e.status).headers(e.headers).send({ code: e.code, message: e.message, data: null });
  });

  app.post('/suno/submit/:action', async (req, reply) => {
    const startedAt = Date.now();
    const principal = await authenticateTask(d, req, false);
    const action = (req.params as { action: string }).action;
    return limitedSubmission(d, principal, reply, () => submitSuno(d, { principal, action, body: req.body, clientIp: req.ip, path: req.url.split('?')[0], startedAt }));
  });

  app.get('/suno/fetch/:id', async (req) => {
    const principal = await authenticateTask(d, req, false);
    const id = (req.params as { id: string }).id;
    const row = await tasksRepository.findByTaskId(d.db, principal.userId, TaskPlatform.Suno, id);
    if (!row) throw new RelayError(404, 'task_not_exist', `task ${id} was not found among your tasks`, 'client');
    return { code: 'success', message: '', data: toSunoTaskDto(row) };
  });

  app.post('/suno/fetch', async (req) => {
    const principal = await authenticateTask(d, req, false);
    const ids = (req.body as { ids?: unknown } | undefined)?.ids;
    if (ids !== undefined && (!Array.isArray(ids) || !ids.every((i) => typeof i === 'string'))) throw new RelayError(400, 'invalid_request', 'ids must be a list of task ids', 'client');
    const list = (ids ?? []) as string[];
    if (list.length > MAX_IDS) throw new RelayError(400, 'invalid_request', `ask for at most ${MAX_IDS} ids at once`, 'client');
    const rows = await tasksRepository.findManyByTaskIds(d.db, principal.userId, TaskPlatform.Suno, list);
    return { code: 'success', message: '', data: rows.map(toSunoTaskDto) };
  });
}
