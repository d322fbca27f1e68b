import { useTranslation } from 'react-i18next';
import type { SubscriptionPlanView, SubscriptionResetPeriod, UserSubscriptionView } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { planDuration, resetSchedule, type TimeAmount } from './subscription-labels';

const KNOWN_SOURCES = ['order', 'admin', 'balance'] as const;

/** The words of the subscription screens (plans in the wallet and the admin pages, a user's subscriptions). */
export function useSubscriptionLabels() {
  const { t, i18n } = useTranslation('subscriptions');
  const formatQuota = useQuotaFormatter();
  const amount = ({ unit, count }: TimeAmount) => t(`units.${unit}.${count === 1 ? 'one' : 'other'}`, { count });
  return {
    amount,
    duration: (plan: Pick<SubscriptionPlanView, 'duration_unit' | 'duration_value' | 'custom_seconds'>) => amount(planDuration(plan)),
    reset: (period: SubscriptionResetPeriod, customSeconds: number) => {
      const schedule = resetSchedule(period, customSeconds);
      return schedule.kind === 'custom' ? t('resetEvery', { amount: amount(schedule.every) }) : t(`resetPeriods.${schedule.kind}`);
    },
    /** A budget in the site's quota display; 0 is unlimited. */
    budget: (total: number) => (total > 0 ? formatQuota(total) : t('unlimited')),
    quota: formatQuota,
    status: (status: UserSubscriptionView['status']) => t(`statuses.${status}`),
    source: (source: string) => ((KNOWN_SOURCES as readonly string[]).includes(source) ? t(`sources.${source as (typeof KNOWN_SOURCES)[number]}`) : source),
    time: (seconds: number) => formatUnixTime(seconds, i18n.language) || '—',
  };
}

export const STATUS_COLORS: Record<UserSubscriptionView['status'], string> = { active: 'green', expired: 'default', cancelled: 'red' };
