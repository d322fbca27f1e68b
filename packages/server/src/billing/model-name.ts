/**
 * Model-name normalisation for price lookups (reference §4.4). Only the collapses the peer server
 * performs are applied; dated names (claude-sonnet-4-5-20250929, gpt-4o-2024-08-06) are NOT folded onto
 * their base name, because vendors price some dated snapshots differently (gpt-4o-2024-05-13). The
 * default tables list the dated names that matter instead.
 */

/** Suffix the Claude thinking adapter (and some providers) append to a model name. */
export const THINKING_SUFFIX = '-thinking';

/** Gemini 2.5 thinking-budget names (`gemini-2.5-flash-thinking-1024`) collapse to one wildcard key each. */
const THINKING_BUDGET_FAMILIES = [
  ['gemini-2.5-flash-lite', 'gemini-2.5-flash-lite-thinking-*'],
  ['gemini-2.5-flash', 'gemini-2.5-flash-thinking-*'],
  ['gemini-2.5-pro', 'gemini-2.5-pro-thinking-*'],
] as const;

/** Custom GPTs: every `gpt-4-gizmo-<id>` is priced (and logged) as one model. */
const GIZMO_FAMILIES = [
  ['gpt-4-gizmo', 'gpt-4-gizmo-*'],
  ['gpt-4o-gizmo', 'gpt-4o-gizmo-*'],
] as const;

/**
 * The name a model is priced and logged under: gizmo ids and Gemini thinking budgets collapse to their
 * wildcard key; anything else is returned unchanged.
 */
export function normalizeModelName(model: string): string {
  for (const [prefix, wildcard] of GIZMO_FAMILIES) {
    if (model.startsWith(prefix)) return wildcard;
  }
  for (const [prefix, wildcard] of THINKING_BUDGET_FAMILIES) {
    if (model.startsWith(prefix)) return model.includes('-thinking-') ? wildcard : model;
  }
  return model;
}

/**
 * Keys to try, best first, when looking a model up in a price table: the normalised name, then — for a
 * `-thinking` name — the same name without the suffix, so `claude-sonnet-4-5-thinking` (the Claude
 * thinking adapter's trigger) is priced as `claude-sonnet-4-5` unless the table prices it explicitly.
 */
export function pricingNameCandidates(model: string): string[] {
  const name = normalizeModelName(model);
  if (name.endsWith(THINKING_SUFFIX) && name.length > THINKING_SUFFIX.length) {
    return [name, name.slice(0, -THINKING_SUFFIX.length)];
  }
  return [name];
}
