import { useState } from 'react';
import { Alert, Button, Card, Flex, InputNumber, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUOTA_PRESETS } from '../../../lib/quota-presets';
import { notifyError } from '../../../lib/notify';
import { shortenNumber } from '../../../lib/format';

/**
 * Online top-up (spec 3 §2.4): the quota presets (spec 3 §9) and an amount of at least 1, each with the
 * quota it buys. Online payment providers come with a later version, so the area says that online top-up
 * is not enabled, and paying answers the same.
 */
export function OnlineTopUpCard({ quotaPerUnit }: { quotaPerUnit: number }) {
  const { t } = useTranslation('topup');
  const { token } = theme.useToken();
  const [amount, setAmount] = useState<number>(QUOTA_PRESETS[1].usd);

  const pay = () => notifyError(t('online.notEnabled'));

  return (
    <Card title={t('online.title')}>
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('online.notEnabled')} data-testid="online-topup-disabled" />
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
                  <strong>${p.usd}</strong>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('online.quota', { quota: shortenNumber(p.usd * quotaPerUnit) })}
                  </Typography.Text>
                </Flex>
              </Button>
            );
          })}
        </Flex>
        <Flex gap={8} wrap align="center">
          <InputNumber
            min={1}
            precision={0}
            value={amount}
            onChange={(v) => setAmount(Math.max(1, Math.trunc(Number(v) || 1)))}
            prefix="$"
            style={{ width: 160 }}
            aria-label={t('online.amount')}
          />
          <Button type="primary" onClick={pay}>
            {t('online.pay')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
