import { TaskPlatform } from '@gw/contracts';
import { endpointOf } from '../task-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { failPlatformTask, propertiesOf } from '../task-rows.js';
import { DONE_PROGRESS, TaskStatus } from '../task-status.js';
import { tasksRepository, type TaskPatch, type TaskRow } from '../tasks.repository.js';
import type { VideoJobState } from './video-upstream.js';
import { videoUpstreamOfTask } from './video-upstreams.js';

/**
 * One polling round for video jobs: each unfinished job is read from its channel with the API of the
 * vendor it was submitted to (none has a batch read), its status and progress stored with the vendor's
 * answer, and a failed job refunded once.
 */
export async function pollVideoTasks(deps: TaskDeps, limit: number): Promise<void> {
  const rows = await tasksRepository.listUnfinished(deps.db, TaskPlatform.Video, limit);
  for (const row of rows) {
    const channel = deps.routing.table.channel(row.channel_id);
    if (!channel) continue;
    const ep = endpointOf(channel, row.channel_key_hint);
    const upstream = videoUpstreamOfTask(row);
    try {
      const polled = await upstream.poll(deps, ep, { taskId: row.task_id, action: propertiesOf(row).action ?? '' });
      if (polled.kind === 'gone') {
        await failPlatformTask(deps, row, {}, 'the upstream no longer knows this video job');
        continue;
      }
      if (polled.kind === 'unusable') {
        deps.log.warn({ channelId: row.channel_id, status: polled.status }, 'video task polling got an unusable answer');
        continue;
      }
      await applyVideoUpdate(deps, row, polled.state, polled.raw);
    } catch (err) {
      deps.log.warn({ channelId: row.channel_id, err: (err as Error).message }, 'video task polling failed');
    }
  }
}

async function applyVideoUpdate(deps: TaskDeps, row: TaskRow, state: VideoJobState, raw: unknown): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const status = state.status;
  const patch: TaskPatch = {
    status,
    progress: state.progress || row.progress,
    finish_time: state.finishTime || row.finish_time,
    start_time: row.start_time || (status === TaskStatus.InProgress ? now : 0),
    data: JSON.stringify(raw),
    updated_at: now,
  };
  if (status === TaskStatus.Failure) {
    await failPlatformTask(deps, row, patch, state.failReason || 'the video job failed upstream');
    return;
  }
  if (status === TaskStatus.Success) Object.assign(patch, { progress: DONE_PROGRESS, finish_time: patch.finish_time || now });
  await tasksRepository.updateIfUnfinished(deps.db, row.id, patch);
}
