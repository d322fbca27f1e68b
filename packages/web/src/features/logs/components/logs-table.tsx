import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogView, PageResult } from '@gw/contracts';
import { tablePagination } from '../../../components/table/table-pagination';
import type { ColumnVisibility } from '../../../components/table/use-column-visibility';
import type { LogColumn } from './log-columns';
import { LogDetail } from './log-detail';

interface LogsTableProps {
  data: PageResult<LogView> | undefined;
  loading: boolean;
  columns: LogColumn[];
  visibility: ColumnVisibility;
  isAdmin: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
}

/** The paged log table: visible columns only, each row expandable into its billing detail. */
export function LogsTable({ data, loading, columns, visibility, isAdmin, page, pageSize, onPageChange }: LogsTableProps) {
  const { t: tc } = useTranslation();
  return (
    <Table<LogView>
      rowKey="id"
      size="small"
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={data?.items ?? []}
      columns={columns.filter((c) => visibility.isVisible(c.key))}
      expandable={{ expandedRowRender: (log) => <LogDetail log={log} isAdmin={isAdmin} /> }}
      pagination={tablePagination({ page, pageSize, total: data?.total ?? 0, onChange: onPageChange, t: tc })}
    />
  );
}
