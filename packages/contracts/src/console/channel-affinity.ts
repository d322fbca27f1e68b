import { z } from 'zod';

/**
 * Channel affinity (new-api's `channel_affinity_setting`): requests sharing a key — a conversation, a
 * session, a user — go back to the channel that served the last one, so upstream prompt caches keep
 * hitting. The rules are the JSON of the `channel_affinity_setting.rules` option.
 */

/** Where a rule reads the affinity value: the caller's identity, or a dotted path into the JSON body. */
export const AFFINITY_KEY_SOURCE_TYPES = ['context_int', 'context_string', 'gjson'] as const;
export type AffinityKeySourceType = (typeof AFFINITY_KEY_SOURCE_TYPES)[number];

/** The context keys each context source type knows (new-api's gin context names). */
export const AFFINITY_CONTEXT_KEYS = {
  context_int: ['id', 'user_id', 'token_id'],
  context_string: ['group', 'token_group', 'user_group', 'username', 'token_name'],
} as const;

/**
 * A rule's regular expression. Go's leading inline flags (`(?i)claude`), common in new-api rules, become
 * JavaScript flags. Throws a SyntaxError for a pattern that does not compile.
 */
export function affinityRegex(pattern: string): RegExp {
  const inline = /^\(\?([ims]+)\)/.exec(pattern);
  if (!inline) return new RegExp(pattern);
  return new RegExp(pattern.slice(inline[0].length), [...new Set(inline[1])].join(''));
}

const regexText = z.string({ error: 'must be a string' }).superRefine((pattern, ctx) => {
  try {
    affinityRegex(pattern);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `is not a valid regular expression (${(err as Error).message})` });
  }
});

/** A list that new-api (Go) may have written as null. */
const list = <T extends z.ZodType>(item: T) => z.array(item, { error: 'must be a list' }).nullish().transform((v): z.output<T>[] => v ?? []);
const flag = z.boolean({ error: 'must be true or false' }).nullish().transform((v) => v ?? false);

export const ChannelAffinityKeySource = z
  .object({
    type: z.enum(AFFINITY_KEY_SOURCE_TYPES, { error: `must be one of ${AFFINITY_KEY_SOURCE_TYPES.join(', ')}` }),
    key: z.string({ error: 'must be a string' }).trim().nullish().transform((v) => v ?? ''),
    path: z.string({ error: 'must be a string' }).trim().nullish().transform((v) => v ?? ''),
  })
  .superRefine((source, ctx) => {
    if (source.type === 'gjson') {
      if (source.path === '') ctx.addIssue({ code: 'custom', path: ['path'], message: 'is required for a gjson key source (e.g. prompt_cache_key)' });
      return;
    }
    const known: readonly string[] = AFFINITY_CONTEXT_KEYS[source.type];
    if (!known.includes(source.key)) ctx.addIssue({ code: 'custom', path: ['key'], message: `must be one of ${known.join(', ')} for ${source.type}` });
  });
export type ChannelAffinityKeySource = z.output<typeof ChannelAffinityKeySource>;

export const ChannelAffinityRule = z.object({
  name: z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(100, 'is too long').refine((n) => !n.includes(':'), 'must not contain ":"'),
  /** The rule applies to a model one of these matches; an empty list never matches (as in new-api). */
  model_regex: list(regexText),
  /** When not empty, one must match the request path. */
  path_regex: list(regexText),
  /** When not empty, the User-Agent must contain one of these (case-insensitive). */
  user_agent_include: list(z.string({ error: 'must be a string' })),
  /** Tried in order; the first non-empty value is the affinity value. */
  key_sources: z.array(ChannelAffinityKeySource, { error: 'must be a list' }).min(1, 'must list at least one key source'),
  /** When set, the value must match it. */
  value_regex: regexText.nullish().transform((v) => v ?? ''),
  /** How long a remembered channel is kept; 0 = channel_affinity_setting.default_ttl_seconds. */
  ttl_seconds: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(31_536_000, 'is too long').nullish().transform((v) => v ?? 0),
  /** A failure of the remembered channel goes to the client instead of being retried elsewhere. */
  skip_retry_on_failure: flag,
  include_using_group: flag,
  include_model_name: flag,
  include_rule_name: flag,
});
export type ChannelAffinityRule = z.output<typeof ChannelAffinityRule>;

export const ChannelAffinityRules = z.array(ChannelAffinityRule, { error: 'must be a JSON array of rules' }).superRefine((rules, ctx) => {
  const seen = new Set<string>();
  rules.forEach((rule, i) => {
    if (seen.has(rule.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `"${rule.name}" is used by another rule` });
    seen.add(rule.name);
  });
});

/** `GET /api/option/channel_affinity_cache`. */
export interface ChannelAffinityCacheStats {
  enabled: boolean;
  /** Remembered keys (in Redis when the site has it, else in this process). */
  total: number;
  /** Keys per rule, for the rules whose keys carry their name (include_rule_name). */
  by_rule_name: Record<string, number>;
  /** channel_affinity_setting.max_entries: the bound of each process's own store. */
  cache_capacity: number;
}

/** `DELETE /api/option/channel_affinity_cache?all=true` or `?rule_name=…`. */
export const ClearChannelAffinityCacheQuery = z
  .object({
    all: z.enum(['true', 'false'], { error: 'all must be true or false' }).optional(),
    rule_name: z.string().trim().max(100, 'rule_name is too long').optional(),
  })
  .refine((q) => q.all === 'true' || Boolean(q.rule_name), { message: 'pass all=true or a rule_name' });
export type ClearChannelAffinityCacheQuery = z.infer<typeof ClearChannelAffinityCacheQuery>;
