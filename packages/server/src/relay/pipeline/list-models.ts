import { resolvePrice } from '../../billing/price-calculator.js';
import type { ApiKeyPrincipal } from './authenticate-api-key.js';
import type { RelayDeps } from './relay-deps.js';
import { acceptsUnpricedModels, priceTablesOf } from './pricing.js';
import { listingGroups } from './auto-group.js';
import { endpointTypesOf } from '../../pricing/endpoint-types.js';
import { modelListDetails, type ModelListDetails } from './model-list-details.js';
import type { MetadataIndex } from '../../model-metadata/metadata-index.js';

export interface ModelEntry extends ModelListDetails {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  /** new-api's field: the endpoint types the model can be called on, the usual one first. */
  supported_endpoint_types: string[];
}

const CREATED = 1_700_000_000;

/**
 * The models an API key may call (GET /v1/models): served by an enabled channel in the key's group (an
 * `auto` key's: any of its auto groups) and
 * priced (unless self-use mode or the user accepts unpriced models), or configured with the user's own
 * supplier key (custom models, never priced); either way allowed by the key's model limits. Each entry
 * also carries OpenRouter's fields from the model's metadata and its price in the key's group.
 */
export async function listModelsFor(deps: RelayDeps, principal: ApiKeyPrincipal): Promise<ModelEntry[]> {
  const tables = priceTablesOf(deps.options);
  const acceptUnset = acceptsUnpricedModels(deps.options, principal);
  const ownKeyModels = new Set((principal.pinnedChannelId === null && (await deps.ownKeyChannels?.modelsFor(principal.userId))) || []);
  const ids = new Set<string>();
  /** model → the types of the channels serving it to this key. */
  const channelTypes = new Map<string, Set<number>>();
  /** model → the first of the key's groups serving it: where its listed price is taken. */
  const priceGroup = new Map<string, string>();
  const table = deps.routing.table;
  for (const group of listingGroups(deps, principal)) {
    for (const model of table.modelsOf(group)) {
      if (!ownKeyModels.has(model) && !acceptUnset && resolvePrice(model, group, tables).mode === 'unpriced') continue;
      ids.add(model);
      if (!priceGroup.has(model)) priceGroup.set(model, group);
      let types = channelTypes.get(model);
      if (!types) channelTypes.set(model, (types = new Set()));
      for (const tier of table.candidates(group, model)?.tiers ?? []) for (const channel of tier.channels) types.add(channel.type);
    }
  }
  for (const model of ownKeyModels) ids.add(model);
  const meta = await deps.modelMetadata?.index();
  const quotaPerUnit = deps.options.get('QuotaPerUnit');
  const out: ModelEntry[] = [];
  for (const id of ids) {
    if (principal.modelLimits && !principal.modelLimits.has(id)) continue;
    const group = priceGroup.get(id);
    // A model served with the user's own supplier key is not billed here: it has no price to show.
    const price = group !== undefined && !ownKeyModels.has(id) ? resolvePrice(id, group, tables, { acceptUnsetModel: acceptUnset, userGroup: principal.userGroup }) : undefined;
    out.push({
      id, object: 'model', created: CREATED, owned_by: vendorOf(meta, id) ?? ownerOf(id), supported_endpoint_types: endpointTypesOf(id, channelTypes.get(id) ?? []),
      ...modelListDetails(meta?.entryFor(id), price, quotaPerUnit),
    });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** The model's vendor (its metadata's, or the one its name suggests), lower-cased as OpenAI spells owners. */
function vendorOf(meta: MetadataIndex | undefined, model: string): string | undefined {
  return meta?.vendor(meta.vendorIdFor(model))?.name.toLowerCase();
}

function ownerOf(model: string): string {
  if (/^(gpt|o\d|dall-e|whisper|tts|text-embedding|omni)/.test(model)) return 'openai';
  if (model.startsWith('claude')) return 'anthropic';
  if (model.startsWith('gemini') || model.startsWith('text-embedding-004')) return 'google';
  return model.includes('/') ? model.split('/')[0] : 'custom';
}
