import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { TaskPlatform } from '@gw/contracts';
import { RelayError } from '../../relay/relay-error.js';
import { authenticateTask, limitedSubmission } from '../task-auth.js';
import type { TaskDeps } from '../task-deps.js';
import { toTaskError } from '../task-errors.js';
import { tasksRepository, type TaskRow } from '../tasks.repository.js';
import { submitVideo } from './video-submit.js';
import { openVideoContent } from './video-content.js';
import { toVideoDto } from './video-dto.js';
import { requireSwitch } from '../feature-switch.js';

/** Upstream headers a video download passes on besides its content type (sizes and byte ranges for seeking). */
const PASSED_CONTENT_HEADERS = ['content-length', 'content-range', 'accept-ranges'] as const;

/**
 * Video generation under /v1/video/generations, and the finished video at /v1/videos/{id}/content
 * (API-key auth; errors in the OpenAI shape). A caller only ever reaches their own tasks.
 */
export async function videoRoutes(app: FastifyInstance, deps: { tasks: TaskDeps }) {
  const d = deps.tasks;
  requireSwitch(app, deps.tasks.options, 'TaskEnabled', 'video generation');
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const e = toTaskError(error);
    if (e.status >= 500 && !(error instanceof RelayError)) req.log.error({ err: error }, 'video relay failed');
    return reply.status(e.status).headers(e.headers).send({ error: { message: e.message, type: e.type, param: null, code: e.code } });
  });

  async function ownVideoTask(req: FastifyRequest, id: string): Promise<TaskRow> {
    const principal = await authenticateTask(d, req, false);
    const row = await tasksRepository.findByTaskId(d.db, principal.userId, TaskPlatform.Video, id);
    if (!row) throw new RelayError(404, 'task_not_found', `video task ${id} was not found among your tasks`, 'client', 'invalid_request_error');
    return row;
  }

  app.post('/v1/video/generations', async (req, reply) => {
    const startedAt = Date.now();
    const principal = await authenticateTask(d, req, false);
    return limitedSubmission(d, principal, reply, async () => toVideoDto(d.options, await submitVideo(d, { principal, body: req.body, clientIp: req.ip, path: req.url.split('?')[0], startedAt })));
  });

  app.get('/v1/video/generations/:taskId', async (req) => toVideoDto(d.options, await ownVideoTask(req, (req.params as { taskId: string }).taskId)));

  app.get('/v1/videos/:task_id/content', async (req, reply) => {
    const row = await ownVideoTask(req, (req.params as { task_id: string }).task_id);
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    const video = await openVideoContent(d, row, range);
    reply.status(video.status).header('content-type', video.contentType || 'video/mp4').header('cache-control', 'private, max-age=86400');
    for (const name of PASSED_CONTENT_HEADERS) {
      const value = video.headers[name];
      if (value !== undefined) reply.header(name, Array.isArray(value) ? value[0] : value);
    }
    return reply.send(video.body);
  });
}
