import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import type { BillingService } from '../billing/billing.service.js';
import type { ChannelRoutingService } from '../channels/channel-routing.service.js';
import type { ChannelHealthTracker } from '../channels/channel-health.js';
import type { UpstreamHttpClient } from '../platform/http-client.js';
import type { ChangeEvents } from '../platform/change-events.js';
import type { ApiKeyCache } from '../relay/pipeline/api-key-cache.js';
import type { UserRequestLimiter } from '../relay/pipeline/user-request-limit.js';

/** What the asynchronous task relays (Midjourney, Suno, video) and their poller need, built once per process. */
import type { TokenConcurrencyGate } from '../relay/limits/token-concurrency/token-concurrency-gate.js';
import type { TokenRateLimits } from '../relay/limits/token-rate-limit/token-rate-limits.js';

export interface TaskDeps {
  db: Db;
  options: OptionsService;
  billing: BillingService;
  routing: ChannelRoutingService;
  health: ChannelHealthTracker;
  http: UpstreamHttpClient;
  events: ChangeEvents;
  /** API keys with their owners for a few seconds (the tasks' own ApiKeyCache; change events keep it current). */
  keyCache: ApiKeyCache;
  usableGroups: (userGroup: string) => Set<string>;
  /** The relay's per-user request limit (ModelRequestRateLimit*): task submissions count toward it too. */
  limiter?: UserRequestLimiter;
  /** The relay's per-key in-flight slots (TokenConcurrencyPolicy): a submission holds one while it runs. */
  tokenConcurrency?: TokenConcurrencyGate;
  /** The relay's per-key requests and tokens per minute: a submission counts as a request (it uses no tokens). */
  keyRateLimits?: TokenRateLimits;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}
