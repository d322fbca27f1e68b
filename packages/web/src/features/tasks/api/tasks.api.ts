import type { DrawingTaskView, PageResult, TaskView } from '@gw/contracts';
import { api, type QueryValue } from '../../../lib/api-client';

export type TaskQuery = Record<string, QueryValue>;

export interface TaskListParams {
  /** true: every user's tasks (GET /api/mj/, /api/task/); false: the caller's own (…/self). */
  admin: boolean;
  query: TaskQuery;
  page_size: number;
}

/** GET /api/mj/ or /api/mj/self/ (spec 3 §7): one page of drawing tasks, newest first. */
export function listDrawingTasks({ admin, query, page_size }: TaskListParams, p: number, signal?: AbortSignal): Promise<PageResult<DrawingTaskView>> {
  return api.get(admin ? '/api/mj/' : '/api/mj/self/', { ...query, p, page_size }, signal);
}

/** GET /api/task/ or /api/task/self (spec 3 §7): one page of music and video tasks, newest first. */
export function listTasks({ admin, query, page_size }: TaskListParams, p: number, signal?: AbortSignal): Promise<PageResult<TaskView>> {
  return api.get(admin ? '/api/task/' : '/api/task/self', { ...query, p, page_size }, signal);
}
