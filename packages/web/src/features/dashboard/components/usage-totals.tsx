import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { shortenNumber } from '../../../lib/format';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import type { UsageTotals } from '../usage-series';

/** Totals of the chosen range: consumed quota, requests, tokens, and the per-minute averages. */
export function UsageTotalsCards({ totals, minutes }: { totals: UsageTotals; minutes: number }) {
  const { t } = useTranslation('dashboard');
  const formatQuota = useQuotaFormatter();
  const perMinute = (n: number) => (minutes > 0 ? (n / minutes).toFixed(2) : '0');
  const cards = [
    { key: 'quota', title: t('totals.quota'), value: formatQuota(totals.quota) },
    { key: 'count', title: t('totals.count'), value: shortenNumber(totals.count) },
    { key: 'tokens', title: t('totals.tokens'), value: shortenNumber(totals.tokens) },
    { key: 'rpm', title: t('totals.rpm'), value: perMinute(totals.count) },
    { key: 'tpm', title: t('totals.tpm'), value: perMinute(totals.tokens) },
  ];
  return (
    <Row gutter={[12, 12]} data-testid="dashboard-totals">
      {cards.map((c) => (
        <Col key={c.key} xs={12} md={8} xl={{ flex: '20%' }}>
          <Card size="small">
            <Statistic title={c.title} value={c.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
