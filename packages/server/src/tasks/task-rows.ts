import { TaskPlatform } from '@gw/contracts';
import type { TaskDeps } from './task-deps.js';
import { failTaskAndRefund } from './task-refund.js';
import type { TaskPatch, TaskRow } from './tasks.repository.js';

/**
 * What a Suno or video task stores in `properties`: the pricing name and the prompt it was given; a video
 * task also its vendor (`openai`, `kling`, `vidu`) and the vendor's kind of job, which reading it back needs.
 */
export interface TaskProperties {
  model: string;
  prompt: string;
  vendor?: string;
  action?: string;
}

export function propertiesOf(row: Pick<TaskRow, 'properties'>): Partial<TaskProperties> {
  try {
    const v = JSON.parse(row.properties ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Partial<TaskProperties>) : {};
  } catch {
    return {};
  }
}

/** The pricing name a task was charged under (for its refund log). */
export function taskModelOf(row: Pick<TaskRow, 'platform' | 'action' | 'properties'>): string {
  const stored = propertiesOf(row).model;
  if (stored) return stored;
  return row.platform === TaskPlatform.Suno ? `suno_${row.action.toLowerCase()}` : row.platform;
}

export function parseData(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Fails a Suno or video task and refunds it, once (see failTaskAndRefund). */
export function failPlatformTask(deps: TaskDeps, row: TaskRow, patch: TaskPatch, reason: string): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  return failTaskAndRefund(
    deps,
    { table: 'tasks', id: row.id, patch: { ...patch, progress: '100%', finish_time: patch.finish_time || now, updated_at: now } },
    { userId: row.user_id, tokenId: row.token_id, channelId: row.channel_id, quota: row.quota, model: taskModelOf(row), upstreamId: row.task_id || `#${row.id}` },
    reason,
  );
}
