import { z } from 'zod';

/**
 * What the gateway's processes know of each channel's health right now (their in-memory state: nothing
 * here is stored): cool-downs after repeated failures, the recent outcomes that decide them, and the
 * average time to the first byte of an answer per model. `GET /api/channel/health`.
 */
export interface ChannelHealth {
  channel_id: number;
  /** Longest cool-down left on any process, in seconds; 0 when no process is cooling the channel down. */
  cooling_seconds: number;
  /** How many of the processes are cooling it down. */
  cooling_processes: number;
  /** Channel-attributable outcomes within the failure window, summed over the processes, and the failures among them. */
  recent_requests: number;
  recent_failures: number;
  /** Average time to the first byte of an answer, by model (milliseconds; the mean of the processes that measured it). */
  first_byte_ms: Record<string, number>;
}

export interface ChannelHealthOverview {
  /** Serving processes whose state this sums (cluster workers that answered; one without a cluster). */
  processes: number;
  /** Outcomes younger than this count toward a cool-down… */
  window_seconds: number;
  /** …and this many failures among a channel's last `window_size` start one. */
  failure_threshold: number;
  window_size: number;
  /** Only channels that served or failed within the window, are cooling down, or have a measured latency. */
  channels: ChannelHealth[];
}

/** `POST /api/channel/health/reset`: end one channel's cool-down and forget its recent failures, or every channel's. */
export const ChannelHealthResetBody = z.union(
  [
    z.object({ id: z.number({ error: 'must be a channel id' }).int('must be a channel id').positive('must be a channel id') }).strict(),
    z.object({ all: z.literal(true, { error: 'must be true' }) }).strict(),
  ],
  { error: 'send {"id": channel id} for one channel or {"all": true} for every channel' },
);
export type ChannelHealthResetBody = z.output<typeof ChannelHealthResetBody>;
