import { useTranslation } from 'react-i18next';
import { TopUpStatus } from '@gw/contracts';
import { OrderListCard } from '../../../components/list-page/order-list-card';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { topupQueries, useCompleteOrder } from '../api/topup.queries';

/** Administrators: every online top-up order, searchable and filtered by status, with new-api's manual completion of a pending one. */
export function AllOrdersCard() {
  const { t, i18n } = useTranslation('topup');
  const complete = useCompleteOrder();
  return (
    <OrderListCard
      testId="all-orders-card"
      statuses={Object.values(TopUpStatus)}
      texts={{
        title: t('orders.title'),
        search: t('orders.search'),
        statusFilter: t('orders.statusFilter'),
        allStatuses: t('orders.allStatuses'),
        status: (s) => t(`orders.statuses.${s}`, { defaultValue: s }),
        statusColumn: t('orders.status'),
        complete: t('orders.complete'),
        cancel: t('orders.cancel'),
        actions: t('orders.actions'),
      }}
      query={topupQueries.allOrders}
      columns={[
        { title: t('orders.tradeNo'), dataIndex: 'trade_no' },
        { title: t('orders.user'), dataIndex: 'username', render: (name: string, o) => name || `#${o.user_id}` },
        { title: t('orders.amount'), dataIndex: 'amount' },
        { title: t('orders.money'), dataIndex: 'money', render: (m: number) => m.toFixed(2) },
        { title: t('orders.method'), dataIndex: 'payment_method' },
      ]}
      trailingColumns={[{ title: t('orders.created'), dataIndex: 'create_time', render: (v: number) => formatUnixTime(v, i18n.language) }]}
      confirmText={(o) => t('orders.completeConfirm', { tradeNo: o.trade_no })}
      onComplete={(o) => complete.mutate(o.trade_no, { onSuccess: () => notifySuccess(t('orders.completed', { tradeNo: o.trade_no })) })}
    />
  );
}
