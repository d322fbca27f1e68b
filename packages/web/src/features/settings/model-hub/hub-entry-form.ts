import { MODEL_HUB_TYPES, type ModelHubEntry } from '@gw/contracts';
import type { PriceMaps } from '../pricing/price-maps';

/** Suggested model hub tags (spec 2 §3); any other text is a custom tag. */
export const HUB_TAG_SUGGESTIONS = ['Hot', 'New', 'Faster'] as const;
export const HUB_TYPES = MODEL_HUB_TYPES;

/** The model hub editor's form model; comma lists become arrays for the selects. */
export interface HubEntryFormValues {
  name: string;
  desc: string;
  icon: string;
  tags: string[];
  model_type: string[];
  max_token: number | null;
  sort: number | null;
  hide: boolean;
  multimodal: boolean;
}

/** One entry of PUT /api/model_hub/admin/ `entries` (checked with the contract schema before sending). */
export interface HubEntryBody {
  id?: number;
  name: string;
  desc: string;
  icon: string;
  tags: string;
  model_type: string;
  max_token: number;
  sort: number;
  hide: boolean;
  multimodal: boolean;
  price: number;
  ratio: number;
  completion_ratio: number;
}

const splitComma = (value: string): string[] => [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];

export function hubEntryToForm(entry?: ModelHubEntry): HubEntryFormValues {
  if (!entry) return { name: '', desc: '', icon: '', tags: [], model_type: [], max_token: null, sort: null, hide: false, multimodal: false };
  return {
    name: entry.name,
    desc: entry.desc,
    icon: entry.icon,
    tags: splitComma(entry.tags),
    model_type: splitComma(entry.model_type),
    max_token: entry.max_token || null,
    sort: entry.sort,
    hide: entry.hide,
    multimodal: entry.multimodal,
  };
}

/**
 * Form values → the saved entry. The hub's price columns are display copies of the billing options,
 * so they are taken from the current price maps rather than typed twice.
 */
export function hubFormToBody(v: HubEntryFormValues, maps: PriceMaps, id?: number): HubEntryBody {
  const name = v.name.trim();
  return {
    ...(id === undefined ? {} : { id }),
    name,
    desc: v.desc ?? '',
    icon: v.icon?.trim() ?? '',
    tags: [...new Set((v.tags ?? []).map((t) => t.trim()).filter(Boolean))].join(','),
    model_type: (v.model_type ?? []).join(','),
    max_token: Math.max(0, Math.trunc(v.max_token ?? 0)),
    sort: Math.trunc(v.sort ?? 0),
    hide: Boolean(v.hide),
    multimodal: Boolean(v.multimodal),
    price: maps.ModelPrice[name] ?? 0,
    ratio: maps.ModelRatio[name] ?? 0,
    completion_ratio: maps.CompletionRatio[name] ?? 0,
  };
}

/** Whether another entry (not `exceptId`) already uses the name. */
export function isHubNameTaken(entries: readonly ModelHubEntry[], name: string, exceptId?: number): boolean {
  const wanted = name.trim();
  return entries.some((e) => e.name === wanted && e.id !== exceptId);
}
