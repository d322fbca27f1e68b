import { ChannelConfigError, parseJsonObjectColumn, rememberedColumnParse } from './channel-config-error.js';

/**
 * A channel's model mapping: the JSON object `{"requested": "upstream"}` in channels.model_mapping.
 * The upstream name goes into the outgoing request; billing and logs keep the requested name.
 */
export type ModelMapping = ReadonlyMap<string, string>;

const CODE = 'channel:model_mapped_error';

/** Parses the column; blank or `{}` is an empty mapping. Every value must be a non-empty string. */
export function parseModelMapping(raw: string | null | undefined): ModelMapping {
  const object = parseJsonObjectColumn(raw, CODE, 'model mapping');
  const mapping = new Map<string, string>();
  for (const [from, to] of Object.entries(object ?? {})) {
    if (typeof to !== 'string' || to.trim() === '') {
      throw new ChannelConfigError(CODE, `model mapping for "${from}" must be a non-empty model name`);
    }
    mapping.set(from, to);
  }
  return mapping;
}

export interface MappedModel {
  upstreamModel: string;
  isMapped: boolean;
}

/**
 * Follows the mapping from the requested name: a→b→c gives c; an entry mapping a name to itself ends
 * the chain (a self-mapping alone is a no-op); returning to a name already visited is a cycle error.
 */
export function resolveModelMapping(mapping: ModelMapping, requested: string): MappedModel {
  if (!mapping.has(requested)) return { upstreamModel: requested, isMapped: false };
  let current = requested;
  const visited = new Set<string>([current]);
  for (;;) {
    const next = mapping.get(current);
    if (next === undefined || next === current) break;
    if (visited.has(next)) {
      throw new ChannelConfigError(CODE, `model mapping has a cycle: ${[...visited, next].join(' -> ')}`);
    }
    visited.add(next);
    current = next;
  }
  return { upstreamModel: current, isMapped: current !== requested };
}

const rememberedModelMapping = rememberedColumnParse(parseModelMapping);

/** Resolves the requested model through a channel's model_mapping column (parsed once per text). */
export function mapModel(rawMapping: string | null | undefined, requested: string): MappedModel {
  return resolveModelMapping(rememberedModelMapping(rawMapping), requested);
}
