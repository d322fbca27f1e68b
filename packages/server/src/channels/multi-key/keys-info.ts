import { MULTI_KEY_MODES, MultiKeyStatus, type ChannelKeysSummary, type MultiKeyMode, type MultiKeyStatusValue } from '@gw/contracts';

/**
 * What a channel keeps of its keys in `channel_info` (new-api's field names): how many it holds, how the
 * relay picks one, and the status of each key that is not enabled, with why and when it was disabled.
 */
export interface KeysInfo {
  multi_key_size: number;
  multi_key_mode: MultiKeyMode;
  multi_key_status_list: Record<string, MultiKeyStatusValue>;
  multi_key_disabled_reason: Record<string, string>;
  multi_key_disabled_time: Record<string, number>;
}

export function freshKeysInfo(size: number, mode: MultiKeyMode = 'random'): KeysInfo {
  return { multi_key_size: size, multi_key_mode: mode, multi_key_status_list: {}, multi_key_disabled_reason: {}, multi_key_disabled_time: {} };
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The stored info, or that of a single key when there is none or it is unreadable. */
export function readKeysInfo(text: string | null | undefined): KeysInfo {
  let raw: Record<string, unknown> = {};
  try {
    raw = record(text ? JSON.parse(text) : {});
  } catch {}
  const size = typeof raw.multi_key_size === 'number' && Number.isInteger(raw.multi_key_size) && raw.multi_key_size > 0 ? raw.multi_key_size : 1;
  const mode = MULTI_KEY_MODES.includes(raw.multi_key_mode as MultiKeyMode) ? (raw.multi_key_mode as MultiKeyMode) : 'random';
  const info = freshKeysInfo(size, mode);
  for (const [index, status] of Object.entries(record(raw.multi_key_status_list))) {
    if (status === MultiKeyStatus.ManuallyDisabled || status === MultiKeyStatus.AutoDisabled) info.multi_key_status_list[index] = status;
  }
  for (const [index, reason] of Object.entries(record(raw.multi_key_disabled_reason))) if (typeof reason === 'string') info.multi_key_disabled_reason[index] = reason;
  for (const [index, time] of Object.entries(record(raw.multi_key_disabled_time))) if (typeof time === 'number') info.multi_key_disabled_time[index] = time;
  return info;
}

export const writeKeysInfo = (info: KeysInfo): string => JSON.stringify(info);

/** The stored info of a channel holding `count` keys; info written for another key list counts for nothing. */
export function keysInfoOf(count: number, text: string | null | undefined): KeysInfo {
  const stored = readKeysInfo(text);
  return stored.multi_key_size === count ? stored : freshKeysInfo(count, stored.multi_key_mode);
}

export function keyStatusOf(info: KeysInfo, index: number): MultiKeyStatusValue {
  return info.multi_key_status_list[String(index)] ?? MultiKeyStatus.Enabled;
}

/** The indices of the keys the relay may use. */
export function enabledKeyIndices(info: KeysInfo): number[] {
  const out: number[] = [];
  for (let i = 0; i < info.multi_key_size; i++) if (keyStatusOf(info, i) === MultiKeyStatus.Enabled) out.push(i);
  return out;
}

/** Sets one key's status: enabled clears its reason and time, a disabled status records them. */
export function setKeyStatus(info: KeysInfo, index: number, status: MultiKeyStatusValue, reason = '', now = 0): void {
  const i = String(index);
  if (status === MultiKeyStatus.Enabled) {
    delete info.multi_key_status_list[i];
    delete info.multi_key_disabled_reason[i];
    delete info.multi_key_disabled_time[i];
    return;
  }
  info.multi_key_status_list[i] = status;
  if (reason) info.multi_key_disabled_reason[i] = reason;
  else delete info.multi_key_disabled_reason[i];
  info.multi_key_disabled_time[i] = now;
}

/** The info after the keys at `removed` were taken out: the others move up, keeping their status. */
export function withoutKeys(info: KeysInfo, removed: ReadonlySet<number>): KeysInfo {
  const next = freshKeysInfo(info.multi_key_size - removed.size, info.multi_key_mode);
  let to = 0;
  for (let from = 0; from < info.multi_key_size; from++) {
    if (removed.has(from)) continue;
    const status = keyStatusOf(info, from);
    if (status !== MultiKeyStatus.Enabled) setKeyStatus(next, to, status, info.multi_key_disabled_reason[String(from)] ?? '', info.multi_key_disabled_time[String(from)] ?? 0);
    to += 1;
  }
  return next;
}

/** The channel view's summary: never a key, a reason or a time. */
export function keysSummaryOf(text: string | null | undefined): ChannelKeysSummary {
  const info = readKeysInfo(text);
  return {
    is_multi_key: info.multi_key_size > 1,
    multi_key_size: info.multi_key_size,
    multi_key_mode: info.multi_key_mode,
    multi_key_enabled_count: enabledKeyIndices(info).length,
  };
}
