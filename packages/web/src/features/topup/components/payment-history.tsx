import { useState } from 'react';
import { Button, Modal, Table, Tabs, Tag } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckoutMethod, type SubscriptionOrderView, type TopUpOrderView } from '@gw/contracts';
import { fitScreen } from '../../../components/responsive';
import { formatUnixTime } from '../../../lib/format';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { subscriptionQueries } from '../../subscriptions/api/subscriptions.queries';
import { topupQueries } from '../api/topup.queries';

const STATUS_COLOR: Record<string, string> = { pending: 'gold', success: 'green', expired: 'default', failed: 'red' };

/** "Payment history" on the wallet: the user's own online top-ups and plan orders, newest first. */
export function PaymentHistoryButton() {
  const { t } = useTranslation('topup');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} data-testid="payment-history">
        {t('history.open')}
      </Button>
      <Modal open={open} title={t('history.title')} onCancel={() => setOpen(false)} footer={null} width={fitScreen(900)} destroyOnHidden>
        <Tabs items={[
          { key: 'topups', label: t('history.topups'), children: <TopUpHistory /> },
          { key: 'plans', label: t('history.plans'), children: <PlanOrderHistory /> },
        ]} />
      </Modal>
    </>
  );
}

function useStatusTag() {
  const { t } = useTranslation('topup');
  return (status: string) => <Tag color={STATUS_COLOR[status] ?? 'default'}>{t(`orders.statuses.${status}`, { defaultValue: status })}</Tag>;
}

function TopUpHistory() {
  const { t, i18n } = useTranslation('topup');
  const orders = useQuery(topupQueries.orders());
  const formatQuota = useQuotaFormatter();
  const statusTag = useStatusTag();
  return (
    <Table<TopUpOrderView>
      rowKey="id"
      size="small"
      loading={orders.isPending}
      dataSource={orders.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('history.empty') }}
      columns={[
        { title: t('orders.tradeNo'), dataIndex: 'trade_no' },
        // A Creem order's amount is the product's quota; the others' is currency units.
        { title: t('orders.amount'), key: 'amount', render: (_, o) => (o.payment_method === CheckoutMethod.Creem ? formatQuota(o.amount) : o.amount) },
        { title: t('orders.money'), dataIndex: 'money', render: (m: number) => m.toFixed(2) },
        { title: t('orders.method'), dataIndex: 'payment_method' },
        { title: t('orders.status'), dataIndex: 'status', render: statusTag },
        { title: t('orders.created'), dataIndex: 'create_time', render: (v: number) => formatUnixTime(v, i18n.language) },
      ]}
    />
  );
}

const PAGE_SIZE = 10;

function PlanOrderHistory() {
  const { t, i18n } = useTranslation('topup');
  const [p, setPage] = useState(1);
  const orders = useQuery(subscriptionQueries.selfOrderPage({ p, page_size: PAGE_SIZE }));
  const statusTag = useStatusTag();
  return (
    <Table<SubscriptionOrderView>
      rowKey="id"
      size="small"
      loading={orders.isPending}
      dataSource={orders.data?.items ?? []}
      pagination={{ current: p, pageSize: PAGE_SIZE, total: orders.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('history.empty') }}
      columns={[
        { title: t('orders.tradeNo'), dataIndex: 'trade_no' },
        { title: t('history.plan'), dataIndex: 'plan_title', render: (title: string, o) => title || `#${o.plan_id}` },
        { title: t('orders.money'), dataIndex: 'money', render: (m: number) => m.toFixed(2) },
        { title: t('orders.method'), dataIndex: 'payment_method' },
        { title: t('orders.status'), dataIndex: 'status', render: statusTag },
        { title: t('orders.created'), dataIndex: 'create_time', render: (v: number) => formatUnixTime(v, i18n.language) },
      ]}
    />
  );
}
