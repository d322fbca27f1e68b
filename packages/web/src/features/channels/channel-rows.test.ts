import { describe, expect, it } from 'vitest';
import type { ChannelView } from '@gw/contracts';
import { channelRowsOf, tagSummaryOf, type TagRow } from './channel-rows';

const channel = (id: number, tag: string | null, extra: Partial<ChannelView> = {}): ChannelView => ({
  id, type: 1, name: `c${id}`, status: 1, base_url: null, models: 'a,b', group: 'default', priority: 0, weight: 0, tag,
  test_model: null, response_time: 0, balance: 0, balance_updated_time: 0, used_quota: 10, created_time: 0, test_time: 0,
  model_mapping: null, status_code_mapping: null, auto_ban: 1, other: null, other_info: null, setting: null, param_override: null,
  openai_organization: null, max_input_tokens: 0,
  channel_info: { is_multi_key: false, multi_key_size: 1, multi_key_mode: 'random', multi_key_enabled_count: 1 }, ...extra,
});

describe('channelRowsOf', () => {
  it('lists every channel as its own row outside tag mode', () => {
    const rows = channelRowsOf([channel(1, 't'), channel(2, 't')], false);
    expect(rows.map((r) => r.key)).toEqual(['channel-1', 'channel-2']);
  });

  it('groups the channels of a tag under one row where the tag first appears, untagged channels stay rows', () => {
    const rows = channelRowsOf([channel(1, 'x'), channel(2, null), channel(3, 'x'), channel(4, ' '), channel(5, 'y')], true);
    expect(rows.map((r) => r.key)).toEqual(['tag-x', 'channel-2', 'channel-4', 'tag-y']);
    const x = rows[0] as TagRow;
    expect(x.children.map((c) => c.channel.id)).toEqual([1, 3]);
  });
});

describe('tagSummaryOf', () => {
  it('counts enabled children, sums used quota and takes priority and weight from the first child', () => {
    const [row] = channelRowsOf(
      [channel(1, 't', { priority: 5, weight: 2, group: 'default,vip' }), channel(2, 't', { status: 2, priority: 9, models: 'b,c' })],
      true,
    );
    expect(tagSummaryOf(row as TagRow)).toEqual({
      total: 2, enabled: 1, priority: 5, weight: 2, usedQuota: 20, models: ['a', 'b', 'c'], groups: ['default', 'vip'],
    });
  });
});
