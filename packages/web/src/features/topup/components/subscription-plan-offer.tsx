import { App, Button, Card, Flex, Space, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubscriptionPlanView } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useSiteStatus } from '../../status/api/status.queries';
import { planBalanceCost, planPayMethods, planPriceText } from '../../subscriptions/api/subscription-labels';
import { payWithCreem, payWithEpay, payWithStripe } from '../../subscriptions/api/subscriptions.api';
import { usePayWithBalance } from '../../subscriptions/api/subscriptions.queries';
import { useSubscriptionLabels } from '../../subscriptions/api/use-subscription-labels';
import { topupQueries } from '../api/topup.queries';
import { postToGateway } from '../gateway-form';

type OnlineWay = { kind: 'epay'; method: string } | { kind: 'stripe' } | { kind: 'creem' };

/**
 * One plan on sale: what it gives and its buy buttons. The balance pays a USD or CNY price (after a
 * confirmation that names the quota it takes); EPay, Stripe and Creem are offered when the wallet offers them and, for Stripe
 * and Creem, the plan names its product there.
 */
export function SubscriptionPlanOffer({ plan }: { plan: SubscriptionPlanView }) {
  const { t } = useTranslation('subscriptions');
  const { t: tTopup } = useTranslation('topup');
  const { modal } = App.useApp();
  const labels = useSubscriptionLabels();
  const { status } = useSiteStatus();
  const info = useQuery(topupQueries.info());
  const ways = planPayMethods(plan, info.data);
  const balancePay = usePayWithBalance();
  const online = useMutation({
    mutationFn: async (way: OnlineWay) => {
      if (way.kind === 'epay') return postToGateway(await payWithEpay(plan.id, way.method));
      if (way.kind === 'stripe') return window.location.assign((await payWithStripe(plan.id)).pay_link);
      return window.location.assign((await payWithCreem(plan.id)).checkout_url);
    },
  });
  const price = planPriceText(plan);
  const cost = planBalanceCost(plan, { quotaPerUnit: status.quota_per_unit, usdExchangeRate: status.usd_exchange_rate });
  const methodLabel = (m: string) => (m === 'alipay' ? tTopup('online.methods.alipay') : m === 'wxpay' ? tTopup('online.methods.wxpay') : m);

  const buyWithBalance = () =>
    modal.confirm({
      title: t('buy.confirmTitle', { title: plan.title }),
      content: t('buy.balanceConfirm', { cost: labels.quota(cost ?? 0), price }),
      okText: t('buy.pay'),
      cancelText: t('buy.cancel'),
      onOk: () => balancePay.mutateAsync(plan.id).then(() => notifySuccess(t('buy.bought', { title: plan.title }))),
    });

  const buyOnline = (way: OnlineWay, method: string) =>
    modal.confirm({
      title: t('buy.confirmTitle', { title: plan.title }),
      content: t('buy.onlineConfirm', { price, method }),
      okText: t('buy.pay'),
      cancelText: t('buy.cancel'),
      onOk: () => online.mutateAsync(way),
    });

  return (
    <Card size="small" data-testid={`subscription-plan-${plan.id}`} style={{ height: '100%' }}>
      <Flex vertical gap={4}>
        <Typography.Text strong>{plan.title}</Typography.Text>
        {plan.subtitle && <Typography.Text type="secondary">{plan.subtitle}</Typography.Text>}
        <Typography.Text style={{ fontSize: 18 }}>{price}</Typography.Text>
        <Typography.Text>{t('offer.duration', { duration: labels.duration(plan) })}</Typography.Text>
        <Typography.Text>{t('offer.budget', { budget: labels.budget(plan.total_amount) })}</Typography.Text>
        <Typography.Text type="secondary">{t('offer.reset', { reset: labels.reset(plan.quota_reset_period, plan.quota_reset_custom_seconds) })}</Typography.Text>
        {plan.upgrade_group && <Typography.Text type="secondary">{t('offer.upgradeGroup', { group: plan.upgrade_group })}</Typography.Text>}
        {plan.max_purchase_per_user > 0 && <Typography.Text type="secondary">{t('offer.limit', { count: plan.max_purchase_per_user })}</Typography.Text>}
        <Space wrap style={{ marginTop: 8 }}>
          {cost !== null && (
            <Button type="primary" onClick={buyWithBalance} loading={balancePay.isPending} data-testid={`buy-balance-${plan.id}`}>
              {t('buy.balance')}
            </Button>
          )}
          {ways.epay.map((m) => (
            <Button key={m} onClick={() => buyOnline({ kind: 'epay', method: m }, methodLabel(m))} loading={online.isPending && online.variables?.kind === 'epay' && online.variables.method === m}>
              {methodLabel(m)}
            </Button>
          ))}
          {ways.stripe && (
            <Button onClick={() => buyOnline({ kind: 'stripe' }, 'Stripe')} loading={online.isPending && online.variables?.kind === 'stripe'}>
              Stripe
            </Button>
          )}
          {ways.creem && (
            <Button onClick={() => buyOnline({ kind: 'creem' }, 'Creem')} loading={online.isPending && online.variables?.kind === 'creem'}>
              Creem
            </Button>
          )}
        </Space>
      </Flex>
    </Card>
  );
}
