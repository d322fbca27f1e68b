import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SubscriptionOrdersCard } from '../components/subscription-orders-card';
import { SubscriptionPlansCard } from '../components/subscription-plans-card';

/**
 * /subscription (admin): new-api's subscription plans and their online orders (`?tab=orders`); a user's
 * subscriptions are managed from the user list.
 */
export function SubscriptionPlansPage() {
  const { t } = useTranslation('subscriptions');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'orders' ? 'orders' : 'plans';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'orders' ? { tab: key } : {}, { replace: true })}
      items={[
        { key: 'plans', label: t('tabs.plans'), children: <SubscriptionPlansCard /> },
        { key: 'orders', label: t('tabs.orders'), children: <SubscriptionOrdersCard /> },
      ]}
    />
  );
}
