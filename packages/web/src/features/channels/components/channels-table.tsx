import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelPage, ChannelView } from '@gw/contracts';
import { tablePagination } from '../../../components/table/table-pagination';
import type { ColumnVisibility } from '../../../components/table/use-column-visibility';
import { channelRowsOf, type ChannelRow } from '../channel-rows';
import type { ChannelColumn } from './channel-columns';

interface ChannelsTableProps {
  data: ChannelPage | undefined;
  loading: boolean;
  tagMode: boolean;
  columns: ChannelColumn[];
  visibility: ColumnVisibility;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  selected: ChannelView[];
  onSelect: (rows: ChannelView[]) => void;
}

/** The paged channel table; in tag mode a tag is one expandable row holding its channels. */
export function ChannelsTable({ data, loading, tagMode, columns, visibility, page, pageSize, onPageChange, selected, onSelect }: ChannelsTableProps) {
  const { t: tc } = useTranslation();
  const rows = useMemo(() => channelRowsOf(data?.items ?? [], tagMode), [data, tagMode]);
  return (
    <Table<ChannelRow>
      rowKey="key"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={rows}
      columns={columns.filter((c) => visibility.isVisible(c.key))}
      rowSelection={{
        checkStrictly: true,
        selectedRowKeys: selected.map((c) => `channel-${c.id}`),
        getCheckboxProps: (r) => ({ disabled: r.kind === 'tag', style: r.kind === 'tag' ? { display: 'none' } : undefined }),
        onChange: (_, picked) => onSelect(picked.flatMap((r) => (r.kind === 'channel' ? [r.channel] : []))),
      }}
      pagination={tablePagination({ page, pageSize, total: data?.total ?? 0, onChange: onPageChange, t: tc })}
    />
  );
}
