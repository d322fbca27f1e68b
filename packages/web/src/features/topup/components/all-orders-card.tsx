import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { TopUpStatus, type AdminTopUpOrderView, type TopUpStatusValue } from '@gw/contracts';
import { useTranslation } from 'react-i18next';
import { KeywordSearch } from '../../../components/list-page/keyword-search';
import { StatusSelect } from '../../../components/list-page/status-select';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { topupQueries, useCompleteOrder } from '../api/topup.queries';

const STATUS_COLOR: Record<TopUpStatusValue, string> = { pending: 'gold', success: 'green', expired: 'default', failed: 'red' };
const PAGE_SIZE = 10;

/** Administrators: every online top-up order, searchable, with new-api's manual completion of a pending one. */
export function AllOrdersCard() {
  const { t, i18n } = useTranslation('topup');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<TopUpStatusValue | ''>('');
  const [p, setPage] = useState(1);
  const orders = useQuery(topupQueries.allOrders({ p, page_size: PAGE_SIZE, keyword, status }));
  const complete = useCompleteOrder();
  const finish = (o: AdminTopUpOrderView) => complete.mutate(o.trade_no, { onSuccess: () => notifySuccess(t('orders.completed', { tradeNo: o.trade_no })) });

  return (
    <Card
      title={t('orders.title')}
      data-testid="all-orders-card"
      extra={
        <Flex gap={8} wrap>
          <StatusSelect
            value={status}
            statuses={Object.values(TopUpStatus)}
            label={t('orders.statusFilter')}
            allLabel={t('orders.allStatuses')}
            labelOf={(s) => t(`orders.statuses.${s}`)}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
          <KeywordSearch
            label={t('orders.search')}
            onSearch={(value) => {
              setKeyword(value);
              setPage(1);
            }}
          />
        </Flex>
      }
    >
      <Table<AdminTopUpOrderView>
        rowKey="id"
        size="small"
        loading={orders.isPending}
        dataSource={orders.data?.items ?? []}
        scroll={{ x: true }}
        pagination={{ current: p, pageSize: PAGE_SIZE, total: orders.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('orders.tradeNo'), dataIndex: 'trade_no' },
          { title: t('orders.user'), dataIndex: 'username', render: (name: string, o) => name || `#${o.user_id}` },
          { title: t('orders.amount'), dataIndex: 'amount' },
          { title: t('orders.money'), dataIndex: 'money', render: (m: number) => m.toFixed(2) },
          { title: t('orders.method'), dataIndex: 'payment_method' },
          { title: t('orders.status'), dataIndex: 'status', render: (s: TopUpStatusValue) => <Tag color={STATUS_COLOR[s] ?? 'default'}>{t(`orders.statuses.${s}`, { defaultValue: s })}</Tag> },
          { title: t('orders.created'), dataIndex: 'create_time', render: (v: number) => formatUnixTime(v, i18n.language) },
          {
            title: t('orders.actions'),
            key: 'actions',
            render: (_v, o) =>
              o.status === TopUpStatus.Pending && (
                <Popconfirm title={t('orders.completeConfirm', { tradeNo: o.trade_no })} onConfirm={() => finish(o)} okText={t('orders.complete')} cancelText={t('orders.cancel')}>
                  <Button size="small">{t('orders.complete')}</Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
