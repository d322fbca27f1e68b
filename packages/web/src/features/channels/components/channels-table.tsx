import { useMemo } from 'react';
import type { ChannelView } from '@gw/contracts';
import { PagedTable, type PagedRows } from '../../../components/table/paged-table';
import type { ColumnVisibility } from '../../../components/table/use-column-visibility';
import { channelRowsOf, type ChannelRow } from '../channel-rows';
import type { ChannelColumn } from './channel-columns';

interface ChannelsTableProps extends PagedRows<ChannelView> {
  tagMode: boolean;
  columns: ChannelColumn[];
  visibility: ColumnVisibility;
  selected: ChannelView[];
  onSelect: (rows: ChannelView[]) => void;
}

/** The paged channel table; in tag mode a tag is one expandable row holding its channels. */
export function ChannelsTable({ data, tagMode, columns, visibility, selected, onSelect, ...paging }: ChannelsTableProps) {
  const rows = useMemo(() => channelRowsOf(data?.items ?? [], tagMode), [data, tagMode]);
  return (
    <PagedTable<ChannelRow>
      {...paging}
      rowKey="key"
      dataSource={rows}
      total={data?.total}
      columns={columns.filter((c) => visibility.isVisible(c.key))}
      rowSelection={{
        checkStrictly: true,
        selectedRowKeys: selected.map((c) => `channel-${c.id}`),
        getCheckboxProps: (r) => ({ disabled: r.kind === 'tag', style: r.kind === 'tag' ? { display: 'none' } : undefined }),
        onChange: (_, picked) => onSelect(picked.flatMap((r) => (r.kind === 'channel' ? [r.channel] : []))),
      }}
    />
  );
}
