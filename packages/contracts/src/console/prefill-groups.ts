import { z } from 'zod';

/**
 * Prefill groups (new-api's /api/prefill_group, admin): named, reusable lists an operator fills forms
 * from — a `model` group fills a channel's models, a `tag` group offers channel tags, an `endpoint`
 * group keeps endpoint mappings. Names are unique among the groups that are not deleted, ignoring case.
 */

export const PREFILL_GROUP_TYPES = ['model', 'tag', 'endpoint'] as const;
export type PrefillGroupType = (typeof PREFILL_GROUP_TYPES)[number];

export const PREFILL_GROUP_NAME_MAX = 64;
export const PREFILL_GROUP_DESCRIPTION_MAX = 255;
/** Most items in one group, and the longest item. */
export const PREFILL_GROUP_ITEMS_MAX = 1000;
export const PREFILL_GROUP_ITEM_MAX = 255;
/** Most entries in an endpoint map ({"openai": {"path": "/v1/chat/completions", "method": "POST"}}). */
export const PREFILL_GROUP_ENDPOINTS_MAX = 100;
export const PREFILL_GROUP_ENDPOINTS_TEXT_MAX = 65_536;

export const PREFILL_GROUP_NOT_FOUND = 'prefill group not found';
export const PREFILL_GROUP_TYPE_INVALID = 'type must be model, tag or endpoint';
export const prefillGroupNameTaken = (name: string) => `a prefill group named "${name}" already exists`;

/** One endpoint of an endpoint map: new-api's {path, method}; other fields are kept as given. */
export const PrefillEndpoint = z.looseObject(
  {
    path: z.string({ error: 'an endpoint path must be text' }).trim().max(500, 'an endpoint path must be at most 500 characters').optional(),
    method: z.string({ error: 'an endpoint method must be text' }).trim().max(16, 'an endpoint method must be at most 16 characters').optional(),
  },
  { error: 'each endpoint must be an object such as {"path": "/v1/chat/completions", "method": "POST"}' },
);
export type PrefillEndpoint = z.infer<typeof PrefillEndpoint>;

/** A group's items: a list of names, or (endpoint groups only) a map from endpoint type to endpoint. */
export type PrefillGroupItems = string[] | Record<string, PrefillEndpoint>;

/**
 * A prefill group as the API answers it (GET, POST and PUT /api/prefill_group). Times are unix seconds.
 * `items` is an array of strings, except for an endpoint group saved as a map.
 */
export interface PrefillGroupView {
  id: number;
  name: string;
  type: PrefillGroupType;
  items: PrefillGroupItems;
  description: string;
  created_time: number;
  updated_time: number;
}

/** A list of names: trimmed, none empty, no repeats, bounded. */
export const PrefillItemList = z
  .array(
    z
      .string({ error: 'each item must be text' })
      .trim()
      .min(1, 'an item must not be blank')
      .max(PREFILL_GROUP_ITEM_MAX, `each item must be at most ${PREFILL_GROUP_ITEM_MAX} characters`),
    { error: 'items must be a list of names' },
  )
  .max(PREFILL_GROUP_ITEMS_MAX, `a group holds at most ${PREFILL_GROUP_ITEMS_MAX} items`)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item)) {
        ctx.addIssue({ code: 'custom', message: `items lists "${item}" twice` });
        return;
      }
      seen.add(item);
    }
  });

const PrefillEndpointMap = z
  .record(z.string(), PrefillEndpoint, { error: (issue) => (issue.code === 'invalid_type' ? 'items must be a list of names or a map of endpoints' : undefined) })
  .superRefine((map, ctx) => {
    const types = Object.keys(map);
    if (types.length > PREFILL_GROUP_ENDPOINTS_MAX) ctx.addIssue({ code: 'custom', message: `a group holds at most ${PREFILL_GROUP_ENDPOINTS_MAX} endpoints` });
    else if (types.some((t) => t.trim() === '')) ctx.addIssue({ code: 'custom', message: 'an endpoint type must not be blank' });
    else if (types.some((t) => t.length > 64)) ctx.addIssue({ code: 'custom', message: 'an endpoint type must be at most 64 characters' });
    else if (JSON.stringify(map).length > PREFILL_GROUP_ENDPOINTS_TEXT_MAX) ctx.addIssue({ code: 'custom', message: 'the endpoint map must be at most 64 KB as JSON' });
  });

/** new-api's console sends an endpoint map as JSON text; text that spells JSON is read as that value. */
function fromJsonText(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/** Checks items against the group's type: names for every type, an endpoint map only for endpoint groups. */
export function parsePrefillItems(type: PrefillGroupType, raw: unknown): z.ZodSafeParseResult<PrefillGroupItems> {
  const value = fromJsonText(raw);
  if (Array.isArray(value)) return PrefillItemList.safeParse(value);
  if (type === 'endpoint') return PrefillEndpointMap.safeParse(value);
  return PrefillItemList.safeParse(value);
}

const Name = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(PREFILL_GROUP_NAME_MAX, `name must be at most ${PREFILL_GROUP_NAME_MAX} characters`);

/**
 * A whole group: POST /api/prefill_group's body, and what PUT's fields must make once merged with the
 * saved group. `items` may be omitted (an empty group) or given as JSON text; `description` may be omitted.
 */
export const PrefillGroupBody = z
  .object({
    name: Name,
    type: z.enum(PREFILL_GROUP_TYPES, { error: PREFILL_GROUP_TYPE_INVALID }),
    items: z.unknown().optional(),
    description: z
      .string({ error: 'description must be text' })
      .trim()
      .max(PREFILL_GROUP_DESCRIPTION_MAX, `description must be at most ${PREFILL_GROUP_DESCRIPTION_MAX} characters`)
      .nullish()
      .transform((v) => v ?? ''),
  })
  .transform((body, ctx) => {
    const items = parsePrefillItems(body.type, body.items);
    if (!items.success) {
      for (const issue of items.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['items', ...issue.path.map(String)] });
      return z.NEVER;
    }
    return { ...body, items: items.data };
  });
export type PrefillGroupBody = z.output<typeof PrefillGroupBody>;
export type PrefillGroupInput = z.input<typeof PrefillGroupBody>;

/** PUT /api/prefill_group (new-api: the id in the body): the given fields replace the saved ones. */
export const UpdatePrefillGroupBody = z.looseObject({
  id: z.coerce.number({ error: 'id is required' }).int('id is required').positive('id is required'),
});
export type UpdatePrefillGroupBody = z.infer<typeof UpdatePrefillGroupBody>;

/** GET /api/prefill_group?type=: every group, or one type's; newest change first. */
export const PrefillGroupListQuery = z.object({
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PREFILL_GROUP_TYPES, { error: PREFILL_GROUP_TYPE_INVALID }).optional()),
});
export type PrefillGroupListQuery = z.infer<typeof PrefillGroupListQuery>;
