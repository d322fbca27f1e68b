import { useState } from 'react';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSiteStatus } from '../../status/api/status.queries';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { userQueries } from '../../users/api/users.queries';
import { useClaimFuelPack } from '../api/rewards.queries';
import { InvitationBox } from '../components/invitation-box';
import { RecentActivitiesModal } from '../components/recent-activities-modal';
import { RewardBalanceCards } from '../components/reward-balance-cards';
import { TransferQuotaModal } from '../components/transfer-quota-modal';
import { nextClaimAt, transferableQuota } from '../reward-quota';

/** /activity-center: balances and rewards, invitations, the fuel pack, recent activities and transfers (spec 3 §2.12). */
export function ActivityCenterPage() {
  const { t } = useTranslation('activityCenter');
  const self = useQuery(userQueries.detail('self'));
  const { status } = useSiteStatus();
  const claim = useClaimFuelPack();
  const formatQuota = useQuotaFormatter();
  const [transferOpen, setTransferOpen] = useState(false);
  const [activitiesOpen, setActivitiesOpen] = useState(false);
  /** Known after a claim or a refused claim (unix seconds). */
  const [nextClaim, setNextClaim] = useState<number | null>(null);
  const user = self.data;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <RewardBalanceCards
          user={user}
          loading={self.isPending}
          fuelPackQuota={status.fuel_pack_quota ?? 0}
          claiming={claim.isPending}
          nextClaimAt={nextClaim}
          onClaim={() =>
            claim.mutate(undefined, {
              onSuccess: (c) => {
                setNextClaim(nextClaimAt(c));
                notifySuccess(t('fuelPack.claimed', { amount: formatQuota(c?.quota ?? 0) }));
              },
              onError: (error) => {
                if (error instanceof ApiError) setNextClaim(nextClaimAt(error.data));
              },
            })
          }
          onTransfer={() => setTransferOpen(true)}
        />
      </Col>
      <Col xs={24} lg={16}>
        <InvitationBox user={user} />
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('activities.title')} style={{ height: '100%' }}>
          <Flex vertical gap={16}>
            <Typography.Text type="secondary">{t('activities.hint')}</Typography.Text>
            <Button icon={<HistoryOutlined />} onClick={() => setActivitiesOpen(true)}>
              {t('activities.open')}
            </Button>
          </Flex>
        </Card>
      </Col>
      <TransferQuotaModal open={transferOpen} transferable={user ? transferableQuota(user) : 0} onClose={() => setTransferOpen(false)} />
      <RecentActivitiesModal open={activitiesOpen} onClose={() => setActivitiesOpen(false)} />
    </Row>
  );
}
