import { z } from 'zod';

/**
 * Drawing (Midjourney) and asynchronous task (Suno music, video) logs: GET /api/mj/, /api/mj/self/,
 * GET /api/task/, /api/task/self (spec 3 §2.6, §2.7, §3, §7). Lists answer the usual page envelope
 * `{ items, total, page, page_size }` and page with `p` (1-based) and `page_size` (PageQuery).
 */

/** Drawing actions (spec 3 §4). */
export const DRAWING_ACTIONS = [
  'IMAGINE', 'UPSCALE', 'VARIATION', 'HIGH_VARIATION', 'LOW_VARIATION', 'PAN', 'DESCRIBE', 'BLEND', 'UPLOAD',
  'SHORTEN', 'REROLL', 'INPAINT', 'ZOOM', 'CUSTOM_ZOOM', 'MODAL', 'SWAP_FACE',
] as const;
export type DrawingAction = (typeof DRAWING_ACTIONS)[number];

/** Submit results stored in `code` (spec 3 §4): 1 submitted, 21 waiting, 22 duplicate submit, 0 not submitted. */
export const DrawingSubmitCode = { Submitted: 1, Waiting: 21, Duplicate: 22, NotSubmitted: 0 } as const;

/** Drawing task status (spec 3 §4); anything else is shown as unknown. */
export const DrawingTaskStatus = {
  Success: 'SUCCESS',
  NotStart: 'NOT_START',
  Submitted: 'SUBMITTED',
  InProgress: 'IN_PROGRESS',
  Failure: 'FAILURE',
  Modal: 'MODAL',
} as const;

/** Music/video task status: the drawing ones plus QUEUED, UNKNOWN and '' (still submitting). */
export const TaskStatus = {
  NotStart: 'NOT_START',
  Submitted: 'SUBMITTED',
  Queued: 'QUEUED',
  InProgress: 'IN_PROGRESS',
  Success: 'SUCCESS',
  Failure: 'FAILURE',
  Unknown: 'UNKNOWN',
  Submitting: '',
} as const;

/** Task platforms of the task log. */
export const TaskPlatform = { Suno: 'suno', Video: 'video' } as const;
/** Task actions: Suno MUSIC / LYRICS, video GENERATE. */
export const TaskAction = { Music: 'MUSIC', Lyrics: 'LYRICS', Generate: 'GENERATE' } as const;

/**
 * One drawing task (spec 3 §3 "Drawing task"). `submit_time`, `start_time` and `finish_time` are unix
 * MILLISECONDS (0 = not yet); `created_at` is unix seconds. `progress` is a percent string such as
 * "45%" ('' before the first poll). `image_url` is the gateway's `/mj/image/{mj_id}` address when
 * MjForwardUrlEnabled is on. `code` is the submit result (DrawingSubmitCode). `quota` is what the
 * task cost (refunded when it failed). `buttons` and `properties` are the proxy's JSON text, or ''.
 */
export interface DrawingTaskView {
  id: number;
  user_id: number;
  created_at: number;
  submit_time: number;
  start_time: number;
  finish_time: number;
  channel_id: number;
  action: string;
  mj_id: string;
  code: number;
  status: string;
  progress: string;
  image_url: string;
  prompt: string;
  prompt_en: string;
  description: string;
  fail_reason: string;
  quota: number;
  buttons: string;
  properties: string;
}

/**
 * One music/video task (spec 3 §3 "Music task"). `submit_time`, `start_time`, `finish_time`,
 * `created_at` and `updated_at` are unix SECONDS (0 = not yet). `progress` is a percent string.
 * `data` is the upstream's last answer for the task (parsed JSON, null before the first poll) —
 * the console shows the whole record as JSON.
 */
export interface TaskView {
  id: number;
  user_id: number;
  created_at: number;
  updated_at: number;
  submit_time: number;
  start_time: number;
  finish_time: number;
  channel_id: number;
  platform: string;
  action: string;
  task_id: string;
  status: string;
  progress: string;
  fail_reason: string;
  quota: number;
  data: unknown;
}

const Text = z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string().trim().max(191, 'filter must be at most 191 characters'));
const NonNegativeInt = (name: string, unit: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : Number(v)),
    z.number({ error: `${name} must be ${unit}` }).int(`${name} must be ${unit}`).min(0, `${name} must not be negative`),
  );

/**
 * Filters of GET /api/mj/ (admin) and /api/mj/self/. Timestamps are unix MILLISECONDS compared with
 * `submit_time` (as new-api's console sends them); 0 or missing = no bound. `channel_id` is ignored
 * on /self. `mj_id` matches exactly.
 */
export const DrawingTaskListQuery = z.object({
  channel_id: NonNegativeInt('channel_id', 'an integer'),
  mj_id: Text,
  start_timestamp: NonNegativeInt('start_timestamp', 'a unix timestamp in milliseconds'),
  end_timestamp: NonNegativeInt('end_timestamp', 'a unix timestamp in milliseconds'),
});
export type DrawingTaskListQuery = z.output<typeof DrawingTaskListQuery>;

/**
 * Filters of GET /api/task/ (admin) and /api/task/self. Timestamps are unix SECONDS compared with
 * `submit_time`; 0 or missing = no bound. `channel_id` is ignored on /self. `task_id` matches exactly.
 * Optional extras: `platform` ('suno', 'video'), `status`, `action`.
 */
export const TaskListQuery = z.object({
  channel_id: NonNegativeInt('channel_id', 'an integer'),
  task_id: Text,
  start_timestamp: NonNegativeInt('start_timestamp', 'a unix timestamp in seconds'),
  end_timestamp: NonNegativeInt('end_timestamp', 'a unix timestamp in seconds'),
  platform: Text,
  status: Text,
  action: Text,
});
export type TaskListQuery = z.output<typeof TaskListQuery>;
