import { resolvePrice, type PriceTables, type ResolvedPrice } from '../../billing/price-calculator.js';
import type { OptionsService } from '../../options/options.service.js';
import { OptionsMemo } from '../../options/options-memo.js';
import type { ApiKeyPrincipal } from './authenticate-api-key.js';

/** The current price tables from the options. */
export function priceTablesOf(o: OptionsService): PriceTables {
  return {
    ModelPrice: o.get('ModelPrice'),
    ModelRatio: o.get('ModelRatio'),
    CompletionRatio: o.get('CompletionRatio'),
    CacheRatio: o.get('CacheRatio'),
    CreateCacheRatio: o.get('CreateCacheRatio'),
    AudioRatio: o.get('AudioRatio'),
    AudioCompletionRatio: o.get('AudioCompletionRatio'),
    ImageRatio: o.get('ImageRatio'),
    ToolCallPrice: o.get('ToolCallPrice'),
    LongContextPrice: o.get('LongContextPrice'),
    GroupRatio: o.get('GroupRatio'),
    GroupGroupRatio: o.get('GroupGroupRatio'),
  };
}

/** Models without a price may be used in self-use mode, or by a user who opted in (setting accept_unset_model_ratio_model). */
export function acceptsUnpricedModels(o: OptionsService, principal: ApiKeyPrincipal): boolean {
  if (o.get('SelfUseModeEnabled')) return true;
  if (!principal.userSetting) return false;
  try {
    return (JSON.parse(principal.userSetting) as { accept_unset_model_ratio_model?: unknown }).accept_unset_model_ratio_model === true;
  } catch {
    return false;
  }
}

const prices = new OptionsMemo<ResolvedPrice>(5000);

/**
 * The price of a model in a group for a user of `userGroup` (GroupGroupRatio), remembered until the options
 * change: resolving walks several tables and name fallbacks, and every relayed request asks for it.
 */
export function currentPrice(o: OptionsService, model: string, group: string, acceptUnsetModel: boolean, userGroup: string): ResolvedPrice {
  return prices.get(o, `${acceptUnsetModel ? 1 : 0}\u0000${group}\u0000${userGroup}\u0000${model}`, () => resolvePrice(model, group, priceTablesOf(o), { acceptUnsetModel, userGroup }));
}
