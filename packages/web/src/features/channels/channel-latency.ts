/** AntD tag colours for a channel's last test time (spec 2 §9). */
export type LatencyColor = 'default' | 'green' | 'lime' | 'yellow' | 'red';

/** 0 = never tested; up to 1 s green, up to 3 s lime, up to 5 s yellow, slower red. */
export function latencyColor(responseTimeMs: number): LatencyColor {
  if (!responseTimeMs || responseTimeMs <= 0) return 'default';
  if (responseTimeMs <= 1000) return 'green';
  if (responseTimeMs <= 3000) return 'lime';
  if (responseTimeMs <= 5000) return 'yellow';
  return 'red';
}

/** Milliseconds as seconds with two decimals ("1.23"). */
export function secondsOf(responseTimeMs: number): string {
  return (responseTimeMs / 1000).toFixed(2);
}
