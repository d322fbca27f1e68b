import { z } from 'zod';

/**
 * Channels holding several keys (one per line, or a JSON array): new-api's multi-key channels. Each key has
 * its own status; the relay uses the enabled ones only, at random or in turn (`multi_key_mode`).
 */
export const MultiKeyStatus = { Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;
export type MultiKeyStatusValue = (typeof MultiKeyStatus)[keyof typeof MultiKeyStatus];
export const MULTI_KEY_MODES = ['random', 'polling'] as const;
export type MultiKeyMode = (typeof MULTI_KEY_MODES)[number];

/** What a channel view says of its keys (never a key, a reason or a time). */
export interface ChannelKeysSummary {
  is_multi_key: boolean;
  multi_key_size: number;
  multi_key_mode: MultiKeyMode;
  /** Keys the relay may use now. */
  multi_key_enabled_count: number;
}

export const MULTI_KEY_ACTIONS = ['get_key_status', 'disable_key', 'enable_key', 'delete_key', 'delete_disabled_keys', 'enable_all_keys', 'disable_all_keys'] as const;
export type MultiKeyAction = (typeof MULTI_KEY_ACTIONS)[number];
export const MULTI_KEY_PAGE_MAX = 100;

/** POST /api/channel/multi_key/manage (root). `key_index` for the one-key actions; `page`, `page_size`, `status` for get_key_status. */
export const MultiKeyManageBody = z.object({
  channel_id: z.number({ error: 'channel_id is required' }).int('channel_id must be a channel id').positive('channel_id must be a channel id'),
  action: z.enum(MULTI_KEY_ACTIONS, { error: `action must be one of ${MULTI_KEY_ACTIONS.join(', ')}` }),
  key_index: z.number({ error: 'key_index must be a number' }).int('key_index must be a whole number').min(0, 'key_index must not be negative').optional(),
  page: z.number().int().min(1, 'page must be at least 1').optional().default(1),
  page_size: z.number().int().min(1, 'page_size must be at least 1').max(MULTI_KEY_PAGE_MAX, `page_size must be at most ${MULTI_KEY_PAGE_MAX}`).optional().default(50),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'status must be 1, 2 or 3' }).optional(),
});
export type MultiKeyManageBody = z.output<typeof MultiKeyManageBody>;

/** One key of a multi-key channel as get_key_status lists it: its first characters, never the whole key. */
export interface MultiKeyStatusItem {
  index: number;
  status: MultiKeyStatusValue;
  /** Unix seconds, when disabled. */
  disabled_time?: number;
  reason?: string;
  key_preview: string;
}

export interface MultiKeyStatusPage {
  keys: MultiKeyStatusItem[];
  total: number;
  page: number;
  page_size: number;
  total_pages: number;
  enabled_count: number;
  manual_disabled_count: number;
  auto_disabled_count: number;
}

/**
 * The credentials a channel holds: one per line, or — for JSON credentials such as service accounts,
 * which may span lines — one JSON object, or a JSON array of them.
 */
export function channelKeys(raw: string): string[] {
  const text = raw.trim();
  if (text.startsWith('{')) return [text];
  if (text.startsWith('[')) {
    try {
      const list = JSON.parse(text) as unknown;
      if (Array.isArray(list)) return list.map((k) => (typeof k === 'string' ? k : JSON.stringify(k))).filter(Boolean);
    } catch {
      return [text];
    }
  }
  return text.split('\n').map((k) => k.trim()).filter(Boolean);
}
