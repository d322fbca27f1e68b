import type { LogView } from '@gw/contracts';
import { PagedTable, type PagedRows } from '../../../components/table/paged-table';
import type { ColumnVisibility } from '../../../components/table/use-column-visibility';
import type { LogColumn } from './log-columns';
import { LogDetail } from './log-detail';

interface LogsTableProps extends PagedRows<LogView> {
  columns: LogColumn[];
  visibility: ColumnVisibility;
  isAdmin: boolean;
}

/** The paged log table: visible columns only, each row expandable into its billing detail. */
export function LogsTable({ data, columns, visibility, isAdmin, ...paging }: LogsTableProps) {
  return (
    <PagedTable<LogView>
      {...paging}
      size="small"
      dataSource={data?.items}
      total={data?.total}
      columns={columns.filter((c) => visibility.isVisible(c.key))}
      // A fixed expand column keeps an open row's detail within the visible width while the columns scroll.
      expandable={{ fixed: 'left', expandedRowRender: (log) => <LogDetail log={log} isAdmin={isAdmin} /> }}
    />
  );
}
