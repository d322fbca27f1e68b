import type { OptionDef } from './option-def.js';
import { authOptions } from './registry/auth.js';
import { mailOptions } from './registry/mail.js';
import { paymentOptions } from './registry/payment.js';
import { onlineCheckoutOptions } from './registry/online-checkout.js';
import { contentOptions } from './registry/content.js';
import { consoleContentOptions } from './registry/console-content.js';
import { fetchOptions } from './registry/fetch.js';
import { operationOptions } from './registry/operation.js';
import { displayOptions } from './registry/display.js';
import { quotaOptions } from './registry/quota.js';
import { checkinOptions } from './registry/checkin.js';
import { pricingOptions } from './registry/pricing.js';
import { modelSettingsOptions } from './registry/model-settings.js';
import { channelAffinityOptions } from './registry/channel-affinity.js';
import { performanceOptions } from './registry/performance.js';
import { responseCacheOptions } from './registry/response-cache.js';

export type { OptionDef, OptionKind } from './option-def.js';

/**
 * Every runtime option (spec 2 §3), grouped by area in registry/*.ts. The order here is the order of
 * GET /api/option/. Secret options are declared with `secret()` in their area file.
 */
export const optionRegistry = {
  ...authOptions,
  ...mailOptions,
  ...paymentOptions,
  ...onlineCheckoutOptions,
  ...contentOptions,
  ...consoleContentOptions,
  ...fetchOptions,
  ...operationOptions,
  ...displayOptions,
  ...channelAffinityOptions,
  ...responseCacheOptions,
  ...quotaOptions,
  ...checkinOptions,
  ...pricingOptions,
  ...modelSettingsOptions,
  ...performanceOptions,
} satisfies Record<string, OptionDef<any>>;

export type OptionKey = keyof typeof optionRegistry;
export type OptionValue<K extends OptionKey> = (typeof optionRegistry)[K]['default'];

export const optionKeys = Object.keys(optionRegistry) as OptionKey[];

export function isOptionKey(key: string): key is OptionKey {
  return Object.prototype.hasOwnProperty.call(optionRegistry, key);
}

export function optionDef(key: OptionKey): OptionDef {
  return optionRegistry[key] as OptionDef;
}

/** The write-only options: never returned by any API. */
export const secretOptionKeys: ReadonlySet<OptionKey> = new Set(optionKeys.filter((k) => optionDef(k).secret));
