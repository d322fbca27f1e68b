import type { LogView } from '@gw/contracts';
import type { LogRow } from '../db/schema.js';

/** Keys of the `other` JSON that only administrators may read (reference §3.5). */
const ADMIN_ONLY_OTHER_KEYS = ['admin_info', 'audit_info'];

/**
 * A log row as the console sees it. Non-admin readers get `other` without its admin-only keys, and no
 * channel id, channel name or remark (admin-only columns, spec 3 §2.5).
 */
export function toLogView(row: LogRow, admin: boolean): LogView {
  return {
    id: row.id,
    created_at: row.created_at,
    type: row.type,
    user_id: row.user_id,
    username: row.username,
    token_name: row.token_name,
    token_id: row.token_id,
    model_name: row.model_name,
    quota: row.quota,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    use_time: row.use_time,
    is_stream: row.is_stream === 1,
    channel: admin ? row.channel_id : 0,
    channel_name: admin ? row.channel_name : '',
    group: row.group,
    ip: row.ip,
    request_id: row.request_id,
    content: row.content ?? '',
    other: admin ? (row.other ?? '') : otherForUser(row.other),
    remark: admin ? row.remark : '',
  };
}

/** `other` without the admin-only keys; text that is not a JSON object is withheld rather than risk leaking. */
export function otherForUser(other: string | null): string {
  if (!other) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(other);
  } catch {
    return '';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return '';
  const copy = { ...(parsed as Record<string, unknown>) };
  let removed = false;
  for (const key of ADMIN_ONLY_OTHER_KEYS) {
    if (key in copy) {
      delete copy[key];
      removed = true;
    }
  }
  return removed ? JSON.stringify(copy) : other;
}
