import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_ORDER_STATUSES, type SubscriptionOrderStatus, type SubscriptionOrderView } from '@gw/contracts';
import { KeywordSearch } from '../../../components/list-page/keyword-search';
import { StatusSelect } from '../../../components/list-page/status-select';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { subscriptionQueries, useCompletePlanOrder } from '../api/subscriptions.queries';

const STATUS_COLOR: Record<SubscriptionOrderStatus, string> = { pending: 'gold', success: 'green', expired: 'default' };
const PAGE_SIZE = 10;

/**
 * Administrators: every online plan order (GET /api/subscription/admin/orders), searchable by order number or
 * buyer and filtered by status, with manual completion of a pending one whose payment arrived unannounced.
 */
export function SubscriptionOrdersCard() {
  const { t, i18n } = useTranslation('subscriptions');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<SubscriptionOrderStatus | ''>('');
  const [p, setPage] = useState(1);
  const orders = useQuery(subscriptionQueries.adminOrders({ p, page_size: PAGE_SIZE, keyword, status }));
  const complete = useCompletePlanOrder();
  const finish = (o: SubscriptionOrderView) => complete.mutate(o.trade_no, { onSuccess: () => notifySuccess(t('orders.completed', { tradeNo: o.trade_no })) });

  return (
    <Card
      title={t('orders.title')}
      data-testid="subscription-orders"
      extra={
        <Flex gap={8} wrap>
          <StatusSelect
            value={status}
            statuses={SUBSCRIPTION_ORDER_STATUSES}
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
      <Table<SubscriptionOrderView>
        rowKey="id"
        size="small"
        loading={orders.isPending}
        dataSource={orders.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('orders.empty') }}
        pagination={{ current: p, pageSize: PAGE_SIZE, total: orders.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('orders.tradeNo'), dataIndex: 'trade_no' },
          { title: t('orders.user'), dataIndex: 'username', render: (name: string, o) => name || `#${o.user_id}` },
          { title: t('columns.plan'), dataIndex: 'plan_title', render: (title: string, o) => title || t('userModal.planGone', { id: o.plan_id }) },
          { title: t('orders.money'), dataIndex: 'money', render: (m: number) => m.toFixed(2) },
          { title: t('orders.method'), dataIndex: 'payment_method' },
          {
            title: t('columns.status'),
            dataIndex: 'status',
            render: (s: SubscriptionOrderStatus) => <Tag color={STATUS_COLOR[s] ?? 'default'}>{t(`orders.statuses.${s}`, { defaultValue: s })}</Tag>,
          },
          { title: t('orders.created'), dataIndex: 'create_time', render: (v: number) => formatUnixTime(v, i18n.language) },
          { title: t('orders.completedAt'), dataIndex: 'complete_time', render: (v: number) => (v ? formatUnixTime(v, i18n.language) : '—') },
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_v, o) =>
              o.status === 'pending' && (
                <Popconfirm
                  title={t('orders.completeConfirm', { tradeNo: o.trade_no, title: o.plan_title })}
                  onConfirm={() => finish(o)}
                  okText={t('orders.complete')}
                  cancelText={t('dialog.cancel')}
                >
                  <Button size="small">{t('orders.complete')}</Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
