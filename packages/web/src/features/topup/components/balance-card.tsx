import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/contracts';
import { hasSpendingLimit } from '../../../components/spending-limit/spending-limit-form';
import { SpendingLimitUsage } from '../../../components/spending-limit/spending-limit-usage';
import { formatUnixTime } from '../../../lib/format';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { PaymentHistoryButton } from './payment-history';

/**
 * Balance, used quota and request count, in currency or raw quota as the site displays it; with the spending
 * limit per period an administrator set on the user (what was spent of it, and when it renews), when there is one.
 */
export function BalanceCard({ user, loading }: { user?: UserView; loading: boolean }) {
  const { t, i18n } = useTranslation('topup');
  const formatQuota = useQuotaFormatter();
  return (
    <Card title={t('balance.title')} loading={loading && !user} extra={<PaymentHistoryButton />}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Statistic title={t('balance.current')} value={formatQuota(user?.quota ?? 0)} styles={{ content: { fontWeight: 600 } }} data-testid="topup-balance" />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('balance.used')} value={formatQuota(user?.used_quota ?? 0)} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('balance.requests')} value={user?.request_count ?? 0} />
        </Col>
        {user && hasSpendingLimit(user) && (
          <Col span={24}>
            <Flex vertical gap={4} data-testid="topup-spending-limit">
              <Statistic title={t(`balance.spendingLimit.${user.budget_period}`)} value={formatQuota(user.budget_quota)} />
              <SpendingLimitUsage limit={user} formatQuota={formatQuota} testId="topup-budget" />
              <Typography.Text type="secondary">
                {t('balance.spendingLimitHelp', { time: formatUnixTime(user.budget_reset_time, i18n.language) })}
              </Typography.Text>
            </Flex>
          </Col>
        )}
      </Row>
    </Card>
  );
}
