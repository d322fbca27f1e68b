import { clampPriority, clampWeight } from './channel-form';

/** The tag editor's form model: blank fields leave the channels' values alone. */
export interface TagFormValues {
  new_tag: string;
  priority: number | null;
  weight: number | null;
  models: string[];
  groups: string[];
  model_mapping: string;
}

/** The body of PUT /api/channel/tag. */
export interface TagEditPayload {
  tag: string;
  new_tag?: string;
  priority?: number;
  weight?: number;
  models?: string;
  groups?: string;
  model_mapping?: string;
}

export function newTagValues(tag: string): TagFormValues {
  return { new_tag: tag, priority: null, weight: null, models: [], groups: [], model_mapping: '' };
}

const isSet = (n: number | null | undefined): n is number => n !== null && n !== undefined && !Number.isNaN(Number(n));

/**
 * Only what the administrator filled in is sent. The tag name is sent when it changed; clearing it
 * sends '' and dissolves the tag (spec 2 §5).
 */
export function tagValuesToPayload(tag: string, v: TagFormValues): TagEditPayload {
  const body: TagEditPayload = { tag };
  const newTag = v.new_tag.trim();
  if (newTag !== tag) body.new_tag = newTag;
  if (isSet(v.priority)) body.priority = clampPriority(v.priority);
  if (isSet(v.weight)) body.weight = clampWeight(v.weight);
  const models = [...new Set(v.models.map((m) => m.trim()).filter(Boolean))];
  if (models.length > 0) body.models = models.join(',');
  const groups = [...new Set(v.groups.map((g) => g.trim()).filter(Boolean))];
  if (groups.length > 0) body.groups = groups.join(',');
  if (v.model_mapping.trim()) body.model_mapping = v.model_mapping.trim();
  return body;
}
