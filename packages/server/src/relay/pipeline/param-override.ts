import { parseJsonObjectColumn } from '../../channels/channel-config-error.js';

/**
 * Merges a channel's `param_override` JSON object into an outgoing JSON body: nested objects merge,
 * anything else replaces. A malformed override is the channel's configuration error.
 */
export function applyParamOverride(body: string, overrideJson: string): string {
  const override = parseJsonObjectColumn(overrideJson, 'channel:param_override_invalid', 'param_override');
  if (!override || Object.keys(override).length === 0) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (!isPlainObject(parsed)) return body;
  return JSON.stringify(merge(parsed, override));
}

function merge(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    out[k] = isPlainObject(v) && isPlainObject(out[k]) ? merge(out[k] as Record<string, unknown>, v) : v;
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
