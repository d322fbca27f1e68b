import { useTranslation } from 'react-i18next';
import { priceCurrency } from '../../lib/format';
import { useSiteStatus } from '../status/api/status.queries';
import { formatPrice } from './pricing';

/** USD → shown currency, per the site's display type (by default dollars in English, yuan at `price` in Chinese). */
export function usePriceFormatter(): (usd: number) => string {
  const { status } = useSiteStatus();
  const { i18n } = useTranslation();
  const { symbol, rate } = priceCurrency(status, i18n.language);
  return (usd) => formatPrice(usd, rate, symbol);
}
