import { Col, Flex, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '../../users/api/users.queries';
import { useSiteStatus } from '../../status/api/status.queries';
import { BalanceCard } from '../components/balance-card';
import { CheckinCard } from '../components/checkin-card';
import { InvitationCard } from '../components/invitation-card';
import { OnlineTopUpCard } from '../components/online-topup-card';
import { PaymentReturnNotice } from '../components/payment-return-notice';
import { RedeemCard } from '../components/redeem-card';

/** /topup: balance, daily check-in (when offered), redeem a code, online top-up, invitations (spec 3 §2.4). */
export function TopUpPage() {
  const self = useQuery(userQueries.detail('self'));
  const { status } = useSiteStatus();
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Flex vertical gap={16}>
          <PaymentReturnNotice />
          <BalanceCard user={self.data} loading={self.isPending} />
        </Flex>
      </Col>
      {status.checkin_enabled && (
        <Col span={24}>
          <CheckinCard />
        </Col>
      )}
      <Col xs={24} lg={12}>
        <RedeemCard topUpLink={status.top_up_link ?? ''} />
      </Col>
      <Col xs={24} lg={12}>
        <OnlineTopUpCard quotaPerUnit={status.quota_per_unit || 500000} />
      </Col>
      <Col span={24}>
        <InvitationCard user={self.data} />
      </Col>
    </Row>
  );
}
