/**
 * The TokenConcurrencyPolicy option: group → { limit, lease_ttl_seconds }, how many requests one API key
 * of that group may have in flight at once. A group that is not named has no limit. An entry that is
 * named but malformed stays in force and fails closed (503), as new-api does for a bad policy.
 */

/** new-api's default lease TTL (TOKEN_CONCURRENCY_LEASE_TTL_SECONDS unset): 15 minutes. */
export const DEFAULT_LEASE_TTL_SECONDS = 900;

export type GroupPolicy = { ok: true; limit: number; leaseTtlMs: number } | { ok: false };

/** The raw option value: kept loose so a bad entry is stored and refused per group rather than dropped. */
export type TokenConcurrencyPolicyValue = Record<string, unknown>;

const compiled = new WeakMap<object, Map<string, GroupPolicy>>();

/** The policy for `group`, compiled once per option value (the option service keeps the value object until it changes). */
export function groupPolicy(value: TokenConcurrencyPolicyValue, group: string): GroupPolicy {
  let byGroup = compiled.get(value);
  if (!byGroup) {
    byGroup = new Map();
    compiled.set(value, byGroup);
  }
  let policy = byGroup.get(group);
  if (!policy) {
    policy = parseGroupPolicy(value[group]);
    byGroup.set(group, policy);
  }
  return policy;
}

const isPositiveInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

export function parseGroupPolicy(entry: unknown): GroupPolicy {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return { ok: false };
  const { limit, lease_ttl_seconds: ttl } = entry as { limit?: unknown; lease_ttl_seconds?: unknown };
  if (!isPositiveInt(limit)) return { ok: false };
  if (ttl !== undefined && !isPositiveInt(ttl)) return { ok: false };
  return { ok: true, limit, leaseTtlMs: (ttl ?? DEFAULT_LEASE_TTL_SECONDS) * 1000 };
}
