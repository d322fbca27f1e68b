import { TaskPlatform } from '@gw/contracts';
import { endpointOf } from '../task-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { failPlatformTask } from '../task-rows.js';
import { DONE_PROGRESS, TaskStatus, percent } from '../task-status.js';
import { tasksRepository, type TaskPatch, type TaskRow } from '../tasks.repository.js';
import { asNumber, asRecord, asString, callUpstreamJson } from '../upstream-json.js';
import { taskStatusOfVideo } from './video-status.js';

/**
 * One polling round for video jobs: each unfinished job is read with GET /v1/videos/{id} on its
 * channel (the API has no batch read), its status and progress stored, and a failed job refunded once.
 */
export async function pollVideoTasks(deps: TaskDeps, limit: number): Promise<void> {
  const rows = await tasksRepository.listUnfinished(deps.db, TaskPlatform.Video, limit);
  for (const row of rows) {
    const channel = deps.routing.table.channel(row.channel_id);
    if (!channel) continue;
    const ep = endpointOf(channel, row.channel_key_hint);
    try {
      const res = await callUpstreamJson(deps.http, { method: 'GET', url: `${ep.baseUrl}/v1/videos/${encodeURIComponent(row.task_id)}`, headers: { authorization: `Bearer ${ep.key}` }, proxy: ep.proxy });
      if (res.status === 404) {
        await failPlatformTask(deps, row, {}, 'the upstream no longer knows this video job');
        continue;
      }
      if (res.status !== 200 || !res.json || typeof res.json !== 'object') {
        deps.log.warn({ channelId: row.channel_id, status: res.status }, 'video task polling got an unusable answer');
        continue;
      }
      await applyVideoUpdate(deps, row, asRecord(res.json));
    } catch (err) {
      deps.log.warn({ channelId: row.channel_id, err: (err as Error).message }, 'video task polling failed');
    }
  }
}

async function applyVideoUpdate(deps: TaskDeps, row: TaskRow, job: Record<string, unknown>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const status = taskStatusOfVideo(asString(job.status));
  const patch: TaskPatch = {
    status,
    progress: percent(job.progress) || row.progress,
    finish_time: asNumber(job.completed_at) || row.finish_time,
    start_time: row.start_time || (status === TaskStatus.InProgress ? now : 0),
    data: JSON.stringify(job),
    updated_at: now,
  };
  if (status === TaskStatus.Failure) {
    const error = asRecord(job.error);
    await failPlatformTask(deps, row, patch, asString(error.message) || asString(job.error) || 'the video job failed upstream');
    return;
  }
  if (status === TaskStatus.Success) Object.assign(patch, { progress: DONE_PROGRESS, finish_time: patch.finish_time || now });
  await tasksRepository.updateIfUnfinished(deps.db, row.id, patch);
}
