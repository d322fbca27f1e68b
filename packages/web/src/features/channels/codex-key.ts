/**
 * The key text of a Codex channel (type 57) as the editor reads and writes it: a JSON object of ChatGPT
 * OAuth tokens (new-api's shape, or the Codex CLI's auth.json with its `tokens`), or for a channel holding
 * several accounts a JSON array of them.
 */

export interface CodexKeySummary {
  accountId: string;
  email?: string;
  /** When the access token expires (ISO 8601), when the key says. */
  expiresAt?: string;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function claims(token: string | undefined): Json | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const decoded: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return isObject(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/** What one key object tells of its account; undefined for anything that is not a Codex key. */
function summaryOf(value: unknown): CodexKeySummary | undefined {
  if (!isObject(value)) return undefined;
  const source = isObject(value.tokens) ? value.tokens : value;
  const access = text(source.access_token);
  if (!access && !text(source.refresh_token)) return undefined;
  const auth = claims(text(source.id_token))?.['https://api.openai.com/auth'] ?? claims(access)?.['https://api.openai.com/auth'];
  const accountId = text(source.account_id) ?? (isObject(auth) ? text(auth.chatgpt_account_id) : undefined) ?? '';
  const email = text(source.email) ?? text(claims(text(source.id_token))?.email);
  const exp = claims(access)?.exp;
  const expiresAt = typeof exp === 'number' ? new Date(exp * 1000).toISOString() : text(source.expired);
  return { accountId, ...(email ? { email } : {}), ...(expiresAt ? { expiresAt } : {}) };
}

/** The accounts a key text holds (one object, or an array of them); [] for text that is not Codex keys. */
export function codexKeySummaries(keyText: string | undefined): CodexKeySummary[] {
  const raw = keyText?.trim() ?? '';
  if (!raw.startsWith('{') && !raw.startsWith('[')) return [];
  try {
    const value: unknown = JSON.parse(raw);
    const items = Array.isArray(value) ? value : [value];
    const summaries = items.map(summaryOf);
    return summaries.every((s) => s !== undefined) ? (summaries as CodexKeySummary[]) : [];
  } catch {
    return [];
  }
}

/**
 * The key field after an authorization: the new key alone, or for a channel holding several keys the
 * field's keys with the new one added (a JSON array, the form several JSON keys must take). Null when the
 * field holds several keys that are not JSON: they are left for the administrator to fix.
 */
export function withAuthorizedKey(current: string | undefined, key: string, several: boolean): string | null {
  const raw = current?.trim() ?? '';
  if (!several || !raw) return key;
  try {
    const value: unknown = JSON.parse(raw);
    const list = Array.isArray(value) ? value : [value];
    return JSON.stringify([...list, JSON.parse(key) as unknown]);
  } catch {
    return null;
  }
}
