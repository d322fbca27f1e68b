import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/contracts';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { PaymentHistoryButton } from './payment-history';

/** Balance, used quota and request count, in currency or raw quota as the site displays it. */
export function BalanceCard({ user, loading }: { user?: UserView; loading: boolean }) {
  const { t } = useTranslation('topup');
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
      </Row>
    </Card>
  );
}
