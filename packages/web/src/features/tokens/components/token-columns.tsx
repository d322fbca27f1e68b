import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { TOKEN_NEVER_EXPIRES, type TokenView } from '@gw/contracts';
import { SpendingLimitUsage } from '../../../components/spending-limit/spending-limit-usage';
import { StackedCell } from '../../../components/table/stacked-cell';
import { formatUnixTime } from '../../../lib/format';
import { maskedKey } from '../token-key';
import { rateLimitsText } from '../token-rate-limits';
import { TokenRowActions } from './token-row-actions';
import { TokenStatusTag } from './token-status-tag';

interface ColumnDeps {
  t: TFunction<'tokens'>;
  locale: string;
  formatQuota: (quota: number) => string;
  onEdit: (token: TokenView) => void;
}

/** Columns of the token list (spec 3 §2.2, §3). */
export function tokenColumns({ t, locale, formatQuota, onEdit }: ColumnDeps): ColumnsType<TokenView> {
  return [
    {
      title: t('columns.name'),
      key: 'name',
      render: (_, tk) => (
        <StackedCell title={tk.name}>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>{maskedKey(tk)}</Typography.Text>
        </StackedCell>
      ),
    },
    { title: t('columns.status'), key: 'status', render: (_, tk) => <TokenStatusTag status={tk.status} /> },
    {
      title: t('columns.quota'),
      key: 'quota',
      render: (_, tk) => (
        <Space orientation="vertical" size={0}>
          {tk.unlimited_quota ? <Tag color="purple">{t('quota.unlimited')}</Tag> : <span>{t('quota.remaining', { amount: formatQuota(tk.remain_quota) })}</span>}
          <Typography.Text type="secondary">{t('quota.used', { amount: formatQuota(tk.used_quota) })}</Typography.Text>
          <SpendingLimitUsage limit={tk} formatQuota={formatQuota} testId="token-budget" />
        </Space>
      ),
    },
    {
      title: t('columns.limits'),
      key: 'limits',
      render: (_, tk) => (
        <Space orientation="vertical" size={2}>
          <Tag>{tk.group || t('limits.ownGroup')}</Tag>
          {tk.model_limits_enabled && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: tk.model_limits }} style={{ maxWidth: 200 }}>
              {t('limits.models', { models: tk.model_limits })}
            </Typography.Text>
          )}
          {tk.allow_ips && <Typography.Text type="secondary">{t('limits.ips')}</Typography.Text>}
          {(tk.rpm_limit > 0 || tk.tpm_limit > 0) && (
            <Typography.Text type="secondary" data-testid="token-rate-limits" title={t('rateLimits.title')}>
              {rateLimitsText(tk, t)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('columns.created'), key: 'created', render: (_, tk) => formatUnixTime(tk.created_time, locale) },
    {
      title: t('columns.expires'),
      key: 'expires',
      render: (_, tk) => (tk.expired_time === TOKEN_NEVER_EXPIRES ? t('expiry.never') : formatUnixTime(tk.expired_time, locale)),
    },
    { title: t('columns.actions'), key: 'actions', render: (_, tk) => <TokenRowActions token={tk} onEdit={onEdit} /> },
  ];
}
