/**
 * The ChatGPT backend's errors: FastAPI's `{"detail": "…"}` (400 "Unsupported parameter: …", 401
 * "Unauthorized"), `{"detail": {message, code}}` ("token_expired"), and OpenAI's `{"error": {…}}`, which
 * for a plan's spent Codex allowance is `{"error": {"type": "usage_limit_reached", "message",
 * "plan_type", "resets_in_seconds" | "resets_at"}}` with status 429.
 */
import { isJsonObject } from '../../formats/json-object.js';
import { parseUpstreamError } from '../openai-compatible/index.js';
import type { UpstreamErrorInfo } from '../provider-adapter.js';

const USAGE_LIMITS = new Set(['usage_limit_reached', 'usage_not_included']);

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Seconds until a usage limit resets: `resets_in_seconds`, or `resets_at` (unix seconds) from now. */
function resetSeconds(error: Record<string, any>, now: number): number | undefined {
  if (typeof error.resets_in_seconds === 'number' && error.resets_in_seconds >= 0) return Math.ceil(error.resets_in_seconds);
  if (typeof error.resets_at === 'number' && error.resets_at > 0) return Math.max(0, Math.ceil(error.resets_at - now / 1000));
  return undefined;
}

function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 6) / 10;
  return `${hours} h`;
}

export function parseCodexError(status: number, raw: string, now = Date.now()): UpstreamErrorInfo {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    body = undefined;
  }
  let info: UpstreamErrorInfo | undefined;
  if (isJsonObject(body) && isJsonObject(body.error) && USAGE_LIMITS.has(String(body.error.type ?? body.error.code))) {
    const error = body.error;
    const kind = String(error.type ?? error.code);
    const plan = text(error.plan_type);
    const reset = resetSeconds(error, now);
    const said = text(error.message) ?? (kind === 'usage_limit_reached' ? 'the ChatGPT plan reached its Codex usage limit' : 'the ChatGPT plan does not include Codex');
    const message = `${said}${plan ? ` (${plan} plan)` : ''}${reset !== undefined ? `; it resets in ${inWords(reset)}` : ''}`;
    info = { message, type: kind, code: kind, ...(reset !== undefined ? { retryAfterSeconds: reset } : {}) };
  } else if (isJsonObject(body) && isJsonObject(body.detail) && text(body.detail.message)) {
    info = { message: text(body.detail.message)!, type: text(body.detail.type), code: text(body.detail.code) };
  }
  info ??= parseUpstreamError(status, raw);
  // A refused access token is the channel's credentials failing, whatever the body calls it.
  return status === 401 ? { ...info, type: 'authentication_error' } : info;
}
