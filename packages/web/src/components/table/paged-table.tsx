import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '@gw/contracts';
import type { ListState } from '../list-page/use-url-list-state';
import { tablePagination } from './table-pagination';

/** Where the user is in a server-paged list. */
export interface PageState {
  loading: boolean;
  /** 0 (first load) or the 1-based page. */
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
}

/** What a list screen hands its table: the page the server returned (undefined until it has) and the paging state. */
export interface PagedRows<T> extends PageState {
  data: PageResult<T> | undefined;
}

/** The table props of a list screen, from its list query and the URL list state. */
export function pagedRowsOf<T>(
  query: { data: PageResult<T> | undefined; isFetching: boolean },
  list: Pick<ListState<string>, 'page' | 'pageSize' | 'setPage'>,
): PagedRows<T> {
  return { data: query.data, loading: query.isFetching, page: list.page, pageSize: list.pageSize, onPageChange: list.setPage };
}

/** Row selection of rows keyed by id: the batch actions' selection. */
export function idRowSelection<T extends { id: number }>(selected: readonly T[], onSelect: (rows: T[]) => void): NonNullable<TableProps<T>['rowSelection']> {
  return { selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => onSelect(rows) };
}

interface PagedTableProps<T> extends Omit<TableProps<T>, 'loading' | 'pagination'>, PageState {
  /** Rows on every page together; undefined until the server has answered. */
  total: number | undefined;
}

/** A table of one server page: rows keyed by id, medium size, scrolling sideways, with the shared pagination. */
export function PagedTable<T extends object>({ loading, page, pageSize, onPageChange, total, dataSource, ...table }: PagedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      {...table}
      loading={loading}
      dataSource={dataSource ?? []}
      pagination={tablePagination({ page, pageSize, total: total ?? 0, onChange: onPageChange, t })}
    />
  );
}
