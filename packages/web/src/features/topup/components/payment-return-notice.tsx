import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckoutMethod, TopUpStatus, isSubscriptionTradeNo } from '@gw/contracts';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { userKeys } from '../../users/api/users.queries';
import { topupQueries } from '../api/topup.queries';
import { SubscriptionPaymentNotice } from '../../subscriptions/components/subscription-payment-notice';

/** Polls this long for the gateway's confirmation after the browser comes back. */
const WAIT_MS = 60_000;

/**
 * After paying, the gateway sends the browser back to /topup?trade_no=…. The order is credited when the
 * gateway's notification reaches the server (usually before the browser is back); until then the notice
 * says the payment is being confirmed, and the balance refreshes once it is. A plan order (its number, or
 * new-api's `pay=` outcome) gets the subscription's notice instead.
 */
export function PaymentReturnNotice() {
  const [params] = useSearchParams();
  const tradeNo = params.get('trade_no') ?? '';
  const pay = params.get('pay');
  if (pay !== null || isSubscriptionTradeNo(tradeNo)) return <SubscriptionPaymentNotice tradeNo={tradeNo} pay={pay ?? ''} />;
  return tradeNo ? <TopUpReturnNotice tradeNo={tradeNo} /> : null;
}

function TopUpReturnNotice({ tradeNo }: { tradeNo: string }) {
  const { t } = useTranslation('topup');
  const [since] = useState(() => Date.now());
  const queryClient = useQueryClient();
  const formatQuota = useQuotaFormatter();
  const orders = useQuery({
    ...topupQueries.orders(),
    refetchInterval: (q) => {
      const order = q.state.data?.find((o) => o.trade_no === tradeNo);
      return order?.status === TopUpStatus.Pending && Date.now() - since < WAIT_MS ? 2000 : false;
    },
  });
  const order = orders.data?.find((o) => o.trade_no === tradeNo);
  const paid = order?.status === TopUpStatus.Success;
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: userKeys.detail('self') });
  }, [paid, queryClient]);

  if (orders.isPending) return null;
  if (!order) return <Alert type="warning" showIcon title={t('return.unknown')} />;
  if (paid) {
    // A Creem order's amount is the product's quota; the others' is currency units.
    const title = order.payment_method === CheckoutMethod.Creem ? t('return.paidQuota', { quota: formatQuota(order.amount) }) : t('return.paid', { amount: order.amount });
    return <Alert type="success" showIcon title={title} data-testid="payment-confirmed" />;
  }
  if (order.status === TopUpStatus.Expired || order.status === TopUpStatus.Failed) return <Alert type="warning" showIcon title={t('return.notPaid')} />;
  return <Alert type="info" showIcon title={t('return.pending')} />;
}
