import { DrawingTaskStatus, TaskStatus } from '@gw/contracts';

/** AntD tag colours used by the task logs. */
export type TagColor = 'default' | 'green' | 'red' | 'gold' | 'blue' | 'orange' | 'purple' | 'cyan' | 'lime' | 'magenta' | 'geekblue' | 'volcano';

export interface Display<K extends string> {
  key: K;
  color: TagColor;
}

/** Duration colour of both task logs (spec 3 §2.6, §9): green at 60 s or less, red above. */
export function taskDurationColor(seconds: number): 'green' | 'red' {
  return seconds <= 60 ? 'green' : 'red';
}

/**
 * Seconds between submit and finish, one decimal; null while either is unset (0).
 * Drawing tasks store milliseconds (`unit` 1000), music/video tasks seconds (`unit` 1).
 */
export function taskDurationSeconds(submit: number, finish: number, unit: 1 | 1000): number | null {
  if (!submit || !finish || finish < submit) return null;
  return Math.round(((finish - submit) / unit) * 10) / 10;
}

/**
 * The percent of a progress string ("45%", "100", " 7 %"), clamped to 0..100; '' (not polled yet) is 0.
 * Anything that is not a number answers null so the cell can show the raw text.
 */
export function parseProgress(progress: string | null | undefined): number | null {
  const text = (progress ?? '').trim().replace(/%$/, '').trim();
  if (text === '') return 0;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** A failed task draws its progress bar in the warning colour (spec 3 §2.6). */
export function isFailedTask(status: string): boolean {
  return status === DrawingTaskStatus.Failure;
}

export type StatusKey = 'success' | 'notStart' | 'submitted' | 'queued' | 'inProgress' | 'failure' | 'modal' | 'submitting' | 'unknown';

const DRAWING_STATUSES: Record<string, Display<StatusKey>> = {
  [DrawingTaskStatus.Success]: { key: 'success', color: 'green' },
  [DrawingTaskStatus.NotStart]: { key: 'notStart', color: 'default' },
  [DrawingTaskStatus.Submitted]: { key: 'submitted', color: 'gold' },
  [DrawingTaskStatus.InProgress]: { key: 'inProgress', color: 'blue' },
  [DrawingTaskStatus.Failure]: { key: 'failure', color: 'red' },
  [DrawingTaskStatus.Modal]: { key: 'modal', color: 'gold' },
};

const TASK_STATUSES: Record<string, Display<StatusKey>> = {
  ...DRAWING_STATUSES,
  [TaskStatus.Queued]: { key: 'queued', color: 'orange' },
  [TaskStatus.Unknown]: { key: 'unknown', color: 'default' },
  [TaskStatus.Submitting]: { key: 'submitting', color: 'default' },
};

const UNKNOWN_STATUS: Display<StatusKey> = { key: 'unknown', color: 'default' };

/** Drawing task status (spec 3 §4); MODAL is "waiting for the window", anything unlisted is unknown. */
export function drawingStatusOf(status: string): Display<StatusKey> {
  return Object.hasOwn(DRAWING_STATUSES, status) ? DRAWING_STATUSES[status] : UNKNOWN_STATUS;
}

/** Music/video task status: the drawing ones plus QUEUED, UNKNOWN and '' (still submitting). */
export function taskStatusOf(status: string): Display<StatusKey> {
  return Object.hasOwn(TASK_STATUSES, status) ? TASK_STATUSES[status] : UNKNOWN_STATUS;
}

export type SubmitCodeKey = 'submitted' | 'waiting' | 'duplicate' | 'notSubmitted' | 'unknown';

const SUBMIT_CODES: Record<number, Display<SubmitCodeKey>> = {
  1: { key: 'submitted', color: 'green' },
  21: { key: 'waiting', color: 'lime' },
  22: { key: 'duplicate', color: 'orange' },
  0: { key: 'notSubmitted', color: 'gold' },
};

/** Submit result of a drawing task (spec 3 §4): 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
export function submitCodeOf(code: number): Display<SubmitCodeKey> {
  return SUBMIT_CODES[code] ?? { key: 'unknown', color: 'default' };
}

export type DrawingActionKey =
  | 'IMAGINE' | 'UPSCALE' | 'VARIATION' | 'HIGH_VARIATION' | 'LOW_VARIATION' | 'PAN' | 'DESCRIBE' | 'BLEND' | 'UPLOAD'
  | 'SHORTEN' | 'REROLL' | 'INPAINT' | 'ZOOM' | 'CUSTOM_ZOOM' | 'MODAL' | 'SWAP_FACE' | 'unknown';

const ACTION_COLORS: Record<Exclude<DrawingActionKey, 'unknown'>, TagColor> = {
  IMAGINE: 'blue', UPSCALE: 'orange', VARIATION: 'purple', HIGH_VARIATION: 'purple', LOW_VARIATION: 'purple',
  PAN: 'cyan', DESCRIBE: 'gold', BLEND: 'lime', UPLOAD: 'blue', SHORTEN: 'magenta', REROLL: 'geekblue',
  INPAINT: 'purple', ZOOM: 'cyan', CUSTOM_ZOOM: 'cyan', MODAL: 'green', SWAP_FACE: 'volcano',
};

/** Drawing action (spec 3 §4) as a translation key and tag colour. */
export function drawingActionOf(action: string): Display<DrawingActionKey> {
  return Object.hasOwn(ACTION_COLORS, action)
    ? { key: action as Exclude<DrawingActionKey, 'unknown'>, color: ACTION_COLORS[action as keyof typeof ACTION_COLORS] }
    : { key: 'unknown', color: 'default' };
}

export type TaskActionKey = 'MUSIC' | 'LYRICS' | 'GENERATE' | 'unknown';
const TASK_ACTIONS: Record<Exclude<TaskActionKey, 'unknown'>, TagColor> = { MUSIC: 'default', LYRICS: 'magenta', GENERATE: 'blue' };

/** Task action (Suno MUSIC / LYRICS, video GENERATE); matched case-insensitively. */
export function taskActionOf(action: string): Display<TaskActionKey> {
  const upper = action.toUpperCase();
  return Object.hasOwn(TASK_ACTIONS, upper)
    ? { key: upper as Exclude<TaskActionKey, 'unknown'>, color: TASK_ACTIONS[upper as keyof typeof TASK_ACTIONS] }
    : { key: 'unknown', color: 'default' };
}

export type PlatformKey = 'suno' | 'video' | 'unknown';
const PLATFORMS: Record<Exclude<PlatformKey, 'unknown'>, TagColor> = { suno: 'green', video: 'orange' };

export function taskPlatformOf(platform: string): Display<PlatformKey> {
  const lower = platform.toLowerCase();
  return Object.hasOwn(PLATFORMS, lower)
    ? { key: lower as Exclude<PlatformKey, 'unknown'>, color: PLATFORMS[lower as keyof typeof PLATFORMS] }
    : { key: 'unknown', color: 'default' };
}

const CHANNEL_COLORS: readonly TagColor[] = ['blue', 'cyan', 'green', 'gold', 'orange', 'purple', 'magenta', 'geekblue', 'lime', 'volcano'];

/** A stable colour per channel id, so rows of one channel are easy to spot. */
export function channelColorOf(channelId: number): TagColor {
  return CHANNEL_COLORS[Math.abs(Math.trunc(channelId)) % CHANNEL_COLORS.length];
}
