import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { channelProxyOf } from '../../channels/channel-setting.js';
import { toTaskError } from '../task-errors.js';
import { RelayError } from '../../relay/relay-error.js';
import { callUpstreamStream, discardUpstreamFile } from '../upstream-stream.js';
import { drawingTasksRepository } from '../drawing-tasks.repository.js';
import { authenticateTask, limitedSubmission } from '../task-auth.js';
import type { TaskDeps } from '../task-deps.js';
import { MJ_SPEED_MODES, MJ_SUBMIT_ROUTES, type MjSpeedMode } from './mj-request.js';
import { submitMidjourney } from './mj-submit.js';
import { toMjTaskDto } from './mj-task-dto.js';
import { mjError } from './mj-wire.js';
import { requireSwitch } from '../feature-switch.js';
import { endpointOf, originalChannel } from '../task-channel.js';
import { callUpstreamJson } from '../upstream-json.js';

const MAX_IDS = 1000;

/**
 * The Midjourney-Proxy compatible relay under /mj (API-key auth: Bearer or mj-api-secret). Every error
 * answers in the proxy's shape `{ code: 4, description, result }` with an HTTP status saying whose fault
 * it was. Fetches read the local task table: a user only ever sees their own tasks.
 */
export async function midjourneyRoutes(app: FastifyInstance, deps: { tasks: TaskDeps }) {
  const d = deps.tasks;
  requireSwitch(app, deps.tasks.options, 'DrawingEnabled', 'drawing');
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const e = toTaskError(error);
    if (e.status >= 500 && !(error instanceof RelayError)) req.log.error({ err: error }, 'Midjourney relay failed');
    return reply.status(e.status).headers(e.headers).send(mjError(e.message));
  });

  // Every call also exists under a speed prefix (/mj-fast/mj/..., /mj-turbo/..., /mj-relax/...); submissions
  // forward the prefix to the proxy, reads are the same local table.
  for (const mode of [undefined, ...MJ_SPEED_MODES] as (MjSpeedMode | undefined)[]) {
    const base = mode ? `/${mode}/mj` : '/mj';
    for (const route of MJ_SUBMIT_ROUTES) {
      app.post(`${base}/${route}`, async (req: FastifyRequest, reply: FastifyReply) => {
        const startedAt = Date.now();
        const principal = await authenticateTask(d, req, true);
        return limitedSubmission(d, principal, reply, () => submitMidjourney(d, { principal, route, mode, body: req.body, clientIp: req.ip, path: req.url.split('?')[0], startedAt }));
      });
    }

    app.get(`${base}/task/:id/fetch`, async (req) => {
      const principal = await authenticateTask(d, req, true);
      const id = (req.params as { id: string }).id;
      const row = await drawingTasksRepository.findByMjId(d.db, principal.userId, id);
      if (!row) throw new RelayError(404, 'task_not_found', `task ${id} was not found among your tasks`, 'client', 'invalid_request_error');
      return toMjTaskDto(d.options, row);
    });

    // The seed is known only to the proxy account that drew the image: asked of it, answered as it answered.
    app.get(`${base}/task/:id/image-seed`, async (req, reply) => {
      const principal = await authenticateTask(d, req, true);
      const id = (req.params as { id: string }).id;
      const row = await drawingTasksRepository.findByMjId(d.db, principal.userId, id);
      if (!row) throw new RelayError(404, 'task_not_found', `task ${id} was not found among your tasks`, 'client', 'invalid_request_error');
      const ep = endpointOf(originalChannel(d, row.channel_id), row.channel_key_hint);
      const answer = await callUpstreamJson(d.http, { method: 'GET', url: `${ep.baseUrl}/mj/task/${encodeURIComponent(id)}/image-seed`, headers: { 'mj-api-secret': ep.key }, proxy: ep.proxy }).catch((err: Error) => {
        throw new RelayError(502, 'upstream_error', `the Midjourney proxy could not be reached: ${err.message}`, 'upstream');
      });
      if (answer.json === undefined) throw new RelayError(502, 'upstream_error', `the Midjourney proxy answered HTTP ${answer.status} without JSON`, 'upstream');
      return reply.status(answer.status).send(answer.json);
    });

    app.post(`${base}/task/list-by-condition`, async (req) => {
      const principal = await authenticateTask(d, req, true);
      const ids = (req.body as { ids?: unknown } | undefined)?.ids;
      if (ids !== undefined && (!Array.isArray(ids) || !ids.every((i) => typeof i === 'string'))) throw new RelayError(400, 'invalid_request', 'ids must be a list of task ids', 'client');
      const list = (ids ?? []) as string[];
      if (list.length > MAX_IDS) throw new RelayError(400, 'invalid_request', `ask for at most ${MAX_IDS} ids at once`, 'client');
      const rows = await drawingTasksRepository.findManyByMjIds(d.db, principal.userId, list);
      return rows.map((r) => toMjTaskDto(d.options, r));
    });
  }

  // Unauthenticated, like the proxy's own image links: the task id is the capability.
  app.get('/mj/image/:id', async (req: FastifyRequest, reply: FastifyReply) => {
    const id = (req.params as { id: string }).id;
    const row = await drawingTasksRepository.findAnyByMjId(d.db, id);
    if (!row?.image_url || !/^https?:\/\//i.test(row.image_url)) throw new RelayError(404, 'task_not_found', 'no image for this task', 'client');
    // Through the proxy of the channel that drew it, when that channel has one.
    const channel = d.routing.table.channel(row.channel_id);
    const image = await callUpstreamStream(d.http, row.image_url, {}, channel ? channelProxyOf(channel) : undefined);
    if (image.status !== 200) {
      discardUpstreamFile(image);
      throw new RelayError(502, 'upstream_error', `the image could not be fetched (HTTP ${image.status})`, 'upstream');
    }
    return reply.status(200).header('content-type', image.contentType || 'image/jpeg').header('cache-control', 'public, max-age=86400').send(image.body);
  });
}
