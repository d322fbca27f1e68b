import { z } from 'zod';

/** new-api's system tasks: background jobs a root user starts and watches (GET/POST /api/system-task/...). */
export const SYSTEM_TASK_TYPES = ['log_cleanup'] as const;
export type SystemTaskType = (typeof SYSTEM_TASK_TYPES)[number];
export type SystemTaskStatus = 'pending' | 'running' | 'succeeded' | 'failed';

export interface SystemTask<P = Record<string, unknown>, S = Record<string, unknown>, R = Record<string, unknown>> {
  id: number;
  task_id: string;
  type: string;
  status: SystemTaskStatus;
  active_key?: string;
  payload?: P;
  state?: S;
  result?: R;
  error?: string;
  locked_by?: string;
  locked_until?: number;
  created_at: number;
  updated_at: number;
}

export type LogCleanupTask = SystemTask<
  { target_timestamp: number; batch_size: number },
  { total: number; processed: number; progress: number; remaining: number },
  { deleted_count: number }
>;

export const SYSTEM_TASK_LIST_MAX = 100;

export const SystemTaskListQuery = z.object({
  type: z.enum(SYSTEM_TASK_TYPES, { error: `type must be one of ${SYSTEM_TASK_TYPES.join(', ')}` }).optional(),
  status: z.enum(['pending', 'running', 'succeeded', 'failed'], { error: 'status must be pending, running, succeeded or failed' }).optional(),
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? 20 : Number(v)),
    z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(SYSTEM_TASK_LIST_MAX, `limit must be at most ${SYSTEM_TASK_LIST_MAX}`),
  ),
});
export type SystemTaskListQuery = z.output<typeof SystemTaskListQuery>;

export const CurrentSystemTaskQuery = z.object({
  type: z.enum(SYSTEM_TASK_TYPES, { error: `type must be one of ${SYSTEM_TASK_TYPES.join(', ')}` }).default('log_cleanup'),
});
