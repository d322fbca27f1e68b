import { useState } from 'react';
import { Button, Card, Flex, Input, Typography } from 'antd';
import { GiftOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { useRedeemCode } from '../api/topup.queries';

/**
 * Redeem box (spec 3 §2.4): the code goes to POST /api/user/topup; success names the quota added and the
 * balance refreshes. With a top-up link configured, a button leads there to buy codes.
 */
export function RedeemCard({ topUpLink }: { topUpLink: string }) {
  const { t } = useTranslation('topup');
  const formatQuota = useQuotaFormatter();
  const redeem = useRedeemCode();
  const [code, setCode] = useState('');

  const submit = () => {
    const key = code.trim();
    if (!key) return notifyError(t('redeem.empty'));
    redeem.mutate(key, {
      onSuccess: (added) => {
        notifySuccess(t('redeem.success', { amount: formatQuota(added ?? 0) }));
        setCode('');
      },
    });
  };

  return (
    <Card title={t('redeem.title')}>
      <Flex vertical gap={12}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={submit}
          placeholder={t('redeem.placeholder')}
          aria-label={t('redeem.placeholder')}
          prefix={<GiftOutlined />}
          allowClear
        />
        <Flex gap={8} wrap>
          <Button type="primary" loading={redeem.isPending} onClick={submit} data-testid="redeem-submit">
            {t('redeem.submit')}
          </Button>
          {topUpLink ? (
            <Button icon={<ShoppingCartOutlined />} href={topUpLink} target="_blank" rel="noreferrer">
              {t('redeem.buy')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('redeem.noLink')}</Typography.Text>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
