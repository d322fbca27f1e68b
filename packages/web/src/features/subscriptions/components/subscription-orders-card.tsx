import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_ORDER_STATUSES } from '@gw/contracts';
import { OrderListCard } from '../../../components/list-page/order-list-card';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { subscriptionQueries, useCompletePlanOrder } from '../api/subscriptions.queries';

/**
 * Administrators: every online plan order (GET /api/subscription/admin/orders), searchable by order number or
 * buyer and filtered by status, with manual completion of a pending one whose payment arrived unannounced.
 */
export function SubscriptionOrdersCard() {
  const { t, i18n } = useTranslation('subscriptions');
  const complete = useCompletePlanOrder();
  return (
    <OrderListCard
      testId="subscription-orders"
      statuses={SUBSCRIPTION_ORDER_STATUSES}
      texts={{
        title: t('orders.title'),
        search: t('orders.search'),
        statusFilter: t('orders.statusFilter'),
        allStatuses: t('orders.allStatuses'),
        status: (s) => t(`orders.statuses.${s}`, { defaultValue: s }),
        statusColumn: t('columns.status'),
        complete: t('orders.complete'),
        cancel: t('dialog.cancel'),
        actions: t('columns.actions'),
        empty: t('orders.empty'),
      }}
      query={subscriptionQueries.adminOrders}
      columns={[
        { title: t('orders.tradeNo'), dataIndex: 'trade_no' },
        { title: t('orders.user'), dataIndex: 'username', render: (name: string, o) => name || `#${o.user_id}` },
        { title: t('columns.plan'), dataIndex: 'plan_title', render: (title: string, o) => title || t('userModal.planGone', { id: o.plan_id }) },
        { title: t('orders.money'), dataIndex: 'money', render: (m: number) => m.toFixed(2) },
        { title: t('orders.method'), dataIndex: 'payment_method' },
      ]}
      trailingColumns={[
        { title: t('orders.created'), dataIndex: 'create_time', render: (v: number) => formatUnixTime(v, i18n.language) },
        { title: t('orders.completedAt'), dataIndex: 'complete_time', render: (v: number) => (v ? formatUnixTime(v, i18n.language) : '—') },
      ]}
      confirmText={(o) => t('orders.completeConfirm', { tradeNo: o.trade_no, title: o.plan_title })}
      onComplete={(o) => complete.mutate(o.trade_no, { onSuccess: () => notifySuccess(t('orders.completed', { tradeNo: o.trade_no })) })}
    />
  );
}
