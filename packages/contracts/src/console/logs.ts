import { z } from 'zod';

/**
 * Log entry types (spec 3 §4; new-api compatible): 0 unknown, 1 top-up, 2 consumption, 3 admin, 4 system, 5 error,
 * 6 refund (quota given back for an asynchronous drawing/music/video task that failed).
 */
export const LogType = { Unknown: 0, TopUp: 1, Consume: 2, Manage: 3, System: 4, Error: 5, Refund: 6 } as const;

/**
 * One usage-log row as the console sees it (spec 3 §3 "Log entry"). `other` is the JSON text the gateway
 * wrote (model_ratio, group_ratio, completion_ratio, model_price (-1 = ratio-billed), cache_tokens, frt…).
 * For non-admin readers `other.admin_info` is removed and `channel`, `channel_name` and `remark` are blank.
 */
export interface LogView {
  id: number;
  created_at: number;
  type: number;
  user_id: number;
  username: string;
  token_name: string;
  token_id: number;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Seconds. */
  use_time: number;
  is_stream: boolean;
  /** Channel id (new-api's field name). */
  channel: number;
  channel_name: string;
  group: string;
  ip: string;
  request_id: string;
  content: string;
  other: string;
  remark: string;
}

const Text = z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string().trim().max(191, 'filter must be at most 191 characters'));
/** Unix seconds; missing, empty or 0 means "no bound". */
const Timestamp = (name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : Number(v)),
    z.number({ error: `${name} must be a unix timestamp in seconds` }).int(`${name} must be a unix timestamp in seconds`).min(0, `${name} must not be negative`),
  );
const NonNegativeInt = (name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : Number(v)),
    z.number({ error: `${name} must be an integer` }).int(`${name} must be an integer`).min(0, `${name} must not be negative`),
  );

/**
 * Filters of GET /api/log/ and /api/log/self/ (and their stat and export). Paging comes from PageQuery.
 * Text filters match exactly unless they contain `%`, which is then a wildcard. `type` 0 = every type.
 * `username` and `channel` apply only to the admin list; the self list ignores them.
 * `description` (alias `content`) matches part of the log content.
 */
export const LogListQuery = z
  .object({
    type: NonNegativeInt('type'),
    username: Text,
    token_name: Text,
    model_name: Text,
    start_timestamp: Timestamp('start_timestamp'),
    end_timestamp: Timestamp('end_timestamp'),
    channel: NonNegativeInt('channel'),
    group: Text,
    request_id: Text,
    description: Text,
    content: Text,
  })
  .transform(({ description, content, ...q }) => ({ ...q, description: description || content }));
export type LogTypeValue = (typeof LogType)[keyof typeof LogType];
export type LogListQuery = z.output<typeof LogListQuery>;

/** GET /api/log/stat and /api/log/self/stat: consumed quota for the filters, and requests / tokens in the last 60 s. */
export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

/** DELETE /api/log/?target_timestamp= (root): rows created before this unix second are removed. */
export const DeleteLogsQuery = z.object({
  target_timestamp: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z.number({ error: 'target_timestamp is required' }).int('target_timestamp must be a unix timestamp in seconds').positive('target_timestamp must be a positive unix timestamp'),
  ),
});
export type DeleteLogsQuery = z.output<typeof DeleteLogsQuery>;

/** Columns of the CSV export (GET /api/log/export, /api/log/self/export), in order. Admin-only ones are blank for users. */
export const LOG_EXPORT_COLUMNS = [
  'id', 'time', 'created_at', 'type', 'username', 'token_name', 'model_name', 'group', 'prompt_tokens', 'completion_tokens',
  'quota', 'use_time', 'is_stream', 'channel', 'channel_name', 'ip', 'request_id', 'content', 'other',
] as const;
