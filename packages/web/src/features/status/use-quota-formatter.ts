import { useTranslation } from 'react-i18next';
import { useSiteStatus } from './api/status.queries';
import { displayCurrency, formatQuotaIn, type Currency } from '../../lib/format';

/** The currency the site shows quota in for the current language, or null for raw quota. */
export function useDisplayCurrency(): Currency | null {
  const { status } = useSiteStatus();
  const { i18n } = useTranslation();
  return displayCurrency(status, i18n.language);
}

/** formatQuota bound to the site's quota_per_unit and display type (currency, symbol and rate). */
export function useQuotaFormatter(): (quota: number) => string {
  const { status } = useSiteStatus();
  const currency = useDisplayCurrency();
  const perUnit = status.quota_per_unit ?? 500000;
  return (quota) => formatQuotaIn(quota, perUnit, currency);
}
