import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountSecurityQueries } from '../api/account-security.queries';

/** One line above the user list: how many users have two-factor authentication on (GET /api/user/2fa/stats). */
export function TwoFactorStatsLine() {
  const { t } = useTranslation('users');
  const { data } = useQuery(accountSecurityQueries.stats());
  if (!data) return null;
  return (
    <Typography.Text type="secondary" data-testid="two-factor-stats">
      {t('security.stats', { enabled: data.enabled_users, total: data.total_users, rate: data.enabled_rate })}
    </Typography.Text>
  );
}
