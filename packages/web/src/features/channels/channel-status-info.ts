/** Why and when a channel was disabled automatically, read from its `other_info` JSON. */
export interface ChannelStatusInfo {
  reason: string;
  /** Unix seconds; 0 when unknown. */
  time: number;
}

/** Tolerates a missing or malformed `other_info`: answers null when there is no reason to show. */
export function statusInfoOf(otherInfo: string | null | undefined): ChannelStatusInfo | null {
  if (!otherInfo) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(otherInfo);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { status_reason: reason, status_time: time } = parsed as Record<string, unknown>;
  if (typeof reason !== 'string' || reason === '') return null;
  return { reason, time: typeof time === 'number' && Number.isFinite(time) ? time : 0 };
}
