import { Col, Flex, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '../../users/api/users.queries';
import { useSiteStatus } from '../../status/api/status.queries';
import { BalanceCard } from '../components/balance-card';
import { CheckinCard } from '../components/checkin-card';
import { InvitationCard } from '../components/invitation-card';
import { OnlineTopUpCard } from '../components/online-topup-card';
import { StripeTopUpCard } from '../components/stripe-topup-card';
import { CreemTopUpCard } from '../components/creem-topup-card';
import { topupQueries } from '../api/topup.queries';
import { parseCreemProducts } from '../creem-products';
import { topUpMethods } from '../topup-methods';
import { PaymentReturnNotice } from '../components/payment-return-notice';
import { RedeemCard } from '../components/redeem-card';
import { AllOrdersCard } from '../components/all-orders-card';
import { SubscriptionsCard } from '../components/subscriptions-card';
import { useRoles } from '../../../lib/session';

/**
 * /topup: balance, daily check-in (when offered), redeem a code, online top-up (EPay/Alipay, Stripe and
 * Creem as configured; the EPay card also says when no online payment is offered), subscription plans (when any
 * is on sale or the user has had one), invitations (spec 3 §2.4);
 * administrators also see every order.
 */
export function TopUpPage() {
  const self = useQuery(userQueries.detail('self'));
  const { status } = useSiteStatus();
  const info = useQuery(topupQueries.info());
  const methods = topUpMethods(info.data);
  const { isAdmin } = useRoles();
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
      {methods.gateway && (
        <Col xs={24} lg={12}>
          <OnlineTopUpCard quotaPerUnit={status.quota_per_unit || 500000} />
        </Col>
      )}
      {methods.stripe && (
        <Col xs={24} lg={12}>
          <StripeTopUpCard minTopUp={info.data?.stripe_min_topup ?? 1} />
        </Col>
      )}
      {methods.creem && (
        <Col xs={24} lg={12}>
          <CreemTopUpCard products={parseCreemProducts(info.data?.creem_products)} />
        </Col>
      )}
      <Col span={24}>
        <SubscriptionsCard />
      </Col>
      <Col span={24}>
        <InvitationCard user={self.data} />
      </Col>
      {isAdmin && (
        <Col span={24}>
          <AllOrdersCard />
        </Col>
      )}
    </Row>
  );
}
