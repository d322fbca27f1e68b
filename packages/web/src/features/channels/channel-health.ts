import type { ChannelHealth, ChannelHealthOverview } from '@gw/contracts';
import { latencyColor, type LatencyColor } from './channel-latency';

/**
 * What the channel list's Health column says of a channel, from the gateway's live health overview
 * (GET /api/channel/health): a cool-down, else the share of recent requests that succeeded, else nothing.
 */
export type HealthState =
  | { kind: 'cooling'; seconds: number; processes: number }
  | { kind: 'serving'; succeeded: number; total: number; failed: number }
  | { kind: 'unknown' };

/** The overview's entries by channel id (a channel it does not list has nothing to say). */
export function healthById(overview: ChannelHealthOverview | undefined): Map<number, ChannelHealth> {
  return new Map((overview?.channels ?? []).map((h) => [h.channel_id, h]));
}

export function isCooling(health: ChannelHealth | undefined): boolean {
  return (health?.cooling_seconds ?? 0) > 0;
}

/** How many channels some process is cooling down. */
export function coolingCountOf(overview: ChannelHealthOverview | undefined): number {
  return (overview?.channels ?? []).filter(isCooling).length;
}

export function healthStateOf(health: ChannelHealth | undefined): HealthState {
  if (!health) return { kind: 'unknown' };
  if (health.cooling_seconds > 0) return { kind: 'cooling', seconds: health.cooling_seconds, processes: Math.max(1, health.cooling_processes) };
  const total = health.recent_requests;
  if (total <= 0) return { kind: 'unknown' };
  const failed = Math.min(total, Math.max(0, health.recent_failures));
  return { kind: 'serving', succeeded: total - failed, total, failed };
}

/** AntD tag colours: cooling volcano, every recent request served green, some failed orange. */
export function healthColor(state: HealthState): 'volcano' | 'green' | 'orange' | undefined {
  if (state.kind === 'cooling') return 'volcano';
  if (state.kind === 'serving') return state.failed > 0 ? 'orange' : 'green';
  return undefined;
}

/** A duration to show: whole milliseconds under a second ("820 ms"), else seconds with one decimal ("1.2 s"). */
export interface Duration {
  unit: 'ms' | 's';
  value: string;
}

export function durationOf(ms: number): Duration {
  const rounded = Math.max(0, Math.round(ms));
  if (rounded < 1000) return { unit: 'ms', value: String(rounded) };
  return { unit: 's', value: (rounded / 1000).toFixed(1) };
}

export interface ModelLatency {
  model: string;
  ms: number;
}

/** Average time to the first byte per model: one model's, or the fastest–slowest range of several. */
export interface FirstByteSummary {
  /** Every measured model, fastest first (for the tooltip). */
  models: ModelLatency[];
  fastest: ModelLatency;
  slowest: ModelLatency;
  /** Coloured like a test's response time, by the slowest model. */
  color: LatencyColor;
}

export function firstByteSummaryOf(firstByteMs: Record<string, number> | undefined): FirstByteSummary | undefined {
  const models = Object.entries(firstByteMs ?? {})
    .filter(([, ms]) => Number.isFinite(ms) && ms > 0)
    .map(([model, ms]) => ({ model, ms }))
    .sort((a, b) => a.ms - b.ms || a.model.localeCompare(b.model));
  if (models.length === 0) return undefined;
  const slowest = models[models.length - 1];
  return { models, fastest: models[0], slowest, color: latencyColor(slowest.ms) };
}
