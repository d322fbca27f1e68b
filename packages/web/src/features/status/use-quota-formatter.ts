import { useTranslation } from 'react-i18next';
import { useSiteStatus } from './api/status.queries';
import { formatQuota } from '../../lib/format';

/** formatQuota bound to the site's quota_per_unit, currency flag and (for Chinese) exchange rate. */
export function useQuotaFormatter(): (quota: number) => string {
  const { status } = useSiteStatus();
  const { i18n } = useTranslation();
  const isZh = i18n.language === 'zh';
  return (quota) =>
    formatQuota(quota, {
      quotaPerUnit: status.quota_per_unit ?? 500000,
      displayInCurrency: status.display_in_currency ?? true,
      rate: isZh ? status.price || 1 : 1,
      symbol: isZh ? '¥' : '$',
    });
}
