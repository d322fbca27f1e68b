import { describe, expect, it } from 'vitest';
import { SYNC_FIELDS, type SyncConflict, type SyncResult } from '@gw/contracts';
import { canSync, checkedCountOf, conflictRowsOf, overwriteOf, SYNC_FIELD_LABEL_KEYS, SYNC_LOCALE_CHOICES, syncResultSummary, syncRowKey, syncValueDisplay } from './model-meta-sync';

const conflicts: SyncConflict[] = [
  {
    model_name: 'gpt-4o',
    fields: [
      { field: 'description', local: 'mine', upstream: 'theirs' },
      { field: 'tags', local: '', upstream: 'Vision' },
    ],
  },
  { model_name: 'claude-3', fields: [{ field: 'context_length', local: 0, upstream: 200000 }] },
  { model_name: 'odd"],["name', fields: [{ field: 'icon', local: 'a', upstream: 'b' }] },
];

const source = { locale: '', models_url: 'https://x/api/newapi/models.json', vendors_url: 'https://x/api/newapi/vendors.json' };

describe('conflictRowsOf', () => {
  it('gives one row per model and field, in the preview’s order, with distinct keys', () => {
    const rows = conflictRowsOf(conflicts);
    expect(rows.map((r) => [r.model_name, r.field, r.local, r.upstream])).toEqual([
      ['gpt-4o', 'description', 'mine', 'theirs'],
      ['gpt-4o', 'tags', '', 'Vision'],
      ['claude-3', 'context_length', 0, 200000],
      ['odd"],["name', 'icon', 'a', 'b'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(rows[0].key).toBe(syncRowKey('gpt-4o', 'description'));
  });

  it('gives no rows without conflicts', () => {
    expect(conflictRowsOf([])).toEqual([]);
    expect(conflictRowsOf(undefined)).toEqual([]);
  });
});

describe('syncRowKey', () => {
  it('keeps model names apart that a plain separator would join the same way', () => {
    expect(syncRowKey('a:b', 'tags')).not.toBe(syncRowKey('a', 'tags'));
    expect(syncRowKey('x","tags', 'icon')).not.toBe(syncRowKey('x', 'tags'));
  });
});

describe('overwriteOf', () => {
  const rows = conflictRowsOf(conflicts);

  it('sends nothing while no row is checked', () => {
    expect(overwriteOf(rows, new Set())).toEqual([]);
  });

  it('groups the checked fields by model, in the rows’ order, leaving out models with none checked', () => {
    const checked = new Set([syncRowKey('claude-3', 'context_length'), syncRowKey('gpt-4o', 'tags'), syncRowKey('gpt-4o', 'description')]);
    expect(overwriteOf(rows, checked)).toEqual([
      { model_name: 'gpt-4o', fields: ['description', 'tags'] },
      { model_name: 'claude-3', fields: ['context_length'] },
    ]);
  });

  it('ignores checked keys whose row is no longer in the preview', () => {
    const checked = new Set([syncRowKey('gone', 'icon'), syncRowKey('odd"],["name', 'icon')]);
    expect(overwriteOf(rows, checked)).toEqual([{ model_name: 'odd"],["name', fields: ['icon'] }]);
    expect(checkedCountOf(rows, checked)).toBe(1);
  });

  it('sends every conflict when all rows are checked', () => {
    const all = new Set(rows.map((r) => r.key));
    expect(checkedCountOf(rows, all)).toBe(4);
    expect(overwriteOf(rows, all).map((o) => [o.model_name, o.fields.length])).toEqual([
      ['gpt-4o', 2],
      ['claude-3', 1],
      ['odd"],["name', 1],
    ]);
  });
});

describe('canSync', () => {
  it('needs a loaded preview with models to create or a checked field', () => {
    expect(canSync(undefined, 3)).toBe(false);
    expect(canSync({ missing: [] }, 0)).toBe(false);
    expect(canSync({ missing: ['gpt-4o'] }, 0)).toBe(true);
    expect(canSync({ missing: [] }, 1)).toBe(true);
  });
});

describe('syncValueDisplay', () => {
  it('names name rules and statuses, shows blank values as empty and the rest as text', () => {
    expect(syncValueDisplay('name_rule', 1)).toEqual({ kind: 'nameRule', rule: 'prefix' });
    expect(syncValueDisplay('status', 1)).toEqual({ kind: 'status', enabled: true });
    expect(syncValueDisplay('status', 0)).toEqual({ kind: 'status', enabled: false });
    expect(syncValueDisplay('vendor', '')).toEqual({ kind: 'empty' });
    expect(syncValueDisplay('description', '  ')).toEqual({ kind: 'empty' });
    expect(syncValueDisplay('context_length', 128000)).toEqual({ kind: 'text', text: '128000' });
    expect(syncValueDisplay('name_rule', 9)).toEqual({ kind: 'text', text: '9' });
  });
});

describe('syncResultSummary', () => {
  const result = (over: Partial<SyncResult>): SyncResult => ({
    created_models: 0, created_vendors: 0, updated_models: 0, skipped_models: [], created_list: [], updated_list: [], source, ...over,
  });

  it('lists the created, updated and skipped models and counts the created vendors', () => {
    expect(
      syncResultSummary(result({ created_models: 2, created_vendors: 1, updated_models: 1, created_list: ['a', 'b'], updated_list: ['c'], skipped_models: ['d', 'd'] })),
    ).toEqual({ created: ['a', 'b'], updated: ['c'], skipped: ['d'], createdVendors: 1, unchanged: false });
  });

  it('says when nothing changed, even with skipped models', () => {
    expect(syncResultSummary(result({ skipped_models: ['x'] }))).toMatchObject({ unchanged: true, skipped: ['x'] });
  });
});

describe('labels', () => {
  it('has a label for every synced field and a choice for the default list and every locale', () => {
    expect(Object.keys(SYNC_FIELD_LABEL_KEYS).sort()).toEqual([...SYNC_FIELDS].sort());
    expect(SYNC_LOCALE_CHOICES).toEqual(['', 'en', 'zh-CN', 'zh-TW', 'ja']);
  });
});
