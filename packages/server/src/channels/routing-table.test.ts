import { describe, expect, it } from 'vitest';
import { RoutingTable } from './routing-table.js';
import { routable } from './channels.test-helpers.js';

const ids = (tiers: readonly { channels: readonly { id: number }[] }[] | undefined) => tiers?.map((t) => t.channels.map((c) => c.id));

describe('routing table', () => {
  it('groups the channels of each (group, model) into tiers ordered by descending priority', () => {
    const low = routable({ id: 1, priority: 0 });
    const high = routable({ id: 2, priority: 10 });
    const highToo = routable({ id: 3, priority: 10 });
    const middle = routable({ id: 4, priority: 5 });
    const table = RoutingTable.build([low, high, middle, highToo]);
    const route = table.candidates('default', 'gpt-4o');
    expect(route?.tiers.map((t) => t.priority)).toEqual([10, 5, 0]);
    expect(ids(route?.tiers)).toEqual([[2, 3], [4], [1]]);
  });

  it('files a channel under every group × model of its comma lists, trimmed and without empties', () => {
    const table = RoutingTable.build([routable({ id: 1, group: ' default , vip,,', models: 'gpt-4o, claude-3 ,,gpt-4o' })]);
    for (const group of ['default', 'vip']) {
      for (const model of ['gpt-4o', 'claude-3']) expect(ids(table.candidates(group, model)?.tiers)).toEqual([[1]]);
    }
    expect(table.candidates('default', '')).toBeUndefined();
    expect(table.candidates('', 'gpt-4o')).toBeUndefined();
    expect(ids(table.candidates('default', 'gpt-4o')?.tiers)).toEqual([[1]]);
  });

  it('leaves out channels that are not enabled', () => {
    const table = RoutingTable.build([routable({ id: 1 }), routable({ id: 2, status: 2 }), routable({ id: 3, status: 3 })]);
    expect(ids(table.candidates('default', 'gpt-4o')?.tiers)).toEqual([[1]]);
    expect(table.channel(2)).toBeUndefined();
    expect(table.channel(1)?.id).toBe(1);
  });

  it('keeps groups apart: a model offered to one group is not offered to another', () => {
    const table = RoutingTable.build([routable({ id: 1, group: 'vip', models: 'o3' }), routable({ id: 2, group: 'default', models: 'gpt-4o' })]);
    expect(table.candidates('default', 'o3')).toBeUndefined();
    expect([...table.modelsOf('vip')]).toEqual(['o3']);
    expect([...table.groups()].sort()).toEqual(['default', 'vip']);
  });

  it('falls back to the normalised model name only when the exact name has no channel', () => {
    const normalize = (m: string) => m.replace(/-thinking$/, '');
    const table = RoutingTable.build(
      [routable({ id: 1, models: 'claude-sonnet-4' }), routable({ id: 2, models: 'claude-opus-4-thinking,claude-opus-4' })],
      { normalize },
    );
    expect(table.candidates('default', 'claude-sonnet-4-thinking')).toMatchObject({ model: 'claude-sonnet-4' });
    expect(ids(table.candidates('default', 'claude-sonnet-4-thinking')?.tiers)).toEqual([[1]]);
    expect(table.candidates('default', 'claude-opus-4-thinking')?.model).toBe('claude-opus-4-thinking');
    expect(table.candidates('default', 'gpt-9-thinking')).toBeUndefined();
  });

  it('matches model names exactly without a normaliser', () => {
    const table = RoutingTable.build([routable({ id: 1, models: 'gpt-4o' })]);
    expect(table.candidates('default', 'GPT-4o')).toBeUndefined();
  });

  it('does not reorder the array it was built from', () => {
    const input = [routable({ id: 1, priority: 0 }), routable({ id: 2, priority: 5 })];
    RoutingTable.build(input);
    expect(input.map((c) => c.id)).toEqual([1, 2]);
  });
});
