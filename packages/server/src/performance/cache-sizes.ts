import { optionKeys } from '../options/option-registry.js';
import type { ChannelRoutingService } from '../channels/channel-routing.service.js';
import type { ApiKeyCache } from '../relay/pipeline/api-key-cache.js';
import type { ChannelAffinity } from '../relay/channel-affinity/channel-affinity.service.js';
import type { ResponseCache } from '../relay/response-cache/response-cache.js';
import type { CacheSize } from './performance.service.js';

export interface CacheOwners {
  routing: ChannelRoutingService;
  keyCache: ApiKeyCache;
  channelAffinity: ChannelAffinity;
  responseCache: ResponseCache;
}

const count = (items: Iterable<unknown>) => Array.from(items).length;

/**
 * The in-memory caches of this process that are cheap to measure: the runtime options (every key is
 * held), the routing table (enabled channels, and the (group, model) routes channel selection reads), API
 * keys with their owners, the response cache's answers in memory, and channel affinity's own store (Redis's copy, when the site has one, is
 * counted by GET /api/option/channel_affinity_cache).
 */
export function cacheSizes({ routing, keyCache, channelAffinity, responseCache }: CacheOwners): () => CacheSize[] {
  return () => {
    const table = routing.table;
    let routes = 0;
    for (const group of table.groups()) routes += count(table.modelsOf(group));
    return [
      { name: 'options', entries: optionKeys.length },
      { name: 'channels', entries: count(table.channels()) },
      { name: 'channel_routes', entries: routes },
      { name: 'api_keys', entries: keyCache.size },
      { name: 'channel_affinity', entries: channelAffinity.localEntries },
      { name: 'response_cache', entries: responseCache.localEntries },
    ];
  };
}
