import type { Db } from '../../db/database.js';
import type { OptionsService } from '../../options/options.service.js';
import type { BillingService } from '../../billing/billing.service.js';
import type { ChannelRoutingService } from '../../channels/channel-routing.service.js';
import type { ChannelHealthTracker } from '../../channels/channel-health.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import type { AuthPort, ProviderAdapter } from '../providers/provider-adapter.js';
import type { UserRequestLimiter } from './user-request-limit.js';
import type { ApiKeyCache } from './api-key-cache.js';
import type { RoutableChannel } from '../../channels/routing-table.js';
import type { GatewayMetrics } from '../../platform/metrics/gateway-metrics.js';
import type { ResponsesStore } from '../responses-store/responses-store.service.js';
import type { ChannelAffinity } from '../channel-affinity/channel-affinity.service.js';
import type { ResponseCache } from '../response-cache/response-cache.js';
import type { TokenConcurrencyGate } from '../limits/token-concurrency/token-concurrency-gate.js';
import type { TokenRateLimits } from '../limits/token-rate-limit/token-rate-limits.js';
import type { MetadataCache } from '../../model-metadata/metadata-cache.js';

/** Models a user relays through their own supplier key (custom-models/ implements it). */
export interface OwnKeyChannels {
  /** The user's own-key channel for `model`, or null (the usual case: normal routing and billing). */
  channelFor(userId: number, model: string): RoutableChannel | null | Promise<RoutableChannel | null>;
  /** Every model the user configured with their own key (listed by GET /v1/models). */
  modelsFor(userId: number): Promise<string[]>;
}

/** Everything the relay pipeline needs, built once per process. */
export interface RelayDeps {
  db: Db;
  options: OptionsService;
  billing: BillingService;
  routing: ChannelRoutingService;
  health: ChannelHealthTracker;
  http: UpstreamHttpClient;
  getAdapter(channelType: number): ProviderAdapter | undefined;
  auth: AuthPort;
  limiter: UserRequestLimiter;
  keyCache: ApiKeyCache;
  /** How long to keep reading an upstream stream after the client left, to learn the real usage. */
  drainAfterDisconnectMs: number;
  /** Requests still settling; graceful shutdown waits for them so no quota or log is lost. */
  inflight: Set<Promise<unknown>>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Prometheus counters (absent in tests that do not look at them). */
  metrics?: GatewayMetrics;
  /** Users' own-key models (custom models); absent = none. */
  ownKeyChannels?: OwnKeyChannels;
  /** Responses answered through the chat bridge, for `previous_response_id`; absent = none are stored. */
  responsesStore?: ResponsesStore;
  /** Channel affinity (channel_affinity_setting.*); absent = never used. */
  channelAffinity?: ChannelAffinity;
  /** Repeated identical requests answered without an upstream call (response_cache.*); absent = never. */
  responseCache?: ResponseCache;
  /** Per-key in-flight limits (TokenConcurrencyPolicy); absent = none. */
  tokenConcurrency?: TokenConcurrencyGate;
  /** Per-key requests and tokens per minute (tokens.rpm_limit / tpm_limit); absent = not enforced. */
  keyRateLimits?: TokenRateLimits;
  /** Model metadata, for what /v1/models says about each model; absent = nothing beyond the names. */
  modelMetadata?: Pick<MetadataCache, 'index'>;
}
