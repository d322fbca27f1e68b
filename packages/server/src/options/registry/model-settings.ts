import { z } from 'zod';
import { bool, int, json, num, objectError, stringMap } from '../option-def.js';

/** Per-vendor request tweaks (Gemini, Claude) and global pass-through. Maps are keyed by model, with "default" as fallback. */
export const modelSettingsOptions = {
  /** Gemini safety threshold by category ("default" applies to every category not listed). */
  'gemini.safety_settings': stringMap({ default: 'OFF' }),
  /** Gemini API version by model. */
  'gemini.version_settings': stringMap({ default: 'v1beta' }),

  /** Extra request headers by model: header name → value(s). */
  'claude.model_headers_settings': json<Record<string, Record<string, string | string[]>>>(
    {},
    z.record(z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())], { error: 'must be a string or a list of strings' }), objectError), objectError),
  ),
  'claude.thinking_adapter_enabled': bool(true),
  /** max_tokens sent to Claude when the request has none, by model. */
  'claude.default_max_tokens': json<Record<string, number>>(
    { default: 8192 },
    z.record(z.string(), z.number({ error: 'must be a number' }).int('must be an integer').min(1, 'must be at least 1'), objectError),
  ),
  /** Share of max_tokens given to the thinking budget when a "-thinking" model is adapted. */
  'claude.thinking_adapter_budget_tokens_percentage': num(0.8, 0.1, 1),

  'global.pass_through_request_enabled': bool(false),

  /** SSE keep-alive: a `: PING` comment on a stream silent this long, so proxies with idle timeouts keep it open. */
  'general_setting.ping_interval_enabled': bool(false),
  'general_setting.ping_interval_seconds': int(60, 1, 600),
};
