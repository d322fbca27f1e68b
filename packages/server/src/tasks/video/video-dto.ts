import type { OptionsService } from '../../options/options.service.js';
import { parseData, propertiesOf } from '../task-rows.js';
import { TaskStatus } from '../task-status.js';
import type { TaskRow } from '../tasks.repository.js';
import { videoStatusOf } from './video-status.js';
import { videoUpstreamOfTask } from './video-upstreams.js';

/**
 * The download link the upstream put in its stored answer for the job, read the way its vendor writes it
 * (Kling's `task_result.videos[0].url`, Vidu's `creations[0].url`, Ark's `content.video_url`, `url` or
 * `video_url` of an OpenAI-compatible job; OpenAI's own jobs carry none).
 */
export function upstreamVideoUrlOf(row: Pick<TaskRow, 'data' | 'properties'>): string | null {
  const data = parseData(row.data);
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  return videoUpstreamOfTask(row).resultUrlOf(data);
}

/** The gateway's own download address of a video (GET /v1/videos/{id}/content), on ServerAddress when set. */
export function gatewayVideoContentUrl(options: OptionsService, taskId: string): string {
  const base = String(options.get('ServerAddress') ?? '').replace(/\/+$/, '');
  return `${base}/v1/videos/${encodeURIComponent(taskId)}/content`;
}

/**
 * A video task in the shape of OpenAI's video object, with `task_id` as well as `id`. `url` is the
 * upstream's link when it gave one, otherwise the gateway's content route once the video is done.
 */
export function toVideoDto(options: OptionsService, row: TaskRow) {
  const done = row.status === TaskStatus.Success;
  return {
    id: row.task_id,
    task_id: row.task_id,
    object: 'video',
    model: propertiesOf(row).model ?? '',
    status: videoStatusOf(row.status),
    progress: Number.parseInt(row.progress, 10) || 0,
    created_at: row.submit_time,
    completed_at: row.finish_time || null,
    url: upstreamVideoUrlOf(row) ?? (done ? gatewayVideoContentUrl(options, row.task_id) : null),
    error: row.fail_reason ? { code: 'task_failed', message: row.fail_reason } : null,
  };
}
