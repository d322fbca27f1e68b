import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userKeys } from '../../users/api/users.queries';
import { subscriptionKeys, subscriptionQueries } from '../api/subscriptions.queries';

/** Polls this long for the provider's confirmation after the browser comes back. */
const WAIT_MS = 60_000;

/**
 * After paying for a plan, the gateway (or Stripe/Creem) sends the browser back to /topup?pay=…&trade_no=….
 * The subscription starts when the provider's notification reaches the server; until then the notice says
 * the payment is being confirmed, and the subscriptions and balance refresh once it is.
 */
export function SubscriptionPaymentNotice({ tradeNo, pay }: { tradeNo: string; pay: string }) {
  const { t } = useTranslation('subscriptions');
  const queryClient = useQueryClient();
  const [since] = useState(() => Date.now());
  const orders = useQuery({
    ...subscriptionQueries.selfOrders(),
    enabled: Boolean(tradeNo),
    refetchInterval: (q) => {
      const order = q.state.data?.items.find((o) => o.trade_no === tradeNo);
      return order?.status === 'pending' && pay !== 'cancel' && Date.now() - since < WAIT_MS ? 2000 : false;
    },
  });
  const order = orders.data?.items.find((o) => o.trade_no === tradeNo);
  const active = order?.status === 'success';
  useEffect(() => {
    if (!active) return;
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.self() });
    void queryClient.invalidateQueries({ queryKey: userKeys.detail('self') });
  }, [active, queryClient]);

  if (!tradeNo) {
    // An older return address names only the outcome.
    return pay === 'success' ? <Alert type="success" showIcon title={t('return.paid')} /> : <Alert type="warning" showIcon title={t('return.notPaid')} />;
  }
  if (orders.isPending) return null;
  if (!order) return <Alert type="warning" showIcon title={t('return.unknown')} />;
  if (active) return <Alert type="success" showIcon title={t('return.active', { title: order.plan_title })} data-testid="subscription-payment-confirmed" />;
  if (order.status === 'expired') return <Alert type="warning" showIcon title={t('return.notPaid')} />;
  if (pay === 'cancel') return <Alert type="warning" showIcon title={t('return.cancelled')} />;
  if (pay === 'fail') return <Alert type="warning" showIcon title={t('return.unconfirmed')} />;
  return <Alert type="info" showIcon title={t('return.pending')} data-testid="subscription-payment-pending" />;
}
