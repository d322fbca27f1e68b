import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Radio, Typography, theme } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUOTA_PRESETS } from '../../../lib/quota-presets';
import { notifyError } from '../../../lib/notify';
import { formatQuotaIn, shortenNumber } from '../../../lib/format';
import { useDisplayCurrency } from '../../status/use-quota-formatter';
import { createPayment, quoteAmount } from '../api/topup.api';
import { topupQueries } from '../api/topup.queries';
import { amountProblem, postToGateway } from '../gateway-form';
import { TopUpAmountInput } from './top-up-amount-input';

const METHOD_LABELS: Record<string, 'online.methods.alipay' | 'online.methods.wxpay'> = { alipay: 'online.methods.alipay', wxpay: 'online.methods.wxpay' };

/**
 * Online top-up (spec 3 §2.4): the quota presets (spec 3 §9) or an amount, a payment method, the price
 * confirmed in a dialog, then the browser posts the signed order to the payment gateway. When the
 * administrator has not configured a gateway, the area says so.
 */
export function OnlineTopUpCard({ quotaPerUnit }: { quotaPerUnit: number }) {
  const { t } = useTranslation('topup');
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const info = useQuery(topupQueries.info());
  const [amount, setAmount] = useState<number>(QUOTA_PRESETS[1].usd);
  const [method, setMethod] = useState<string | null>(null);
  const enabled = info.data?.enable_online_topup === true;
  const methods = info.data?.pay_methods ?? [];
  const chosenMethod = method ?? methods[0] ?? '';
  const pay = useMutation({ mutationFn: () => createPayment(amount, chosenMethod), onSuccess: (form) => postToGateway(form) });
  const quote = useMutation({ mutationFn: () => quoteAmount(amount) });
  const methodLabel = (m: string) => (METHOD_LABELS[m] ? t(METHOD_LABELS[m]) : m);
  // Amounts are ordered in dollars of quota; the balance they add is shown the way the site shows quota.
  const currency = useDisplayCurrency();
  const balanceOf = (usd: number) => formatQuotaIn(usd * quotaPerUnit, quotaPerUnit, currency);
  const plainDollars = currency?.symbol === '$' && currency.rate === 1;

  const start = () => {
    if (!enabled) return notifyError(t('online.notEnabled'));
    if (amountProblem(amount, info.data?.min_topup ?? 1)) return notifyError(t('online.belowMinimum', { min: info.data?.min_topup ?? 1 }));
    quote.mutate(undefined, {
      onSuccess: (money) =>
        modal.confirm({
          title: t('online.confirmTitle'),
          content: t('online.confirmContent', { amount, money, method: methodLabel(chosenMethod) }),
          okText: t('online.confirmPay'),
          cancelText: t('online.cancel'),
          onOk: () => pay.mutateAsync(),
        }),
    });
  };

  return (
    <Card title={t('online.title')} loading={info.isPending}>
      <Flex vertical gap={12}>
        {!enabled && <Alert type="info" showIcon title={t('online.notEnabled')} data-testid="online-topup-disabled" />}
        <Typography.Text type="secondary">{t('online.presets')}</Typography.Text>
        <Flex wrap gap={8}>
          {QUOTA_PRESETS.map((p) => {
            const selected = amount === p.usd;
            return (
              <Button
                key={p.usd}
                onClick={() => setAmount(p.usd)}
                type={selected ? 'primary' : 'default'}
                ghost={selected}
                style={{ height: 'auto', padding: '6px 14px', minWidth: 96, borderColor: selected ? token.colorPrimary : undefined }}
              >
                <Flex vertical align="center">
                  <strong>{balanceOf(p.usd)}</strong>
                  {currency && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('online.quota', { quota: shortenNumber(p.usd * quotaPerUnit) })}
                    </Typography.Text>
                  )}
                </Flex>
              </Button>
            );
          })}
        </Flex>
        {enabled && methods.length > 0 && (
          <Radio.Group value={chosenMethod} onChange={(e) => setMethod(String(e.target.value))} optionType="button" options={methods.map((m) => ({ value: m, label: methodLabel(m) }))} aria-label={t('online.method')} />
        )}
        <Flex gap={8} wrap align="center">
          <TopUpAmountInput value={amount} onChange={setAmount} label={t('online.amount')} />
          {!plainDollars && <Typography.Text data-testid="online-topup-receives">{t('online.receives', { amount: balanceOf(amount) })}</Typography.Text>}
          <Button type="primary" onClick={start} loading={quote.isPending || pay.isPending} data-testid="online-topup-pay">
            {t('online.pay')}
          </Button>
          {enabled && <Typography.Text type="secondary">{t('online.minimum', { min: info.data?.min_topup ?? 1 })}</Typography.Text>}
        </Flex>
      </Flex>
    </Card>
  );
}
