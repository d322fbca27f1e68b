import { describe, expect, it } from 'vitest';
import { ChannelHealthTracker } from './channel-health.js';

const S = 1000;

function failTimes(tracker: ChannelHealthTracker, id: number, n: number, at: number): boolean[] {
  return Array.from({ length: n }, (_, i) => tracker.recordFailure(id, at + i));
}

describe('channel health tracker', () => {
  it('cools a channel down when 5 of its last 20 requests failed within the window', () => {
    const tracker = new ChannelHealthTracker();
    expect(failTimes(tracker, 1, 4, 0)).toEqual([false, false, false, false]);
    expect(tracker.isCooling(1, 10)).toBe(false);
    expect(tracker.recordFailure(1, 10)).toBe(true);
    expect(tracker.isCooling(1, 11)).toBe(true);
    expect(tracker.coolingUntil(1, 11)).toBe(10 + 30 * S);
    expect(tracker.isCooling(2, 11)).toBe(false);
  });

  it('does not count failures older than the window', () => {
    const tracker = new ChannelHealthTracker();
    failTimes(tracker, 1, 4, 0);
    expect(tracker.recordFailure(1, 61 * S)).toBe(false);
    expect(tracker.isCooling(1, 61 * S)).toBe(false);
  });

  it('only looks at the last 20 outcomes', () => {
    const tracker = new ChannelHealthTracker({ windowMs: 10 * 60 * S });
    failTimes(tracker, 1, 4, 0);
    for (let i = 0; i < 16; i++) tracker.recordSuccess(1, 100 + i);
    // Each new failure pushes an old one out of the ring, so the count stays at 4 until the old ones are gone.
    expect(failTimes(tracker, 1, 4, 200)).toEqual([false, false, false, false]);
    expect(tracker.recordFailure(1, 300)).toBe(true);
  });

  it('ends the cool-down after the period', () => {
    const tracker = new ChannelHealthTracker();
    failTimes(tracker, 1, 5, 0);
    expect(tracker.isCooling(1, 4 + 30 * S - 1)).toBe(true);
    expect(tracker.isCooling(1, 4 + 30 * S)).toBe(false);
    expect(tracker.coolingUntil(1, 4 + 30 * S)).toBeUndefined();
  });

  it('needs fresh failures after a cool-down and doubles each repeated cool-down up to the maximum', () => {
    const tracker = new ChannelHealthTracker({ windowMs: 10 * 60 * S });
    const periods: number[] = [];
    let t = 0;
    for (let round = 0; round < 6; round++) {
      failTimes(tracker, 1, 4, t);
      expect(tracker.isCooling(1, t + 4)).toBe(false);
      expect(tracker.recordFailure(1, t + 4)).toBe(true);
      const until = tracker.coolingUntil(1, t + 4)!;
      periods.push(until - (t + 4));
      t = until;
    }
    expect(periods).toEqual([30 * S, 60 * S, 120 * S, 240 * S, 300 * S, 300 * S]);
  });

  it('ignores failures for cooling decisions while already cooling', () => {
    const tracker = new ChannelHealthTracker();
    failTimes(tracker, 1, 5, 0);
    const until = tracker.coolingUntil(1, 5);
    expect(failTimes(tracker, 1, 10, 100)).toEqual(Array(10).fill(false));
    expect(tracker.coolingUntil(1, 200)).toBe(until);
  });

  it('resets the doubling after a success', () => {
    const tracker = new ChannelHealthTracker();
    failTimes(tracker, 1, 5, 0);
    const t = 4 + 30 * S;
    tracker.recordSuccess(1, t);
    failTimes(tracker, 1, 5, t + 1);
    expect(tracker.coolingUntil(1, t + 5)).toBe(t + 5 + 30 * S);
  });

  it('takes its numbers from the constructor options', () => {
    const tracker = new ChannelHealthTracker({ windowSize: 4, failureThreshold: 2, windowMs: 10 * S, cooldownMs: 5 * S, maxCooldownMs: 8 * S });
    expect(failTimes(tracker, 1, 2, 0)).toEqual([false, true]);
    expect(tracker.coolingUntil(1, 1)).toBe(1 + 5 * S);
    failTimes(tracker, 1, 2, 10 * S);
    expect(tracker.coolingUntil(1, 10 * S + 1)).toBe(10 * S + 1 + 8 * S);
    expect(() => new ChannelHealthTracker({ windowSize: 3, failureThreshold: 4 })).toThrow(/failureThreshold/);
  });

  it('uses its clock when no time is given, and forgets a channel on request', () => {
    let now = 0;
    const tracker = new ChannelHealthTracker({ now: () => now });
    for (let i = 0; i < 5; i++) tracker.recordFailure(7);
    expect(tracker.isCooling(7)).toBe(true);
    now = 30 * S;
    expect(tracker.isCooling(7)).toBe(false);
    now = 0;
    tracker.forget(7);
    expect(tracker.isCooling(7)).toBe(false);
  });
  it('cools a channel down for the time an upstream asked, capped at the longest cool-down', () => {
    let now = 1_000_000;
    const tracker = new ChannelHealthTracker({ now: () => now });
    tracker.coolFor(9, 20_000);
    expect(tracker.isCooling(9)).toBe(true);
    now += 20_001;
    expect(tracker.isCooling(9)).toBe(false);
    tracker.coolFor(9, 10 * 3600_000);
    now += 5 * 60_000 + 1;
    expect(tracker.isCooling(9)).toBe(false);
  });

  it('tells of a cool-down it starts or lengthens, with the time left, but not of one it adopts', () => {
    let now = 1_000_000;
    const told: [number, number][] = [];
    const tracker = new ChannelHealthTracker({ now: () => now, onCooldown: (id, ms) => told.push([id, ms]) });
    for (let i = 0; i < 5; i++) tracker.recordFailure(4);
    expect(told).toEqual([[4, 30 * S]]);
    tracker.coolFor(4, 10 * S);
    expect(told).toHaveLength(1);
    tracker.coolFor(4, 45 * S);
    expect(told).toEqual([[4, 30 * S], [4, 45 * S]]);
    tracker.adoptCooldown(6, 20 * S);
    expect(tracker.isCooling(6)).toBe(true);
    expect(told).toHaveLength(2);
    now += 20 * S + 1;
    expect(tracker.isCooling(6)).toBe(false);
  });

  it('adopts a cool-down capped at the longest one, never shortens one, and ignores bad values', () => {
    const now = 0;
    const tracker = new ChannelHealthTracker({ now: () => now });
    tracker.adoptCooldown(3, 24 * 3600_000);
    expect(tracker.coolingUntil(3)).toBe(5 * 60_000);
    tracker.adoptCooldown(3, 1000);
    expect(tracker.coolingUntil(3)).toBe(5 * 60_000);
    for (const [id, ms] of [[8, Number.NaN], [8, -5], [8, 0], [0, 1000], [1.5, 1000]] as const) tracker.adoptCooldown(id, ms);
    expect([...tracker.report(now)].map((r) => r.channelId)).toEqual([3]);
  });

  it('reports the cool-down left and the outcomes within the window, per channel it has seen', () => {
    const tracker = new ChannelHealthTracker();
    tracker.recordSuccess(1, 0);
    tracker.recordFailure(1, 10 * S);
    tracker.recordSuccess(2, 0);
    failTimes(tracker, 3, 5, 20 * S);
    const at = (now: number) => [...tracker.report(now)];
    expect(at(30 * S)).toEqual([
      { channelId: 1, coolingMs: 0, requests: 2, failures: 1 },
      { channelId: 2, coolingMs: 0, requests: 1, failures: 0 },
      // Cooling from its fifth failure (20 s + 4 ms) for 30 s. Starting a cool-down clears the outcomes.
      { channelId: 3, coolingMs: 20 * S + 4, requests: 0, failures: 0 },
    ]);
    // A minute on, only channel 1's failure is still within the window; channel 3 is no longer cooling.
    expect(at(65 * S)).toEqual([{ channelId: 1, coolingMs: 0, requests: 1, failures: 1 }]);
  });

  it('forgets one channel or every channel: cool-downs end at once', () => {
    const tracker = new ChannelHealthTracker();
    failTimes(tracker, 1, 5, 0);
    failTimes(tracker, 2, 5, 0);
    tracker.forget(1);
    expect(tracker.isCooling(1, 10)).toBe(false);
    expect(tracker.isCooling(2, 10)).toBe(true);
    tracker.forgetAll();
    expect(tracker.isCooling(2, 10)).toBe(false);
    expect([...tracker.report(10)]).toEqual([]);
  });
});
