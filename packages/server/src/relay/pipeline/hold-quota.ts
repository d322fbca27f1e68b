import type { BillingPreference } from '@gw/contracts';
import { InsufficientSubscriptionQuotaError, InsufficientTokenQuotaError, InsufficientUserQuotaError } from '../../billing/billing-errors.js';
import { quotaExhausted } from '../relay-error.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';

/** Holds `amount` of quota for the request (from `funding` when a subscription pays); a shortfall is a 429 in the relay's words. */
export function holdQuota(deps: RelayDeps, input: RelayInput, amount: number, funding: BillingPreference | undefined): Promise<void> {
  const p = input.principal;
  return deps.billing
    .preConsume({ requestId: input.requestId, userId: p.userId, tokenId: p.tokenId, tokenUnlimited: p.tokenUnlimited, amount, funding })
    .catch((err: unknown) => {
      if (err instanceof InsufficientSubscriptionQuotaError) {
        throw quotaExhausted('your subscriptions have no quota left for this request; renew a plan or change your billing preference', 'insufficient_subscription_quota');
      }
      if (err instanceof InsufficientUserQuotaError) throw quotaExhausted('your account quota is not enough for this request; please top up', 'insufficient_user_quota');
      if (err instanceof InsufficientTokenQuotaError) throw quotaExhausted('this API key does not have enough quota left for this request', 'pre_consume_token_quota_failed');
      throw err;
    });
}
