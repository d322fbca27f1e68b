import { LogType } from '@gw/contracts';
import { parseOther } from './log-other';

/**
 * Spec 3 §4 names log type 5 "activity" (fuel pack and activity rewards). The gateway also writes its
 * relay failures as type 5 (new-api compatibility; the contract calls the number LogType.Error), so a
 * type-5 row is shown as an error only when its `other` carries the failure fields the relay records.
 */
export const ACTIVITY_LOG_TYPE = LogType.Error;

export type LogTypeLabel = 'topUp' | 'consume' | 'manage' | 'system' | 'activity' | 'error' | 'refund' | 'unknown';

/** The type filter's choices, in the spec's order ('0' = every type). */
export const LOG_TYPE_FILTER_CHOICES: readonly { value: number; label: LogTypeLabel }[] = [
  { value: LogType.TopUp, label: 'topUp' },
  { value: LogType.Consume, label: 'consume' },
  { value: LogType.Manage, label: 'manage' },
  { value: LogType.System, label: 'system' },
  { value: ACTIVITY_LOG_TYPE, label: 'activity' },
  { value: LogType.Refund, label: 'refund' },
];

/** Keys of `other` that the relay's failure log writes (recordFailure) and new-api's error logs carry. */
const RELAY_FAILURE_KEYS = ['error_kind', 'error_code', 'error_type', 'status_code'] as const;

/** Whether a type-5 row records a failed relay call rather than a reward. */
export function isRelayFailureLog(log: { type: number; other?: string | null }): boolean {
  if (log.type !== ACTIVITY_LOG_TYPE) return false;
  const other = parseOther(log.other) as Record<string, unknown>;
  if ('reward' in other) return false;
  return RELAY_FAILURE_KEYS.some((key) => other[key] !== undefined && other[key] !== null);
}

/** The label a log row's type tag shows. */
export function logTypeLabelOf(log: { type: number; other?: string | null }): LogTypeLabel {
  if (log.type === ACTIVITY_LOG_TYPE) return isRelayFailureLog(log) ? 'error' : 'activity';
  return LOG_TYPE_FILTER_CHOICES.find((choice) => choice.value === log.type)?.label ?? 'unknown';
}
