import { describe, expect, it } from 'vitest';
import { MetricsRegistry, mergeSnapshots, renderPrometheus } from '../../platform/metrics/metrics-registry.js';
import { ChannelHealthTracker } from '../channel-health.js';
import { channelHealthFrom, exportChannelHealth } from './channel-health-metrics.js';

/** One serving process: its tracker and the registry exporting it. */
function processAt(now: () => number) {
  const health = new ChannelHealthTracker({ now });
  const registry = new MetricsRegistry();
  exportChannelHealth(registry, health);
  return { health, snapshot: () => registry.snapshot() };
}

describe('channel health across processes', () => {
  it('combines the processes: the longest cool-down, summed outcomes, the mean latency of those that measured it', () => {
    let now = 1_000_000;
    const clock = () => now;
    const a = processAt(clock);
    const b = processAt(clock);
    for (let i = 0; i < 5; i++) a.health.recordFailure(7, now);
    a.health.recordSuccess(8, now);
    b.health.recordSuccess(8, now);
    b.health.recordFailure(8, now);
    a.health.load.recordLatency(8, 'gpt-4o', 400);
    b.health.load.recordLatency(8, 'gpt-4o', 600);
    b.health.load.recordLatency(8, 'gpt-4o-mini', 150);
    now += 10_000;

    expect(channelHealthFrom(mergeSnapshots([a.snapshot(), b.snapshot()]))).toEqual([
      { channel_id: 7, cooling_seconds: 20, cooling_processes: 1, recent_requests: 0, recent_failures: 0, first_byte_ms: {} },
      { channel_id: 8, cooling_seconds: 0, cooling_processes: 0, recent_requests: 3, recent_failures: 1, first_byte_ms: { 'gpt-4o': 500, 'gpt-4o-mini': 150 } },
    ]);
    const text = renderPrometheus(mergeSnapshots([a.snapshot(), b.snapshot()]));
    expect(text).toContain('gw_channel_cooldown_seconds{channel="7"} 20');
    expect(text).toContain('gw_channel_recent_failures{channel="8"} 1');
    expect(text).toContain('gw_channel_first_byte_seconds{channel="8",model="gpt-4o"} 0.5');
  });

  it('drops a channel once its cool-down is over and its outcomes are out of the window', () => {
    let now = 0;
    const p = processAt(() => now);
    for (let i = 0; i < 5; i++) p.health.recordFailure(3, now);
    expect(channelHealthFrom(mergeSnapshots([p.snapshot()])).map((h) => h.channel_id)).toEqual([3]);
    now += 120_000;
    expect(channelHealthFrom(mergeSnapshots([p.snapshot()]))).toEqual([]);
  });
});
