import { QuotaType, type ChannelTypeModels, type PricingEntry } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChannelRoutingService } from '../channels/channel-routing.service.js';
import type { RoutingTable } from '../channels/routing-table.js';
import { billsCacheWrites, resolvePrice, type PriceTables, type RatioPrice } from '../billing/price-calculator.js';
import { CACHE_RATIO_FALLBACK } from '../billing/default-ratios.js';
import { usableGroups } from '../groups/groups.service.js';
import { usersRepository } from '../users/users.repository.js';
import { channelTypeModels } from './model-catalogue.js';
import { priceTablesOf } from '../relay/pipeline/pricing.js';

/** What a per-token model prices apart from text: the optional fields of its pricing entry. */
function otherTokenPrices(model: string, price: RatioPrice, tables: PriceTables): Partial<PricingEntry> {
  const extra: Partial<PricingEntry> = {};
  // A model without a cache ratio bills cached tokens as input, and most vendors do not bill cache writes.
  if (price.cacheRatio !== CACHE_RATIO_FALLBACK) extra.cache_ratio = price.cacheRatio;
  if (billsCacheWrites(model, tables)) extra.cache_creation_ratio = price.cacheCreationRatio;
  if (price.audioRatio !== undefined) Object.assign(extra, { audio_ratio: price.audioRatio, audio_completion_ratio: price.audioCompletionRatio ?? 0 });
  if (price.imageRatio !== undefined) extra.image_ratio = price.imageRatio;
  if (price.longContext) extra.long_context = { ...price.longContext };
  return extra;
}

/** The signed-in caller, when there is one. */
export interface PricingReader {
  id: number;
  group: string;
}

export interface Pricing {
  data: PricingEntry[];
  group_ratio: Record<string, number>;
  usable_group: Record<string, string>;
}

/**
 * The public price list, the models a user may call, and the model catalogue per channel type. All of
 * it is read from the in-memory routing table and the options, never from the channels table.
 */
export class PricingService {
  /** model → groups with an enabled channel for it, built once per routing snapshot. */
  private readonly groupsByModel = new WeakMap<RoutingTable, Map<string, string[]>>();

  constructor(
    private readonly db: Db,
    private readonly options: OptionsService,
    private readonly routing: ChannelRoutingService,
  ) {}

  /**
   * Every model an enabled channel serves and that has a price: per call (quota_type 1, model_price in
   * USD) or per token (quota_type 0, model and completion ratios). Models without a price cannot be
   * called and are left out — unless self-use mode is on or the signed-in user accepts unpriced models,
   * where they show at the ratio they would be billed at. `group_ratio` and `usable_group` cover the
   * caller's usable groups (anonymous: the groups every user may pick).
   */
  async pricing(reader: PricingReader | null): Promise<Pricing> {
    const tables = this.priceTables();
    const acceptUnsetModel = this.options.get('SelfUseModeEnabled') || (reader !== null && (await this.acceptsUnpricedModels(reader.id)));
    const data: PricingEntry[] = [];
    for (const [model, groups] of this.modelGroups()) {
      const price = resolvePrice(model, groups[0], tables, { acceptUnsetModel });
      if (price.mode === 'unpriced') continue;
      data.push(
        price.mode === 'price'
          ? { model_name: model, quota_type: QuotaType.PerCall, model_ratio: 0, completion_ratio: 0, model_price: price.modelPrice, enable_groups: groups }
          : { model_name: model, quota_type: QuotaType.PerToken, model_ratio: price.modelRatio, completion_ratio: price.completionRatio, model_price: 0, enable_groups: groups, ...otherTokenPrices(model, price, tables) },
      );
    }
    const usable = usableGroups(this.options, reader?.group);
    const group_ratio: Record<string, number> = {};
    const usable_group: Record<string, string> = {};
    for (const [name, { ratio, desc }] of Object.entries(usable)) {
      group_ratio[name] = ratio;
      usable_group[name] = desc;
    }
    return { data, group_ratio, usable_group };
  }

  /** GET /api/user/models: the models served by an enabled channel in any group the user may use, sorted. */
  userModels(reader: PricingReader): string[] {
    const table = this.routing.table;
    const models = new Set<string>();
    for (const group of Object.keys(usableGroups(this.options, reader.group))) for (const model of table.modelsOf(group)) models.add(model);
    return [...models].sort();
  }

  /** GET /api/models: channel type → model names (model-catalogue.ts). */
  channelTypeModels(): ChannelTypeModels {
    const priced = new Set([...Object.keys(this.options.get('ModelRatio')), ...Object.keys(this.options.get('ModelPrice'))]);
    return channelTypeModels(priced, this.routing.table.channels());
  }

  private priceTables(): PriceTables {
    return priceTablesOf(this.options);
  }

  /** Sorted model → sorted groups of the current routing snapshot. */
  private modelGroups(): Map<string, string[]> {
    const table = this.routing.table;
    const cached = this.groupsByModel.get(table);
    if (cached) return cached;
    const byModel = new Map<string, Set<string>>();
    for (const group of table.groups()) {
      for (const model of table.modelsOf(group)) {
        let groups = byModel.get(model);
        if (!groups) byModel.set(model, (groups = new Set()));
        groups.add(group);
      }
    }
    const result = new Map([...byModel.keys()].sort().map((model) => [model, [...byModel.get(model)!].sort()] as const));
    this.groupsByModel.set(table, result);
    return result;
  }

  private async acceptsUnpricedModels(userId: number): Promise<boolean> {
    const user = await usersRepository.findById(this.db, userId);
    if (!user?.setting) return false;
    try {
      return (JSON.parse(user.setting) as { accept_unset_model_ratio_model?: unknown }).accept_unset_model_ratio_model === true;
    } catch {
      return false;
    }
  }
}
