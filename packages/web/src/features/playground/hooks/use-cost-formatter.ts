import { useSiteStatus } from '../../status/api/status.queries';
import { useDisplayCurrency } from '../../status/use-quota-formatter';
import { formatCost } from '../lib/usage-cost';

/** formatCost bound to the site's quota_per_unit and display currency (as useQuotaFormatter is for quota). */
export function useCostFormatter(): (cost: number) => string {
  const { status } = useSiteStatus();
  const currency = useDisplayCurrency();
  const perUnit = status.quota_per_unit ?? 500000;
  return (cost) => formatCost(cost, perUnit, currency);
}
