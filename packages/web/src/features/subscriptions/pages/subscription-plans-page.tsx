import { SubscriptionPlansCard } from '../components/subscription-plans-card';

/** /subscription (admin): new-api's subscription plans; a user's subscriptions are managed from the user list. */
export function SubscriptionPlansPage() {
  return <SubscriptionPlansCard />;
}
