import type { TFunction } from 'i18next';
import type { TokenView } from '@gw/contracts';
import { shortenNumber } from '../../lib/format';

/** A key's per-minute limits for the token list ("60 RPM · 100k TPM"); '' when it has none. */
export function rateLimitsText(token: Pick<TokenView, 'rpm_limit' | 'tpm_limit'>, t: TFunction<'tokens'>): string {
  const parts: string[] = [];
  if (token.rpm_limit > 0) parts.push(t('rateLimits.rpm', { value: shortenNumber(token.rpm_limit) }));
  if (token.tpm_limit > 0) parts.push(t('rateLimits.tpm', { value: shortenNumber(token.tpm_limit) }));
  return parts.join(' · ');
}
