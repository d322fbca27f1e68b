import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { PageResult } from '@gw/contracts';
import { KeywordSearch } from './keyword-search';
import { StatusSelect } from './status-select';

/** Tag colours of the order statuses. */
const STATUS_COLOR: Record<string, string> = { pending: 'gold', success: 'green', expired: 'default', failed: 'red' };
const PAGE_SIZE = 10;

/** What an order list asks the server for. */
export interface OrderListParams<S extends string> {
  p: number;
  page_size: number;
  keyword: string;
  status: S | '';
}

/** Texts of an order list, already translated by the feature. */
export interface OrderListTexts<S extends string> {
  title: string;
  search: string;
  statusFilter: string;
  allStatuses: string;
  status: (status: S) => string;
  statusColumn: string;
  complete: string;
  cancel: string;
  actions: string;
  empty?: string;
}

/**
 * An administrators' list of online orders: searchable by order number or buyer, filtered by status, paged,
 * with manual completion ("Mark paid", after a confirmation) of a pending order whose payment arrived without
 * its notification. The feature gives the query, the columns before the status and the completion.
 */
export function OrderListCard<S extends string, T extends { id: number; trade_no: string; status: S }, K extends readonly unknown[] = readonly unknown[]>({
  testId, statuses, texts, query, columns, trailingColumns = [], confirmText, onComplete,
}: {
  testId: string;
  statuses: readonly S[];
  texts: OrderListTexts<S>;
  query: (params: OrderListParams<S>) => UseQueryOptions<PageResult<T>, Error, PageResult<T>, K>;
  /** The columns before the status. */
  columns: ColumnsType<T>;
  /** The columns between the status and the actions. */
  trailingColumns?: ColumnsType<T>;
  confirmText: (order: T) => string;
  onComplete: (order: T) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<S | ''>('');
  const [p, setPage] = useState(1);
  const orders = useQuery(query({ p, page_size: PAGE_SIZE, keyword, status }));
  return (
    <Card
      title={texts.title}
      data-testid={testId}
      extra={
        <Flex gap={8} wrap>
          <StatusSelect
            value={status}
            statuses={statuses}
            label={texts.statusFilter}
            allLabel={texts.allStatuses}
            labelOf={texts.status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
          <KeywordSearch
            label={texts.search}
            onSearch={(value) => {
              setKeyword(value);
              setPage(1);
            }}
          />
        </Flex>
      }
    >
      <Table<T>
        rowKey="id"
        size="small"
        loading={orders.isPending}
        dataSource={orders.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={texts.empty ? { emptyText: texts.empty } : undefined}
        pagination={{ current: p, pageSize: PAGE_SIZE, total: orders.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          ...columns,
          { title: texts.statusColumn, dataIndex: 'status', render: (s: S) => <Tag color={STATUS_COLOR[s] ?? 'default'}>{texts.status(s)}</Tag> },
          ...trailingColumns,
          {
            title: texts.actions,
            key: 'actions',
            render: (_v, o) =>
              o.status === 'pending' && (
                <Popconfirm title={confirmText(o)} onConfirm={() => onComplete(o)} okText={texts.complete} cancelText={texts.cancel}>
                  <Button size="small">{texts.complete}</Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
