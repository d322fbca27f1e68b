import { Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '../../users/api/users.queries';
import { AccountBindings } from '../../oauth';
import { PasskeysCard } from '../../two-factor/components/passkeys-card';
import { TotpCard } from '../../two-factor/components/totp-card';
import { AccessTokenCard } from '../components/access-token-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { ModelsCard } from '../components/models-card';
import { NotificationCard } from '../components/notification-card';
import { PasswordCard } from '../components/password-card';
import { PricingPreferenceCard } from '../components/pricing-preference-card';
import { SessionsCard } from '../components/sessions-card';
import { ProfileCard } from '../components/profile-card';

/** /personal (spec 3 §2.8): profile, security, models, bindings, notifications, pricing preference, deletion. */
export function PersonalPage() {
  const self = useQuery(userQueries.detail('self'));
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <ProfileCard user={self.data} loading={self.isPending} />
      </Col>
      <Col xs={24} xl={12}>
        <PasswordCard />
      </Col>
      <Col xs={24} xl={12}>
        <TotpCard />
      </Col>
      <Col xs={24} xl={12}>
        <PasskeysCard />
      </Col>
      <Col xs={24} xl={12}>
        <AccessTokenCard />
      </Col>
      <Col span={24}>
        <ModelsCard />
      </Col>
      <Col xs={24} xl={12}>
        <AccountBindings />
      </Col>
      <Col xs={24} xl={12}>
        <PricingPreferenceCard />
      </Col>
      <Col span={24}>
        <NotificationCard />
      </Col>
      <Col span={24}>
        <SessionsCard />
      </Col>
      <Col span={24}>{self.data && <DeleteAccountCard username={self.data.username} />}</Col>
    </Row>
  );
}
