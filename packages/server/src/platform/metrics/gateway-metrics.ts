import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MetricsRegistry } from './metrics-registry.js';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

interface ServedSeries {
  duration: { observe(value: number): void };
  quota: { inc(by?: number): void };
  prompt: { inc(by?: number): void };
  completion: { inc(by?: number): void };
}

/** The value under two keys, made by `make` the first time. */
function nested<K1, K2, V>(map: Map<K1, Map<K2, V>>, a: K1, b: K2, make: () => V): V {
  let inner = map.get(a);
  if (!inner) map.set(a, (inner = new Map()));
  let value = inner.get(b);
  if (value === undefined) inner.set(b, (value = make()));
  return value;
}

/**
 * What the gateway exports at /metrics. Label values come from routing (models that have a channel,
 * channel ids), never from raw client input, so a caller cannot blow up the series count.
 */
export class GatewayMetrics {
  readonly registry = new MetricsRegistry();
  private readonly relayRequests = this.registry.counter('gw_relay_requests_total', 'Relay requests answered, by endpoint and HTTP status.');
  private readonly relayDuration = this.registry.histogram('gw_relay_request_duration_seconds', 'Time from request to the end of the answer, by model and channel.', SECONDS);
  private readonly upstreamErrors = this.registry.counter('gw_upstream_errors_total', 'Failed upstream attempts, by channel and status (0 = no HTTP answer).');
  private readonly quotaSpent = this.registry.counter('gw_quota_spent_total', 'Quota charged for relayed requests, by model.');
  private readonly tokens = this.registry.counter('gw_tokens_total', 'Tokens billed, by model and kind (prompt, completion).');
  private readonly streams = this.registry.gauge('gw_active_streams', 'Streaming answers in progress.');
  private readonly apiRequests = this.registry.counter('gw_api_requests_total', 'Management API requests, by route, method and HTTP status.');
  private readonly apiDuration = this.registry.histogram('gw_api_request_duration_seconds', 'Management API request time, by route.', SECONDS);
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });
  // Every relayed request counts into these series: found by two map lookups, not a label key built per call.
  private readonly answered = new Map<string, Map<number, { inc(by?: number): void }>>();
  private readonly served = new Map<string, Map<number, ServedSeries>>();

  constructor(poolStats?: () => PoolStats) {
    this.loopDelay.enable();
    this.streams.add({}, 0);
    if (poolStats) {
      this.registry.gauge('gw_db_pool_connections', 'Database pool connections by state.', () => {
        const p = poolStats();
        return [
          { labels: { state: 'total' }, value: p.total },
          { labels: { state: 'idle' }, value: p.idle },
          { labels: { state: 'waiting' }, value: p.waiting },
        ];
      });
    }
    this.registry.gauge('gw_processes', 'Serving processes (cluster workers) whose metrics this scrape sums.', () => [{ value: 1 }]);
    this.registry.gauge('gw_process_resident_memory_bytes', 'Resident memory of the serving processes.', () => [{ value: process.memoryUsage.rss() }]);
    this.registry.gauge('gw_event_loop_delay_p99_seconds', 'Event-loop delay, 99th percentile since the last scrape.', () => {
      const p99 = this.loopDelay.percentile(99) / 1e9;
      this.loopDelay.reset();
      return [{ value: Number.isFinite(p99) ? p99 : 0 }];
    });
  }

  relayAnswered(endpoint: string, status: number): void {
    nested(this.answered, endpoint, status, () => this.relayRequests.child({ endpoint, status: String(status) })).inc();
  }

  /** One request that reached a channel: its time, its outcome's cost. */
  relayServed(model: string, channelId: number, seconds: number, quota: number, usage?: { prompt: number; completion: number }): void {
    const series = nested(this.served, model, channelId, () => ({
      duration: this.relayDuration.child({ model, channel: String(channelId) }),
      quota: this.quotaSpent.child({ model }),
      prompt: this.tokens.child({ model, kind: 'prompt' }),
      completion: this.tokens.child({ model, kind: 'completion' }),
    }));
    series.duration.observe(seconds);
    series.quota.inc(quota);
    if (usage) {
      series.prompt.inc(usage.prompt);
      series.completion.inc(usage.completion);
    }
  }

  upstreamError(channelId: number, status: number): void {
    this.upstreamErrors.inc({ channel: String(channelId), status: String(status) });
  }

  streamStarted(): void {
    this.streams.add({}, 1);
  }

  streamEnded(): void {
    this.streams.add({}, -1);
  }

  apiAnswered(route: string, method: string, status: number, seconds: number): void {
    this.apiRequests.inc({ route, method, status: String(status) });
    this.apiDuration.observe({ route }, seconds);
  }

  stop(): void {
    this.loopDelay.disable();
  }
}
