import type { ChannelView } from '@gw/contracts';

/** One row of the channel table: a channel, or (tag mode) a tag with its channels as children. */
export type ChannelRow = ChannelItemRow | TagRow;

export interface ChannelItemRow {
  kind: 'channel';
  key: string;
  channel: ChannelView;
}

export interface TagRow {
  kind: 'tag';
  key: string;
  tag: string;
  children: ChannelItemRow[];
}

const channelRow = (channel: ChannelView): ChannelItemRow => ({ kind: 'channel', key: `channel-${channel.id}`, channel });

/**
 * Rows for the table. Outside tag mode every channel is a row. In tag mode the channels of a tag are
 * gathered under one parent row placed where the tag first appears; untagged channels stay rows.
 */
export function channelRowsOf(items: readonly ChannelView[], tagMode: boolean): ChannelRow[] {
  if (!tagMode) return items.map(channelRow);
  const rows: ChannelRow[] = [];
  const tags = new Map<string, TagRow>();
  for (const channel of items) {
    const tag = channel.tag?.trim() ?? '';
    if (!tag) {
      rows.push(channelRow(channel));
      continue;
    }
    let parent = tags.get(tag);
    if (!parent) {
      parent = { kind: 'tag', key: `tag-${tag}`, tag, children: [] };
      tags.set(tag, parent);
      rows.push(parent);
    }
    parent.children.push(channelRow(channel));
  }
  return rows;
}

/** What a tag row shows for its channels: how many are enabled, and the shared priority/weight (first child's). */
export function tagSummaryOf(row: TagRow) {
  const channels = row.children.map((c) => c.channel);
  return {
    total: channels.length,
    enabled: channels.filter((c) => c.status === 1).length,
    priority: channels[0]?.priority ?? 0,
    weight: channels[0]?.weight ?? 0,
    usedQuota: channels.reduce((sum, c) => sum + c.used_quota, 0),
    models: [...new Set(channels.flatMap((c) => splitList(c.models)))],
    groups: [...new Set(channels.flatMap((c) => splitList(c.group)))],
  };
}

/** A comma list as trimmed, non-empty entries. */
export function splitList(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
