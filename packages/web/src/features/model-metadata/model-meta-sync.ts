/** The sync dialog's logic: the locale choices, the conflict rows and their checkboxes, the body a sync sends, its result. */
import { NameRule, SYNC_LOCALES, type NameRuleValue, type SyncConflict, type SyncField, type SyncPreview, type SyncResult, type SyncUpstreamBody } from '@gw/contracts';
import { nameRuleKeyOf, type NameRuleKey } from './model-meta-display';

/** '' is the default (English) list. */
export const SYNC_LOCALE_CHOICES = ['', ...SYNC_LOCALES] as const;
export type SyncLocaleChoice = (typeof SYNC_LOCALE_CHOICES)[number];

/** The translation key part of each locale choice (`sync.locales.<part>`). */
export const SYNC_LOCALE_LABEL_KEYS = { '': 'default', en: 'en', 'zh-CN': 'zhCN', 'zh-TW': 'zhTW', ja: 'ja' } as const satisfies Record<SyncLocaleChoice, string>;

/** Each compared field's label: the editor's own label where the form has that field. */
export const SYNC_FIELD_LABEL_KEYS = {
  description: 'form.description',
  icon: 'form.icon',
  tags: 'form.tags',
  vendor: 'form.vendor',
  name_rule: 'form.nameRule',
  status: 'columns.status',
  context_length: 'form.contextLength',
  max_output_tokens: 'form.maxOutputTokens',
  knowledge_cutoff: 'form.knowledgeCutoff',
  release_date: 'form.releaseDate',
  parameter_count: 'form.parameterCount',
  input_modalities: 'form.inputModalities',
  output_modalities: 'form.outputModalities',
} as const satisfies Record<SyncField, string>;

/** One field of one entry where the local value differs from the official one. */
export interface SyncConflictRow {
  key: string;
  model_name: string;
  field: SyncField;
  local: string | number;
  upstream: string | number;
}

/** A row's key: unique for a model and field whatever characters the model name holds. */
export function syncRowKey(modelName: string, field: SyncField): string {
  return JSON.stringify([modelName, field]);
}

/** The preview's conflicts as one row per model and field, in the preview's order. */
export function conflictRowsOf(conflicts: readonly SyncConflict[] | undefined): SyncConflictRow[] {
  return (conflicts ?? []).flatMap((c) =>
    c.fields.map((f) => ({ key: syncRowKey(c.model_name, f.field), model_name: c.model_name, field: f.field, local: f.local, upstream: f.upstream })),
  );
}

/** How many of the rows are checked (a checked key whose row is gone no longer counts). */
export function checkedCountOf(rows: readonly SyncConflictRow[], checked: ReadonlySet<string>): number {
  return rows.reduce((n, row) => (checked.has(row.key) ? n + 1 : n), 0);
}

/** The checked rows as the sync's `overwrite`: one item per model (in the rows' order) with its checked fields. */
export function overwriteOf(rows: readonly SyncConflictRow[], checked: ReadonlySet<string>): SyncUpstreamBody['overwrite'] {
  const byModel = new Map<string, SyncField[]>();
  for (const row of rows) {
    if (!checked.has(row.key)) continue;
    const fields = byModel.get(row.model_name) ?? [];
    if (!fields.includes(row.field)) fields.push(row.field);
    byModel.set(row.model_name, fields);
  }
  return [...byModel].map(([model_name, fields]) => ({ model_name, fields }));
}

/** A sync has something to do when the preview has models to create or a field is checked. */
export function canSync(preview: Pick<SyncPreview, 'missing'> | undefined, checkedCount: number): boolean {
  return !!preview && (preview.missing.length > 0 || checkedCount > 0);
}

/** How a compared value is shown: a name rule and a status by name, blank text as "empty". */
export type SyncValueDisplay = { kind: 'empty' } | { kind: 'nameRule'; rule: NameRuleKey } | { kind: 'status'; enabled: boolean } | { kind: 'text'; text: string };

export function syncValueDisplay(field: SyncField, value: string | number | null | undefined): SyncValueDisplay {
  if (field === 'name_rule' && typeof value === 'number' && (Object.values(NameRule) as number[]).includes(value)) {
    return { kind: 'nameRule', rule: nameRuleKeyOf(value as NameRuleValue) };
  }
  if (field === 'status' && typeof value === 'number') return { kind: 'status', enabled: value === 1 };
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text === '' ? { kind: 'empty' } : { kind: 'text', text };
}

export interface SyncResultSummary {
  created: string[];
  updated: string[];
  skipped: string[];
  createdVendors: number;
  /** Nothing was created or updated. */
  unchanged: boolean;
}

/** What the result view lists: the created, updated and skipped models and how many vendors were created. */
export function syncResultSummary(result: SyncResult): SyncResultSummary {
  const created = [...new Set(result.created_list ?? [])];
  const updated = [...new Set(result.updated_list ?? [])];
  const skipped = [...new Set(result.skipped_models ?? [])];
  const createdVendors = Number(result.created_vendors) || 0;
  const unchanged = created.length === 0 && updated.length === 0 && createdVendors === 0 && !result.created_models && !result.updated_models;
  return { created, updated, skipped, createdVendors, unchanged };
}
