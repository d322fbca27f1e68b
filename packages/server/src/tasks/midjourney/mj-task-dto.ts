import type { OptionsService } from '../../options/options.service.js';
import type { DrawingTaskRow } from '../drawing-tasks.repository.js';
import type { MjTaskDto } from './mj-wire.js';

/**
 * The image address clients see. With MjForwardUrlEnabled the gateway's own /mj/image/<id> (so the
 * proxy's host stays private and images load where Discord's CDN is blocked), on ServerAddress when set.
 */
export function publicImageUrl(options: OptionsService, row: Pick<DrawingTaskRow, 'image_url' | 'mj_id'>): string {
  if (!row.image_url) return '';
  if (!options.get('MjForwardUrlEnabled') || !row.mj_id) return row.image_url;
  const base = String(options.get('ServerAddress') ?? '').replace(/\/+$/, '');
  return `${base}/mj/image/${encodeURIComponent(row.mj_id)}`;
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A stored task in the proxy's task shape (GET /mj/task/{id}/fetch, POST /mj/task/list-by-condition). */
export function toMjTaskDto(options: OptionsService, row: DrawingTaskRow): MjTaskDto {
  const buttons = parseJson<unknown>(row.buttons, []);
  const properties = parseJson<unknown>(row.properties, null);
  return {
    id: row.mj_id,
    action: row.action,
    prompt: row.prompt ?? '',
    promptEn: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state ?? '',
    submitTime: row.submit_time,
    startTime: row.start_time,
    finishTime: row.finish_time,
    imageUrl: publicImageUrl(options, row),
    status: row.status,
    progress: row.progress,
    failReason: row.fail_reason ?? '',
    buttons: Array.isArray(buttons) ? buttons : [],
    properties: properties && typeof properties === 'object' && !Array.isArray(properties) ? (properties as Record<string, unknown>) : null,
  };
}
