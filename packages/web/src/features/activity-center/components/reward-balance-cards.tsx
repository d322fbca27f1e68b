import type { ReactNode } from 'react';
import { Button, Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { GiftOutlined, SwapOutlined, ThunderboltOutlined, WalletOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { totalQuota } from '../reward-quota';

interface RewardBalanceCardsProps {
  user?: UserView;
  loading: boolean;
  fuelPackQuota: number;
  claiming: boolean;
  /** When the next fuel pack can be claimed (unix seconds), once known. */
  nextClaimAt: number | null;
  onClaim: () => void;
  onTransfer: () => void;
}

function BalanceCard({ title, icon, value, testId, footer }: { title: string; icon: ReactNode; value: string; testId: string; footer: ReactNode }) {
  return (
    <Card style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Statistic title={<Flex gap={6}>{icon}{title}</Flex>} value={value} styles={{ content: { fontWeight: 600 } }} data-testid={testId} />
        {footer}
      </Flex>
    </Card>
  );
}

/**
 * The four balance cards of the activity center (spec 3 §2.12): balance with a top-up button, invitation
 * rewards (pending and all-time), activity rewards, and the fuel pack with its claim button.
 */
export function RewardBalanceCards({ user, loading, fuelPackQuota, claiming, nextClaimAt, onClaim, onTransfer }: RewardBalanceCardsProps) {
  const { t, i18n } = useTranslation('activityCenter');
  const formatQuota = useQuotaFormatter();
  const u = user ?? { quota: 0, aff_quota: 0, aff_history_quota: 0, activity_quota: 0, activity_history_quota: 0, history_fuel_pack_quota: 0 };
  return (
    <Card title={t('balance.title')} loading={loading && !user} extra={<Typography.Text type="secondary">{t('balance.total', { amount: formatQuota(totalQuota(u)) })}</Typography.Text>}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <BalanceCard
            title={t('balance.current')}
            icon={<WalletOutlined />}
            value={formatQuota(u.quota)}
            testId="reward-balance"
            footer={
              <Link to="/topup">
                <Button block>{t('balance.topUp')}</Button>
              </Link>
            }
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <BalanceCard
            title={t('balance.invitation')}
            icon={<GiftOutlined />}
            value={formatQuota(u.aff_quota)}
            testId="reward-invitation"
            footer={<Typography.Text type="secondary">{t('balance.history', { amount: formatQuota(u.aff_history_quota) })}</Typography.Text>}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <BalanceCard
            title={t('balance.activity')}
            icon={<SwapOutlined />}
            value={formatQuota(u.activity_quota)}
            testId="reward-activity"
            footer={
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">{t('balance.history', { amount: formatQuota(u.activity_history_quota) })}</Typography.Text>
                <Button block onClick={onTransfer} data-testid="open-transfer">
                  {t('balance.transfer')}
                </Button>
              </Flex>
            }
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <BalanceCard
            title={t('balance.fuelPack')}
            icon={<ThunderboltOutlined />}
            value={formatQuota(u.history_fuel_pack_quota)}
            testId="reward-fuel-pack"
            footer={
              <Flex vertical gap={8}>
                <Button type="primary" block loading={claiming} onClick={onClaim} data-testid="claim-fuel-pack">
                  {fuelPackQuota > 0 ? t('fuelPack.claimAmount', { amount: formatQuota(fuelPackQuota) }) : t('fuelPack.claim')}
                </Button>
                {nextClaimAt !== null && (
                  <Typography.Text type="secondary" data-testid="fuel-pack-next">
                    {t('fuelPack.next', { time: formatUnixTime(nextClaimAt, i18n.language) })}
                  </Typography.Text>
                )}
              </Flex>
            }
          />
        </Col>
      </Row>
    </Card>
  );
}
