import { TaskPlatform } from '@gw/contracts';
import { pollByChannel } from '../polling/poll-by-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { failPlatformTask } from '../task-rows.js';
import { DONE_PROGRESS, TaskStatus, percent } from '../task-status.js';
import { tasksRepository, type TaskPatch, type TaskRow } from '../tasks.repository.js';
import { asNumber, asRecord, asString } from '../upstream-json.js';

const KNOWN = new Set<string>(Object.values(TaskStatus));

/**
 * One polling round for Suno: unfinished tasks grouped by channel, asked about with POST /suno/fetch;
 * each answer updates status, progress, result data and times, and a failed task is refunded once.
 */
export async function pollSunoTasks(deps: TaskDeps, limit: number): Promise<void> {
  await pollByChannel(deps, await tasksRepository.listUnfinished(deps.db, TaskPlatform.Suno, limit), {
    platform: 'Suno',
    upstreamIdOf: (row) => row.task_id,
    failWithoutId: (row) => failPlatformTask(deps, row, {}, 'the Suno upstream gave this task no id'),
    request: (ep, ids) => ({ url: `${ep.baseUrl}/suno/fetch`, headers: { authorization: `Bearer ${ep.key}` }, body: { ids } }),
    itemsOf: (res) => {
      const answer = asRecord(res.json);
      return res.status === 200 && answer.code === 'success' && Array.isArray(answer.data) ? (answer.data as unknown[]) : null;
    },
    answerIdOf: (dto) => asString(dto.task_id),
    apply: (row, dto) => applySunoUpdate(deps, row, dto),
  });
}

async function applySunoUpdate(deps: TaskDeps, row: TaskRow, dto: Record<string, unknown>): Promise<void> {
  const raw = asString(dto.status).toUpperCase();
  const status = KNOWN.has(raw) ? raw : raw ? TaskStatus.Unknown : row.status;
  const now = Math.floor(Date.now() / 1000);
  const patch: TaskPatch = {
    status,
    progress: percent(dto.progress) || row.progress,
    start_time: asNumber(dto.start_time) || row.start_time,
    finish_time: asNumber(dto.finish_time) || row.finish_time,
    data: dto.data === undefined ? row.data : JSON.stringify(dto.data),
    updated_at: now,
  };
  if (status === TaskStatus.Failure) {
    await failPlatformTask(deps, row, patch, asString(dto.fail_reason) || 'the task failed upstream');
    return;
  }
  if (status === TaskStatus.Success) Object.assign(patch, { progress: DONE_PROGRESS, finish_time: patch.finish_time || now });
  await tasksRepository.updateIfUnfinished(deps.db, row.id, patch);
}
