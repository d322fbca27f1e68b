import { normalizeBillingPreference, type BillingPreference } from '@gw/contracts';
import { nowSeconds } from '../platform/clock.js';
import { parseSettingObject } from '../personal/user-setting.js';

/**
 * How a request of this user may be paid when a subscription could pay for it: the user's billing
 * preference (users.setting `billing_preference`), or undefined when only the wallet can pay — no
 * subscription active (`subscriptionUntil`, users.subscription_until, in the past) or `wallet_only`.
 * Costs nothing for users without subscriptions: their setting is not even parsed.
 */
export function subscriptionFunding(subscriptionUntil: number, setting: string | null, now = nowSeconds()): BillingPreference | undefined {
  if (!(subscriptionUntil > now)) return undefined;
  const pref = billingPreferenceOf(setting);
  return pref === 'wallet_only' ? undefined : pref;
}

/** The preference saved in a user's setting JSON (the default when unset or unreadable). */
export function billingPreferenceOf(setting: string | null): BillingPreference {
  return normalizeBillingPreference(parseSettingObject(setting).billing_preference);
}
