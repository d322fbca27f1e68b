import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogStat } from '@gw/contracts';
import { useQuotaFormatter } from '../../status/use-quota-formatter';

/** Stat badges (spec 3 §2.5): consumed quota for the filters, requests and tokens in the last minute. */
export function LogsStats({ stat, loading }: { stat?: LogStat; loading: boolean }) {
  const { t } = useTranslation('logs');
  const formatQuota = useQuotaFormatter();
  const show = (v: number | undefined, f: (n: number) => string | number = (n) => n) => (v === undefined ? (loading ? '…' : '-') : f(v));
  return (
    <Space wrap size={8} data-testid="log-stats">
      <Tag color="blue">{t('stats.quota', { value: show(stat?.quota, formatQuota) })}</Tag>
      <Tag color="magenta">{t('stats.rpm', { value: show(stat?.rpm) })}</Tag>
      <Tag color="gold">{t('stats.tpm', { value: show(stat?.tpm) })}</Tag>
    </Space>
  );
}
