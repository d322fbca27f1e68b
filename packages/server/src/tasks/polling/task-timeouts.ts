import { drawingTasksRepository } from '../drawing-tasks.repository.js';
import { failDrawingTask } from '../midjourney/mj-poller.js';
import type { TaskDeps } from '../task-deps.js';
import { failPlatformTask } from '../task-rows.js';
import { tasksRepository } from '../tasks.repository.js';

/**
 * Fails and refunds tasks still unfinished TaskTimeoutMinutes after they were submitted: the upstream
 * lost them, or their channel is gone. Returns how many this call failed.
 */
export async function failStuckTasks(deps: TaskDeps, limit: number): Promise<number> {
  const minutes = deps.options.get('TaskTimeoutMinutes');
  const reason = `the task did not finish within ${minutes} minutes`;
  const cutoffMs = Date.now() - minutes * 60_000;
  let failed = 0;
  for (const row of await drawingTasksRepository.listStuck(deps.db, cutoffMs, limit)) {
    if (await failDrawingTask(deps, row, {}, reason)) failed++;
  }
  for (const row of await tasksRepository.listStuck(deps.db, Math.floor(cutoffMs / 1000), limit)) {
    if (await failPlatformTask(deps, row, {}, reason)) failed++;
  }
  return failed;
}
