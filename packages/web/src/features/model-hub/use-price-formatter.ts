import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../status/api/status.queries';
import { formatPrice } from './pricing';

/** USD → shown currency: dollars in English, yuan through the status exchange rate (`price`) in Chinese. */
export function usePriceFormatter(): (usd: number) => string {
  const { status } = useSiteStatus();
  const { i18n } = useTranslation();
  const isZh = i18n.language === 'zh';
  return (usd) => formatPrice(usd, isZh ? status.price || 1 : 1, isZh ? '¥' : '$');
}
