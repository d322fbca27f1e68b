import type { PriceTables } from '../../billing/price-calculator.js';
import type { OptionsService } from '../../options/options.service.js';
import type { ApiKeyPrincipal } from './authenticate-api-key.js';

/** The current price tables from the options. */
export function priceTablesOf(o: OptionsService): PriceTables {
  return { ModelPrice: o.get('ModelPrice'), ModelRatio: o.get('ModelRatio'), CompletionRatio: o.get('CompletionRatio'), CacheRatio: o.get('CacheRatio'), GroupRatio: o.get('GroupRatio') };
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
