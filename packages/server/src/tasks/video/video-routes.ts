import type { FastifyError, FastifyInstance } from 'fastify';
import { TaskPlatform } from '@gw/contracts';
import { RelayError } from '../../relay/relay-error.js';
import { authenticateTask, limitedSubmission } from '../task-auth.js';
import type { TaskDeps } from '../task-deps.js';
import { toTaskError } from '../task-errors.js';
import { parseData, propertiesOf } from '../task-rows.js';
import { tasksRepository, type TaskRow } from '../tasks.repository.js';
import { submitVideo } from './video-submit.js';
import { videoStatusOf } from './video-status.js';
import { requireSwitch } from '../feature-switch.js';

/** A video task in the shape of OpenAI's video object, with `task_id` as well as `id`. */
export function toVideoDto(row: TaskRow) {
  const data = parseData(row.data) as Record<string, unknown> | null;
  const url = data && typeof data === 'object' ? (data.url ?? data.video_url ?? null) : null;
  return {
    id: row.task_id,
    task_id: row.task_id,
    object: 'video',
    model: propertiesOf(row).model ?? '',
    status: videoStatusOf(row.status),
    progress: Number.parseInt(row.progress, 10) || 0,
    created_at: row.submit_time,
    completed_at: row.finish_time || null,
    url: typeof url === 'string' ? url : null,
    error: row.fail_reason ? { code: 'task_failed', message: row.fail_reason } : null,
  };
}

/** Video generation under /v1/video/generations (API-key auth; errors in the OpenAI shape). */
export async function videoRoutes(app: FastifyInstance, deps: { tasks: TaskDeps }) {
  const d = deps.tasks;
  requireSwitch(app, deps.tasks.options, 'TaskEnabled', 'video generation');
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const e = toTaskError(error);
    if (e.status >= 500 && !(error instanceof RelayError)) req.log.error({ err: error }, 'video relay failed');
    return reply.status(e.status).headers(e.headers).send({ error: { message: e.message, type: e.type, param: null, code: e.code } });
  });

  app.post('/v1/video/generations', async (req, reply) => {
    const startedAt = Date.now();
    const principal = await authenticateTask(d, req, false);
    return limitedSubmission(d, principal, reply, async () => toVideoDto(await submitVideo(d, { principal, body: req.body, clientIp: req.ip, path: req.url.split('?')[0], startedAt })));
  });

  app.get('/v1/video/generations/:taskId', async (req) => {
    const principal = await authenticateTask(d, req, false);
    const id = (req.params as { taskId: string }).taskId;
    const row = await tasksRepository.findByTaskId(d.db, principal.userId, TaskPlatform.Video, id);
    if (!row) throw new RelayError(404, 'task_not_found', `video task ${id} was not found among your tasks`, 'client', 'invalid_request_error');
    return toVideoDto(row);
  });
}
