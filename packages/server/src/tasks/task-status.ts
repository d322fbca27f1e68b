import { DrawingTaskStatus, TaskStatus } from '@gw/contracts';

/** Statuses after which a task never changes again (the poller stops asking about it). */
export const FINAL_STATUSES: readonly string[] = [TaskStatus.Success, TaskStatus.Failure];

export const isFinalStatus = (status: string): boolean => FINAL_STATUSES.includes(status);

export { DrawingTaskStatus, TaskStatus };

/** Percent string of a finished task. */
export const DONE_PROGRESS = '100%';

/** "45%" for 45, clamped to 0..100; '' for anything that is not a number. */
export function percent(value: unknown): string {
  if (typeof value === 'string' && /^\d{1,3}%$/.test(value.trim())) return value.trim();
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace('%', '')) : NaN;
  if (!Number.isFinite(n)) return '';
  return `${Math.max(0, Math.min(100, Math.round(n)))}%`;
}
