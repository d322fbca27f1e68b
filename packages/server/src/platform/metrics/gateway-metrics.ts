import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MetricsRegistry, type Labels } from './metrics-registry.js';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
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
    this.relayRequests.inc({ endpoint, status: String(status) });
  }

  /** One request that reached a channel: its time, its outcome's cost. */
  relayServed(model: string, channelId: number, seconds: number, quota: number, usage?: { prompt: number; completion: number }): void {
    const labels: Labels = { model, channel: String(channelId) };
    this.relayDuration.observe(labels, seconds);
    if (quota > 0) this.quotaSpent.inc({ model }, quota);
    if (usage) {
      this.tokens.inc({ model, kind: 'prompt' }, usage.prompt);
      this.tokens.inc({ model, kind: 'completion' }, usage.completion);
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
