import { Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { TokenView } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';

interface TokenBudgetUsageProps {
  token: TokenView;
  t: TFunction<'tokens'>;
  locale: string;
  formatQuota: (quota: number) => string;
}

/** What a key spent in its current period of its limit, and when the period renews; nothing for a key without one. */
export function TokenBudgetUsage({ token, t, locale, formatQuota }: TokenBudgetUsageProps) {
  if (!token.budget_period || token.budget_quota <= 0) return null;
  // The gateway refuses the key's requests (429) until the period renews.
  const spent = token.budget_used >= token.budget_quota;
  return (
    <Tooltip title={t('budget.renews', { time: formatUnixTime(token.budget_reset_time, locale) })}>
      <Typography.Text type={spent ? 'danger' : 'secondary'} data-testid="token-budget">
        {t(`budget.${token.budget_period}`, { used: formatQuota(token.budget_used), limit: formatQuota(token.budget_quota) })}
      </Typography.Text>
    </Tooltip>
  );
}
