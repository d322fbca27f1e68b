import { RESPONSE_CACHE_MODES } from '@gw/contracts';
import { int, num, oneOf } from '../option-def.js';

/** The relay's response cache: repeated identical requests of one user answered without an upstream call. */
export const responseCacheOptions = {
  /** off, on_request (the request sends `X-Gateway-Cache: true`) or always (unless it opts out). */
  'response_cache.mode': oneOf('off', RESPONSE_CACHE_MODES),
  /** How long an answer is kept; a request may ask for less with `X-Gateway-Cache-TTL`. */
  'response_cache.ttl_seconds': int(3600, 1, 2_592_000),
  /** A cached answer costs this share of what the original answer cost (0 = free). */
  'response_cache.billing_ratio': num(0, 0, 1),
  /** Bound of each process's in-memory cache (least recently used answers go first); Redis keeps its own. */
  'response_cache.max_memory_mb': int(64, 1, 65_536),
};
