import { describe, expect, it } from 'vitest';
import { ValidationError } from '../http/errors.js';
import { abilityRowsOf } from './abilities.js';

const source = { id: 7, models: 'gpt-4o,o3', group: 'default,vip', status: 1, priority: 5, weight: 2, tag: 'team' };

describe('abilityRowsOf', () => {
  it('makes one row per group × model carrying priority, weight and tag', () => {
    expect(abilityRowsOf(source)).toEqual([
      { group: 'default', model: 'gpt-4o', channel_id: 7, enabled: 1, priority: 5, weight: 2, tag: 'team' },
      { group: 'default', model: 'o3', channel_id: 7, enabled: 1, priority: 5, weight: 2, tag: 'team' },
      { group: 'vip', model: 'gpt-4o', channel_id: 7, enabled: 1, priority: 5, weight: 2, tag: 'team' },
      { group: 'vip', model: 'o3', channel_id: 7, enabled: 1, priority: 5, weight: 2, tag: 'team' },
    ]);
  });

  it('trims names, skips empty entries and drops duplicates, ignoring case and accents', () => {
    const rows = abilityRowsOf({ ...source, models: ' gpt-4o , ,GPT-4o,gpt-4o,modèle,modele', group: 'default,,default ' });
    expect(rows.map((r) => `${r.group}/${r.model}`)).toEqual(['default/gpt-4o', 'default/modèle']);
  });

  it('disables the rows of a channel that is not enabled and clamps a negative weight', () => {
    const rows = abilityRowsOf({ ...source, status: 3, weight: -4, tag: '' });
    expect(rows.every((r) => r.enabled === 0 && r.weight === 0 && r.tag === null)).toBe(true);
  });

  it('makes no rows without models or groups', () => {
    expect(abilityRowsOf({ ...source, models: null })).toEqual([]);
    expect(abilityRowsOf({ ...source, group: ' , ' })).toEqual([]);
  });

  it('refuses names longer than the columns hold', () => {
    expect(() => abilityRowsOf({ ...source, models: 'm'.repeat(192) })).toThrow(ValidationError);
    expect(() => abilityRowsOf({ ...source, group: 'g'.repeat(65) })).toThrow(/longer than 64/);
    expect(abilityRowsOf({ ...source, models: 'm'.repeat(191), group: 'g'.repeat(64) })).toHaveLength(1);
  });
});
