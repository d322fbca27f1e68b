import { RATIO_SYNC_FIELDS, RATIO_SYNC_OPTION_KEYS, type RatioDifferences, type RatioSyncField } from '@gw/contracts';
import type { OptionChange } from '../../option-fields';
import { numberMap } from '../price-maps';

/** The upstream values root picked from the differences: model → field → value. */
export type SyncChoices = Record<string, Partial<Record<RatioSyncField, number>>>;

/** The local price maps by field, as the options store them. */
export type RatioMaps = Record<RatioSyncField, Record<string, number>>;

type BillingKind = 'price' | 'ratio';
const kindOf = (field: RatioSyncField): BillingKind => (field === 'model_price' ? 'price' : 'ratio');

/**
 * Picks a value. A model is billed by a fixed price or by ratios, never both, so picking one kind drops
 * the model's picks of the other kind (as new-api's sync page does).
 */
export function chooseValue(choices: SyncChoices, model: string, field: RatioSyncField, value: number): SyncChoices {
  const kept = Object.fromEntries(Object.entries(choices[model] ?? {}).filter(([f]) => kindOf(f as RatioSyncField) === kindOf(field)));
  return { ...choices, [model]: { ...kept, [field]: value } };
}

export function unchooseValue(choices: SyncChoices, model: string, field: RatioSyncField): SyncChoices {
  const { [field]: _dropped, ...rest } = choices[model] ?? {};
  const { [model]: _model, ...others } = choices;
  return Object.keys(rest).length === 0 ? others : { ...others, [model]: rest };
}

export function choiceCount(choices: SyncChoices): number {
  return Object.values(choices).reduce((n, fields) => n + Object.keys(fields).length, 0);
}

/** The price maps from GET /api/option/ strings (an unreadable map counts as empty). */
export function ratioMapsOf(options: Record<string, string>): RatioMaps {
  return Object.fromEntries(RATIO_SYNC_FIELDS.map((field) => [field, numberMap(options[RATIO_SYNC_OPTION_KEYS[field]])])) as RatioMaps;
}

/** The maps with the picks written in: a picked fixed price clears the model's ratios, a picked ratio its fixed price. */
export function withChoices(maps: RatioMaps, choices: SyncChoices): RatioMaps {
  const next = Object.fromEntries(RATIO_SYNC_FIELDS.map((field) => [field, { ...maps[field] }])) as RatioMaps;
  for (const [model, fields] of Object.entries(choices)) {
    const picked = Object.keys(fields) as RatioSyncField[];
    if (picked.length === 0) continue;
    const kind = kindOf(picked[0]);
    for (const field of RATIO_SYNC_FIELDS) if (kindOf(field) !== kind) delete next[field][model];
    for (const field of picked) next[field][model] = fields[field]!;
  }
  return next;
}

function sameMap(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/** The option saves that apply the picks: one PUT per option whose map changes. */
export function syncOptionChanges(maps: RatioMaps, choices: SyncChoices): OptionChange[] {
  const next = withChoices(maps, choices);
  return RATIO_SYNC_FIELDS.filter((field) => !sameMap(maps[field], next[field])).map((field) => ({ key: RATIO_SYNC_OPTION_KEYS[field], value: JSON.stringify(next[field]) }));
}

/** Models whose picks switch them between a fixed price and ratios (the confirmation warns about these). */
export function billingSwitches(maps: RatioMaps, choices: SyncChoices): { model: string; to: BillingKind }[] {
  const switches: { model: string; to: BillingKind }[] = [];
  for (const [model, fields] of Object.entries(choices)) {
    const picked = Object.keys(fields) as RatioSyncField[];
    if (picked.length === 0) continue;
    const to = kindOf(picked[0]);
    const hasPrice = model in maps.model_price;
    const hasRatio = RATIO_SYNC_FIELDS.some((f) => f !== 'model_price' && model in maps[f]);
    if ((to === 'price' && hasRatio) || (to === 'ratio' && hasPrice)) switches.push({ model, to });
  }
  return switches.sort((a, b) => a.model.localeCompare(b.model));
}

/** The differences left once the picks are saved. */
export function withoutApplied(differences: RatioDifferences, choices: SyncChoices): RatioDifferences {
  const left: RatioDifferences = {};
  for (const [model, fields] of Object.entries(differences)) {
    const rest = Object.fromEntries(Object.entries(fields).filter(([field]) => choices[model]?.[field as RatioSyncField] === undefined));
    if (Object.keys(rest).length > 0) left[model] = rest;
  }
  return left;
}
