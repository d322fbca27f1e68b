import { drawingTasksRepository, type DrawingTaskPatch, type DrawingTaskRow } from '../drawing-tasks.repository.js';
import { pollByChannel } from '../polling/poll-by-channel.js';
import type { TaskDeps } from '../task-deps.js';
import { failTaskAndRefund } from '../task-refund.js';
import { DONE_PROGRESS, TaskStatus, percent } from '../task-status.js';
import { asNumber, asString } from '../upstream-json.js';
import { modelNameOf, type DrawingAction } from './mj-actions.js';

/**
 * One polling round for Midjourney: unfinished tasks are grouped by the channel that runs them and
 * asked about with the proxy's list-by-condition; each answer updates status, progress, image, prompt
 * translation, buttons and times, and a task that failed is refunded (once — see failTaskAndRefund).
 * A task the proxy gave no id is failed at once; a channel that cannot be reached is skipped this round.
 */
export async function pollDrawingTasks(deps: TaskDeps, limit: number): Promise<void> {
  await pollByChannel(deps, await drawingTasksRepository.listUnfinished(deps.db, limit), {
    platform: 'Midjourney',
    upstreamIdOf: (row) => row.mj_id ?? '',
    failWithoutId: (row) => failDrawingTask(deps, row, {}, 'the Midjourney proxy gave this task no id'),
    request: (ep, ids) => ({ url: `${ep.baseUrl}/mj/task/list-by-condition`, headers: { 'mj-api-secret': ep.key }, body: { ids } }),
    itemsOf: (res) => (res.status === 200 && Array.isArray(res.json) ? (res.json as unknown[]) : null),
    answerIdOf: (dto) => asString(dto.id),
    apply: (row, dto) => applyDrawingUpdate(deps, row, dto),
  });
}

/** Writes one task's news from the proxy; a failure (or a fail reason before completion) refunds. */
export async function applyDrawingUpdate(deps: TaskDeps, row: DrawingTaskRow, dto: Record<string, unknown>): Promise<void> {
  const status = asString(dto.status) || row.status;
  const failReason = asString(dto.failReason);
  const patch: DrawingTaskPatch = {
    status,
    progress: percent(dto.progress) || row.progress,
    prompt_en: asString(dto.promptEn) || row.prompt_en,
    description: asString(dto.description) || row.description,
    state: asString(dto.state) || row.state,
    start_time: asNumber(dto.startTime) || row.start_time,
    finish_time: asNumber(dto.finishTime) || row.finish_time,
    image_url: asString(dto.imageUrl) || row.image_url,
    buttons: Array.isArray(dto.buttons) ? JSON.stringify(dto.buttons) : row.buttons,
    properties: dto.properties && typeof dto.properties === 'object' ? JSON.stringify(dto.properties) : row.properties,
  };
  if (status === TaskStatus.Failure || (failReason && patch.progress !== DONE_PROGRESS)) {
    await failDrawingTask(deps, row, { ...patch, progress: DONE_PROGRESS }, failReason || 'the task failed upstream');
    return;
  }
  if (status === TaskStatus.Success) {
    patch.progress = DONE_PROGRESS;
    patch.finish_time = patch.finish_time || Date.now();
  }
  await drawingTasksRepository.updateIfUnfinished(deps.db, row.id, patch);
}

export function failDrawingTask(deps: TaskDeps, row: DrawingTaskRow, patch: DrawingTaskPatch, reason: string): Promise<boolean> {
  return failTaskAndRefund(
    deps,
    { table: 'drawing_tasks', id: row.id, patch: { ...patch, finish_time: patch.finish_time || Date.now() } },
    { userId: row.user_id, tokenId: row.token_id, channelId: row.channel_id, quota: row.quota, model: modelNameOf(row.action as DrawingAction), upstreamId: row.mj_id || `#${row.id}` },
    reason,
  );
}
