import { describe, expect, it } from 'vitest';
import type { ChannelKeysSummary } from '@gw/contracts';
import { keyActionNotice, keysTagColor, keysTagOf } from './multi-key-view';

const summary = (extra: Partial<ChannelKeysSummary>): ChannelKeysSummary => ({
  is_multi_key: true, multi_key_size: 5, multi_key_mode: 'random', multi_key_enabled_count: 5, ...extra,
});

describe('keysTagColor', () => {
  it('is neutral with every key enabled, a warning with some disabled, an error with none left', () => {
    expect(keysTagColor(5, 5)).toBe('blue');
    expect(keysTagColor(3, 5)).toBe('warning');
    expect(keysTagColor(0, 5)).toBe('error');
  });
});

describe('keysTagOf', () => {
  it('counts the enabled keys of a multi-key channel', () => {
    expect(keysTagOf(summary({ multi_key_enabled_count: 3 }))).toEqual({ enabled: 3, size: 5, color: 'warning' });
  });

  it('shows nothing for a channel with one key, or none reported', () => {
    expect(keysTagOf(summary({ is_multi_key: false, multi_key_size: 1, multi_key_enabled_count: 1 }))).toBeNull();
    expect(keysTagOf(undefined)).toBeNull();
  });
});

describe('keyActionNotice', () => {
  it('names a key by its 1-based number', () => {
    expect(keyActionNotice('disable_key', 0, null)).toEqual({ key: 'multiKey.disabledOne', values: { number: 1 } });
    expect(keyActionNotice('delete_key', 2, null)).toEqual({ key: 'multiKey.deletedOne', values: { number: 3 } });
  });

  it('reports the count of deleted disabled keys when the answer has one', () => {
    expect(keyActionNotice('delete_disabled_keys', undefined, 2)).toEqual({ key: 'multiKey.deletedDisabledCount', values: { count: 2 } });
    expect(keyActionNotice('delete_disabled_keys', undefined, { is_multi_key: true, deleted: 1 })).toEqual({ key: 'multiKey.deletedDisabledCount', values: { count: 1 } });
    expect(keyActionNotice('delete_disabled_keys', undefined, { is_multi_key: true })).toEqual({ key: 'multiKey.deletedDisabled', values: {} });
  });
});
