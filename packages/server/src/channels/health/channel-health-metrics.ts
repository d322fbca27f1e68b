import type { ChannelHealth } from '@gw/contracts';
import type { MetricSnapshot, MetricsRegistry } from '../../platform/metrics/metrics-registry.js';
import type { ChannelHealthTracker } from '../channel-health.js';

const COOLDOWN = 'gw_channel_cooldown_seconds';
const COOLING = 'gw_channel_cooling_processes';
const REQUESTS = 'gw_channel_recent_requests';
const FAILURES = 'gw_channel_recent_failures';
const FIRST_BYTE = 'gw_channel_first_byte_seconds';
const HEALTH_GAUGES = new Set([COOLDOWN, COOLING, REQUESTS, FAILURES, FIRST_BYTE]);

/**
 * Exports what this process knows of each channel's health as gauges: at /metrics (a cluster's scrape
 * combines its workers by each gauge's rule) and for the console's channel list, which reads the same
 * snapshots (`channelHealthFrom`).
 */
export function exportChannelHealth(registry: MetricsRegistry, health: ChannelHealthTracker): void {
  const reports = () => [...health.report()];
  registry.gauge(COOLDOWN, 'Cool-down left after repeated failures, by channel, in seconds (the longest of the processes).', () =>
    reports().filter((r) => r.coolingMs > 0).map((r) => ({ labels: { channel: String(r.channelId) }, value: r.coolingMs / 1000 })),
  'max');
  registry.gauge(COOLING, 'Processes cooling the channel down.', () =>
    reports().filter((r) => r.coolingMs > 0).map((r) => ({ labels: { channel: String(r.channelId) }, value: 1 })),
  );
  registry.gauge(REQUESTS, "Channel-attributable outcomes within the failure window, by channel.", () =>
    reports().map((r) => ({ labels: { channel: String(r.channelId) }, value: r.requests })),
  );
  registry.gauge(FAILURES, 'Failures within the failure window, by channel.', () =>
    reports().map((r) => ({ labels: { channel: String(r.channelId) }, value: r.failures })),
  );
  registry.gauge(FIRST_BYTE, 'Average time to the first byte of an answer, by channel and model, in seconds (the mean of the processes that measured it).', () =>
    [...health.load.latencies()].map((l) => ({ labels: { channel: String(l.channelId), model: l.model }, value: l.ms / 1000 })),
  'mean');
}

/** Every channel the merged snapshots say something about, by channel id. */
export function channelHealthFrom(merged: MetricSnapshot[]): ChannelHealth[] {
  const byId = new Map<number, ChannelHealth>();
  const entry = (channel: string | undefined): ChannelHealth | undefined => {
    const id = Number(channel);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    let h = byId.get(id);
    if (!h) byId.set(id, (h = { channel_id: id, cooling_seconds: 0, cooling_processes: 0, recent_requests: 0, recent_failures: 0, first_byte_ms: {} }));
    return h;
  };
  for (const m of merged) {
    if (!HEALTH_GAUGES.has(m.name)) continue;
    for (const s of m.series) {
      const h = entry(s.labels.channel);
      if (!h) continue;
      if (m.name === COOLDOWN) h.cooling_seconds = Math.ceil(s.value);
      else if (m.name === COOLING) h.cooling_processes = s.value;
      else if (m.name === REQUESTS) h.recent_requests = s.value;
      else if (m.name === FAILURES) h.recent_failures = s.value;
      else if (s.labels.model) h.first_byte_ms[s.labels.model] = Math.round(s.value * 1000);
    }
  }
  return [...byId.values()].sort((a, b) => a.channel_id - b.channel_id);
}
