import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { PAGE_SIZE_OPTIONS, type PageResult } from '@gw/contracts';
import { useTranslation } from 'react-i18next';
import { useInfiniteRows } from './use-infinite-rows';

interface TaskLogTableProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<PageResult<T>>>;
  columns: ColumnsType<T>;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  testId: string;
}

/**
 * A task list paged infinitely: the table pages through the rows loaded so far and offers one page more
 * while the server has more; stepping onto it loads the next server page.
 */
export function TaskLogTable<T extends { id: number }>({ query, columns, page, pageSize, onPageChange, testId }: TaskLogTableProps<T>) {
  const { t } = useTranslation('tasks');
  const { rows, pageRows, current, total, hasMore } = useInfiniteRows(query, page, pageSize);
  return (
    <Table<T>
      rowKey="id"
      size="small"
      scroll={{ x: 'max-content' }}
      loading={query.isFetching}
      dataSource={pageRows}
      columns={columns}
      data-testid={testId}
      pagination={{
        current,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        showTotal: () => (hasMore ? t('paging.loaded', { count: rows.length }) : t('paging.loadedAll', { count: rows.length })),
        onChange: onPageChange,
      }}
    />
  );
}
