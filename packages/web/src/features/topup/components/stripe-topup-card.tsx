import { useState } from 'react';
import { App, Button, Card, Flex, Typography } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { quoteStripe, startStripeCheckout } from '../api/checkout.api';
import { amountProblem } from '../gateway-form';
import { TopUpAmountInput } from './top-up-amount-input';

/**
 * Stripe Checkout (new-api's Stripe top-up): an amount of at least StripeMinTopUp, the price confirmed in a
 * dialog, then the browser goes to Stripe's hosted page and comes back to the wallet once paid.
 */
export function StripeTopUpCard({ minTopUp }: { minTopUp: number }) {
  const { t } = useTranslation('topup');
  const { modal } = App.useApp();
  const [amount, setAmount] = useState<number>(Math.max(10, minTopUp));
  const pay = useMutation({ mutationFn: () => startStripeCheckout(amount), onSuccess: (result) => window.location.assign(result.pay_link) });
  const quote = useMutation({ mutationFn: () => quoteStripe(amount) });

  const start = () => {
    if (amountProblem(amount, minTopUp)) return notifyError(t('stripe.belowMinimum', { min: minTopUp }));
    quote.mutate(undefined, {
      onSuccess: (money) =>
        modal.confirm({
          title: t('stripe.confirmTitle'),
          content: t('stripe.confirmContent', { amount, money }),
          okText: t('stripe.confirmPay'),
          cancelText: t('stripe.cancel'),
          onOk: () => pay.mutateAsync(),
        }),
    });
  };

  return (
    <Card title={t('stripe.title')} data-testid="stripe-topup">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('stripe.intro')}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <TopUpAmountInput value={amount} onChange={setAmount} label={t('stripe.amount')} />
          <Button type="primary" icon={<CreditCardOutlined />} onClick={start} loading={quote.isPending || pay.isPending} data-testid="stripe-topup-pay">
            {t('stripe.pay')}
          </Button>
          <Typography.Text type="secondary">{t('stripe.minimum', { min: minTopUp })}</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
