import { RATIO_SYNC_FIELDS, type RatioDifferences, type RatioSyncField, type RatioSyncUpstreamValue } from '@gw/contracts';
import { chooseValue, unchooseValue, type SyncChoices } from './sync-choices';

/** One line of the differences table: a model's field, the local value and each upstream's. */
export interface SyncRow {
  key: string;
  model: string;
  field: RatioSyncField;
  current: number | null;
  upstreams: Record<string, RatioSyncUpstreamValue>;
  confidence: Record<string, boolean>;
  /** The upstreams offer this model both a fixed price and ratios: root has to pick one kind. */
  billingConflict: boolean;
}

export interface SyncRowFilter {
  search: string;
  field: RatioSyncField | null;
}

export function syncRows(differences: RatioDifferences): SyncRow[] {
  const rows: SyncRow[] = [];
  for (const model of Object.keys(differences).sort()) {
    const fields = differences[model];
    const billingConflict = 'model_price' in fields && RATIO_SYNC_FIELDS.some((f) => f !== 'model_price' && f in fields);
    for (const field of RATIO_SYNC_FIELDS) {
      const diff = fields[field];
      if (diff) rows.push({ key: `${model}\n${field}`, model, field, current: diff.current, upstreams: diff.upstreams, confidence: diff.confidence, billingConflict });
    }
  }
  return rows;
}

/** Rows whose model contains the search text (case-insensitive) and, when one is chosen, of that field. */
export function filterSyncRows(rows: readonly SyncRow[], { search, field }: SyncRowFilter): SyncRow[] {
  const needle = search.trim().toLowerCase();
  return rows.filter((r) => (needle === '' || r.model.toLowerCase().includes(needle)) && (field === null || r.field === field));
}

/** The upstreams that appear in the rows, in first-seen order (one table column each). */
export function upstreamNames(rows: readonly SyncRow[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row.upstreams)) names.add(name);
  return [...names];
}

/** A value that can be picked (not "same", not missing). */
export function pickable(row: SyncRow, upstream: string): number | null {
  const value = row.upstreams[upstream];
  return typeof value === 'number' ? value : null;
}

export function isChosen(choices: SyncChoices, row: SyncRow, upstream: string): boolean {
  const value = pickable(row, upstream);
  return value !== null && choices[row.model]?.[row.field] === value;
}

/** How much of an upstream's column (within `rows`) is picked: for the column's select-all box. */
export function columnState(rows: readonly SyncRow[], choices: SyncChoices, upstream: string): { selectable: number; chosen: number } {
  const selectable = rows.filter((r) => pickable(r, upstream) !== null);
  return { selectable: selectable.length, chosen: selectable.filter((r) => isChosen(choices, r, upstream)).length };
}

/** Picks every value of an upstream's column within `rows`, or (checked false) clears the picks of those rows. */
export function chooseColumn(choices: SyncChoices, rows: readonly SyncRow[], upstream: string, checked: boolean): SyncChoices {
  return rows.reduce((acc, row) => {
    const value = pickable(row, upstream);
    if (!checked) return isChosen(acc, row, upstream) ? unchooseValue(acc, row.model, row.field) : acc;
    return value === null ? acc : chooseValue(acc, row.model, row.field, value);
  }, choices);
}
