import type { FastifyInstance } from 'fastify';
import type { RelayError } from '../relay/relay-error.js';
import type { JobLock } from '../platform/cluster/job-lock.js';
import { midjourneyRoutes } from './midjourney/mj-routes.js';
import { TaskPoller, type TaskPollerOptions } from './polling/task-poller.js';
import { sunoRoutes } from './suno/suno-routes.js';
import type { TaskDeps } from './task-deps.js';
import { TaskLogsService } from './task-logs.service.js';
import { videoRoutes } from './video/video-routes.js';

/** The asynchronous task features: relays, the polling worker and the console's task logs. */
export interface TaskServices {
  deps: TaskDeps;
  poller: TaskPoller;
  logs: TaskLogsService;
}

export function createTaskServices(deps: TaskDeps, jobLock: JobLock, options: TaskPollerOptions = {}): TaskServices {
  return { deps, poller: new TaskPoller(deps, jobLock, options), logs: new TaskLogsService(deps.db, deps.options) };
}

/** The gateway's task routes: /mj/* (Midjourney-Proxy), /suno/*, /v1/video/generations and /v1/videos/{id}/content, each with its own error shape. */
export async function taskRelayRoutes(app: FastifyInstance, deps: { tasks: TaskDeps; systemLoad?: { overload(): RelayError | undefined } }) {
  // new-api's system performance check, as on the relay: an overloaded machine takes no new submission.
  const systemLoad = deps.systemLoad;
  if (systemLoad) app.addHook('onRequest', (req, _reply, done) => done(req.method === 'POST' ? systemLoad.overload() : undefined));
  await app.register(midjourneyRoutes, deps);
  await app.register(sunoRoutes, deps);
  await app.register(videoRoutes, deps);
}
