import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SpendingLimitView } from '@gw/contracts';
import { formatUnixTime } from '../../lib/format';
import { hasSpendingLimit } from './spending-limit-form';

interface SpendingLimitUsageProps {
  limit: SpendingLimitView;
  formatQuota: (quota: number) => string;
  testId?: string;
}

/**
 * What was spent in the current period of a limit ("Today: $0.50 of $2.00"), in the danger colour once it is all
 * spent, and when the period renews as a tooltip; nothing without a limit.
 */
export function SpendingLimitUsage({ limit, formatQuota, testId }: SpendingLimitUsageProps) {
  const { t, i18n } = useTranslation();
  if (!hasSpendingLimit(limit)) return null;
  // The gateway refuses requests (429) until the period renews.
  const spent = limit.budget_used >= limit.budget_quota;
  return (
    <Tooltip title={t('spendingLimit.renews', { time: formatUnixTime(limit.budget_reset_time, i18n.language) })}>
      <Typography.Text type={spent ? 'danger' : 'secondary'} data-testid={testId}>
        {t(`spendingLimit.used.${limit.budget_period}`, { used: formatQuota(limit.budget_used), limit: formatQuota(limit.budget_quota) })}
      </Typography.Text>
    </Tooltip>
  );
}
