import { readChannelSettings } from '@gw/contracts';

/** A channel's `setting` JSON column as an object; missing, malformed or non-object text reads as `{}`. */
export function channelSettingOf(raw: string | null | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The proxy a channel's upstream calls go through (`setting.proxy`), or undefined for none; takes the
 * row's `setting` text or the already parsed object (ChannelInfo.setting).
 */
export function channelProxyOf(channel: { setting?: string | null | Record<string, unknown> }): string | undefined {
  const setting = channel.setting;
  return readChannelSettings(typeof setting === 'object' && setting !== null ? setting : channelSettingOf(setting)).proxy;
}
