import { QuotaType, type BoundChannel, type ChannelTypeModels, type EndpointInfo, type PricingEntry, type PricingVendor } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChannelRoutingService } from '../channels/channel-routing.service.js';
import type { RoutingTable } from '../channels/routing-table.js';
import { billsCacheWrites, resolvePrice, type PriceTables, type RatioPrice } from '../billing/price-calculator.js';
import { CACHE_RATIO_FALLBACK } from '../billing/default-ratios.js';
import { autoGroupsFor, usableGroups } from '../groups/groups.service.js';
import { usersRepository } from '../users/users.repository.js';
import { channelTypeModels } from './model-catalogue.js';
import { splitCommaList } from '../channels/comma-list.js';
import { priceTablesOf } from '../relay/pipeline/pricing.js';
import type { MetadataCache } from '../model-metadata/metadata-cache.js';
import type { MetadataIndex } from '../model-metadata/metadata-index.js';
import { defaultEndpoint, endpointTypesOf, ownEndpoints } from './endpoint-types.js';

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

/**
 * A pricing entry's metadata fields, and its endpoint types' paths added to `endpoints`: the model's own
 * endpoints (from its metadata) replace the defaults for its types.
 */
function describe(model: string, served: ServedModel, meta: MetadataIndex, endpoints: Record<string, EndpointInfo>): Partial<PricingEntry> & Pick<PricingEntry, 'supported_endpoint_types'> {
  const entry = meta.entryFor(model);
  const own = entry ? ownEndpoints(entry.endpoints) : undefined;
  const types = own ? Object.keys(own) : endpointTypesOf(model, served.channelTypes);
  for (const type of types) {
    const info = own?.[type] ?? defaultEndpoint(type);
    if (info && (own?.[type] || !endpoints[type])) endpoints[type] = info;
  }
  const described: Partial<PricingEntry> & Pick<PricingEntry, 'supported_endpoint_types'> = { supported_endpoint_types: types };
  if (entry?.description) described.description = entry.description;
  if (entry?.icon) described.icon = entry.icon;
  if (entry?.tags) described.tags = entry.tags;
  if (entry) {
    for (const fact of MODEL_FACTS) {
      const value = entry[fact];
      if (value) Object.assign(described, { [fact]: value });
    }
  }
  const vendorId = meta.vendorIdFor(model);
  if (vendorId) described.vendor_id = vendorId;
  return described;
}

/** The metadata facts a pricing entry carries when they are set. */
const MODEL_FACTS = ['context_length', 'max_output_tokens', 'input_modalities', 'output_modalities', 'knowledge_cutoff', 'release_date', 'parameter_count'] as const;

function pricingVendor(meta: MetadataIndex, id: number): PricingVendor {
  const v = meta.vendor(id)!;
  const vendor: PricingVendor = { id: v.id, name: v.name };
  if (v.description) vendor.description = v.description;
  if (v.icon) vendor.icon = v.icon;
  return vendor;
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
  vendors: PricingVendor[];
  supported_endpoint: Record<string, EndpointInfo>;
  auto_groups: string[];
}

/** A model an enabled channel serves: in which groups (sorted), by which channels (by id), of which types. */
export interface ServedModel {
  groups: string[];
  channels: BoundChannel[];
  channelTypes: number[];
}

/**
 * The public price list, the models a user may call, and the model catalogue per channel type. All of
 * it is read from the in-memory routing table and the options, never from the channels table.
 */
export class PricingService {
  /** model → how it is served, built once per routing snapshot. */
  private readonly servedByTable = new WeakMap<RoutingTable, Map<string, ServedModel>>();

  constructor(
    private readonly db: Db,
    private readonly options: OptionsService,
    private readonly routing: ChannelRoutingService,
    private readonly metadata: Pick<MetadataCache, 'index'>,
  ) {}

  /**
   * Every model an enabled channel serves and that has a price: per call (quota_type 1, model_price in
   * USD) or per token (quota_type 0, model and completion ratios). Models without a price cannot be
   * called and are left out — unless self-use mode is on or the signed-in user accepts unpriced models,
   * where they show at the ratio they would be billed at. `group_ratio` and `usable_group` cover the
   * caller's usable groups (anonymous: the groups every user may pick). Model metadata adds each model's
   * description, icon, tags, vendor and endpoints; a model whose metadata is disabled is left out.
   */
  async pricing(reader: PricingReader | null): Promise<Pricing> {
    const tables = this.priceTables();
    const acceptUnsetModel = this.options.get('SelfUseModeEnabled') || (reader !== null && (await this.acceptsUnpricedModels(reader.id)));
    const meta = await this.metadata.index();
    const data: PricingEntry[] = [];
    const endpoints: Record<string, EndpointInfo> = {};
    const vendorIds = new Set<number>();
    for (const [model, served] of this.servedModels()) {
      if (!meta.listed(model)) continue;
      const groups = served.groups;
      const price = resolvePrice(model, groups[0], tables, { acceptUnsetModel });
      if (price.mode === 'unpriced') continue;
      const described = describe(model, served, meta, endpoints);
      if (described.vendor_id) vendorIds.add(described.vendor_id);
      data.push(
        price.mode === 'price'
          ? { model_name: model, quota_type: QuotaType.PerCall, model_ratio: 0, completion_ratio: 0, model_price: price.modelPrice, enable_groups: groups, ...described }
          : { model_name: model, quota_type: QuotaType.PerToken, model_ratio: price.modelRatio, completion_ratio: price.completionRatio, model_price: 0, enable_groups: groups, ...described, ...otherTokenPrices(model, price, tables) },
      );
    }
    const vendors = [...vendorIds].sort((a, b) => a - b).map((id) => pricingVendor(meta, id));
    const usable = usableGroups(this.options, reader?.group);
    const group_ratio: Record<string, number> = {};
    const usable_group: Record<string, string> = {};
    for (const [name, { ratio, desc }] of Object.entries(usable)) {
      group_ratio[name] = ratio;
      usable_group[name] = desc;
    }
    return { data, group_ratio, usable_group, vendors, supported_endpoint: endpoints, auto_groups: autoGroupsFor(this.options, reader?.group ?? '') };
  }

  /** How a model bills in its first group (0 per token, 1 per call), or undefined when it has no price. */
  quotaTypeOf(model: string, group: string): number | undefined {
    const price = resolvePrice(model, group, this.priceTables(), { acceptUnsetModel: false });
    return price.mode === 'unpriced' ? undefined : price.mode === 'price' ? QuotaType.PerCall : QuotaType.PerToken;
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

  /** The models of the current routing snapshot, sorted by name, with their groups and channels. */
  servedModels(): ReadonlyMap<string, ServedModel> {
    const table = this.routing.table;
    const cached = this.servedByTable.get(table);
    if (cached) return cached;
    const byModel = new Map<string, { groups: Set<string>; channels: Map<number, BoundChannel> }>();
    const entryOf = (model: string) => {
      let entry = byModel.get(model);
      if (!entry) byModel.set(model, (entry = { groups: new Set(), channels: new Map() }));
      return entry;
    };
    for (const group of table.groups()) for (const model of table.modelsOf(group)) entryOf(model).groups.add(group);
    for (const channel of table.channels()) {
      for (const model of splitCommaList(channel.models)) byModel.get(model)?.channels.set(channel.id, { name: channel.name, type: channel.type });
    }
    const result = new Map<string, ServedModel>();
    for (const model of [...byModel.keys()].sort()) {
      const { groups, channels } = byModel.get(model)!;
      const bound = [...channels.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
      result.set(model, { groups: [...groups].sort(), channels: bound, channelTypes: [...new Set(bound.map((c) => c.type))] });
    }
    this.servedByTable.set(table, result);
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
