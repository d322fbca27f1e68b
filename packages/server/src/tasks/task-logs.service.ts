import type { DrawingTaskListQuery, DrawingTaskView, PageParams, TaskListQuery, TaskView } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import { drawingTasksRepository, type DrawingTaskRow } from './drawing-tasks.repository.js';
import { publicImageUrl } from './midjourney/mj-task-dto.js';
import { parseData } from './task-rows.js';
import { tasksRepository, type TaskRow } from './tasks.repository.js';

/** Whose tasks a list shows: every user's (administrators) or one user's. */
export type TaskScope = { all: true } | { all: false; userId: number };

const windowOf = (p: PageParams) => ({ offset: (p.page - 1) * p.pageSize, limit: p.pageSize });

/** The drawing log (/midjourney) and task log (/task) of the console: newest first, filtered, paged. */
export class TaskLogsService {
  constructor(private readonly db: Db, private readonly options: OptionsService) {}

  async listDrawing(scope: TaskScope, q: DrawingTaskListQuery, p: PageParams): Promise<{ items: DrawingTaskView[]; total: number }> {
    const { items, total } = await drawingTasksRepository.list(
      this.db,
      { userId: scope.all ? undefined : scope.userId, channelId: scope.all ? q.channel_id : undefined, mjId: q.mj_id, startMs: q.start_timestamp, endMs: q.end_timestamp },
      windowOf(p),
    );
    return { items: items.map((r) => this.drawingView(r)), total };
  }

  async listTasks(scope: TaskScope, q: TaskListQuery, p: PageParams): Promise<{ items: TaskView[]; total: number }> {
    const { items, total } = await tasksRepository.list(
      this.db,
      {
        userId: scope.all ? undefined : scope.userId,
        channelId: scope.all ? q.channel_id : undefined,
        taskId: q.task_id,
        start: q.start_timestamp,
        end: q.end_timestamp,
        platform: q.platform,
        status: q.status,
        action: q.action,
      },
      windowOf(p),
    );
    return { items: items.map(taskView), total };
  }

  private drawingView(r: DrawingTaskRow): DrawingTaskView {
    return {
      id: r.id,
      user_id: r.user_id,
      created_at: r.created_at,
      submit_time: r.submit_time,
      start_time: r.start_time,
      finish_time: r.finish_time,
      channel_id: r.channel_id,
      action: r.action,
      mj_id: r.mj_id,
      code: r.code,
      status: r.status,
      progress: r.progress,
      image_url: publicImageUrl(this.options, r),
      prompt: r.prompt ?? '',
      prompt_en: r.prompt_en ?? '',
      description: r.description ?? '',
      fail_reason: r.fail_reason ?? '',
      quota: r.quota,
      buttons: r.buttons ?? '',
      properties: r.properties ?? '',
    };
  }
}

function taskView(r: TaskRow): TaskView {
  return {
    id: r.id,
    user_id: r.user_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    submit_time: r.submit_time,
    start_time: r.start_time,
    finish_time: r.finish_time,
    channel_id: r.channel_id,
    platform: r.platform,
    action: r.action,
    task_id: r.task_id,
    status: r.status,
    progress: r.progress,
    fail_reason: r.fail_reason ?? '',
    quota: r.quota,
    data: parseData(r.data),
  };
}
