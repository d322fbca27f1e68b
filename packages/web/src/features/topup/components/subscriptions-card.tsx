import { Card, Col, Flex, Form, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BILLING_PREFERENCES, type BillingPreference } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { subscriptionQueries, useUpdateBillingPreference } from '../../subscriptions/api/subscriptions.queries';
import { MySubscriptions } from './my-subscriptions';
import { SubscriptionPlanOffer } from './subscription-plan-offer';

/**
 * Subscription plans in the wallet (new-api's): the user's subscriptions, how requests are paid (the
 * billing preference) and the plans on sale with their ways to pay. Left out when nothing is on sale and
 * the user has never had a subscription.
 */
export function SubscriptionsCard() {
  const { t } = useTranslation('subscriptions');
  const plans = useQuery(subscriptionQueries.plans());
  const self = useQuery(subscriptionQueries.self());
  const preference = useUpdateBillingPreference();
  if (!plans.data || !self.data) return null;
  const offers = plans.data.map((item) => item.plan);
  if (offers.length === 0 && self.data.all_subscriptions.length === 0) return null;

  const choose = (value: BillingPreference) => preference.mutate(value, { onSuccess: () => notifySuccess(t('wallet.preferenceSaved')) });

  return (
    <Card title={t('wallet.title')} data-testid="subscriptions-card">
      <Flex vertical gap={16}>
        <Form layout="vertical">
          <Form.Item label={t('wallet.preference')} extra={t(`preferenceHelp.${self.data.billing_preference}`)} style={{ marginBottom: 0 }}>
            <Select<BillingPreference>
              value={preference.isPending ? preference.variables : self.data.billing_preference}
              onChange={choose}
              loading={preference.isPending}
              aria-label={t('wallet.preference')}
              style={{ maxWidth: 360 }}
              data-testid="billing-preference"
              options={BILLING_PREFERENCES.map((value) => ({ value, label: t(`preferences.${value}`) }))}
            />
          </Form.Item>
        </Form>
        <MySubscriptions subscriptions={self.data.all_subscriptions.map((s) => s.subscription)} />
        {offers.length > 0 && (
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('wallet.plans')}</Typography.Text>
            <Row gutter={[12, 12]}>
              {offers.map((plan) => (
                <Col key={plan.id} xs={24} md={12} xl={8}>
                  <SubscriptionPlanOffer plan={plan} />
                </Col>
              ))}
            </Row>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
