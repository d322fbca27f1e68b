import { describe, expect, it } from 'vitest';
import type { ChannelHealth, ChannelHealthOverview } from '@gw/contracts';
import { coolingCountOf, durationOf, firstByteSummaryOf, healthById, healthColor, healthStateOf, isCooling } from './channel-health';

const health = (over: Partial<ChannelHealth> = {}): ChannelHealth => ({
  channel_id: 1,
  cooling_seconds: 0,
  cooling_processes: 0,
  recent_requests: 0,
  recent_failures: 0,
  first_byte_ms: {},
  ...over,
});

const overview = (channels: ChannelHealth[]): ChannelHealthOverview => ({ processes: 1, window_seconds: 60, failure_threshold: 5, window_size: 20, channels });

describe('healthStateOf', () => {
  it('knows nothing of a channel the overview does not list, or one without recent requests', () => {
    expect(healthStateOf(undefined)).toEqual({ kind: 'unknown' });
    expect(healthStateOf(health({ first_byte_ms: { m: 300 } }))).toEqual({ kind: 'unknown' });
  });

  it('says a channel with cool-down time left is cooling, on how many processes', () => {
    expect(healthStateOf(health({ cooling_seconds: 23, cooling_processes: 2, recent_requests: 0 }))).toEqual({ kind: 'cooling', seconds: 23, processes: 2 });
    // A cooling channel is cooling on at least one process.
    expect(healthStateOf(health({ cooling_seconds: 5 }))).toEqual({ kind: 'cooling', seconds: 5, processes: 1 });
  });

  it('puts a cool-down before the recent outcomes', () => {
    expect(healthStateOf(health({ cooling_seconds: 30, cooling_processes: 1, recent_requests: 20, recent_failures: 5 })).kind).toBe('cooling');
  });

  it('counts the recent requests that succeeded', () => {
    expect(healthStateOf(health({ recent_requests: 20, recent_failures: 2 }))).toEqual({ kind: 'serving', succeeded: 18, total: 20, failed: 2 });
    expect(healthStateOf(health({ recent_requests: 3 }))).toEqual({ kind: 'serving', succeeded: 3, total: 3, failed: 0 });
  });

  it('never counts more failures than requests', () => {
    expect(healthStateOf(health({ recent_requests: 2, recent_failures: 4 }))).toEqual({ kind: 'serving', succeeded: 0, total: 2, failed: 2 });
  });
});

describe('healthColor', () => {
  it('colours cooling volcano, all served green, some failed orange, nothing known neutral', () => {
    expect(healthColor({ kind: 'cooling', seconds: 1, processes: 1 })).toBe('volcano');
    expect(healthColor({ kind: 'serving', succeeded: 5, total: 5, failed: 0 })).toBe('green');
    expect(healthColor({ kind: 'serving', succeeded: 4, total: 5, failed: 1 })).toBe('orange');
    expect(healthColor({ kind: 'unknown' })).toBeUndefined();
  });
});

describe('the overview by channel', () => {
  it('finds each channel by id and counts the cooling ones', () => {
    const o = overview([health({ channel_id: 3, cooling_seconds: 12, cooling_processes: 1 }), health({ channel_id: 7, recent_requests: 4 })]);
    expect(healthById(o).get(7)?.recent_requests).toBe(4);
    expect(healthById(o).has(1)).toBe(false);
    expect(coolingCountOf(o)).toBe(1);
    expect(isCooling(healthById(o).get(3))).toBe(true);
    expect(isCooling(healthById(o).get(7))).toBe(false);
  });

  it('is empty before the overview has loaded', () => {
    expect(healthById(undefined).size).toBe(0);
    expect(coolingCountOf(undefined)).toBe(0);
    expect(isCooling(undefined)).toBe(false);
  });
});

describe('durationOf', () => {
  it('shows whole milliseconds under a second', () => {
    expect(durationOf(820)).toEqual({ unit: 'ms', value: '820' });
    expect(durationOf(3.4)).toEqual({ unit: 'ms', value: '3' });
    expect(durationOf(999.4)).toEqual({ unit: 'ms', value: '999' });
  });

  it('shows seconds with one decimal from a second on', () => {
    expect(durationOf(999.6)).toEqual({ unit: 's', value: '1.0' });
    expect(durationOf(1234)).toEqual({ unit: 's', value: '1.2' });
    expect(durationOf(12_560)).toEqual({ unit: 's', value: '12.6' });
  });
});

describe('firstByteSummaryOf', () => {
  it('has nothing to say without a measured model', () => {
    expect(firstByteSummaryOf(undefined)).toBeUndefined();
    expect(firstByteSummaryOf({})).toBeUndefined();
    expect(firstByteSummaryOf({ m: 0 })).toBeUndefined();
  });

  it("gives one model's latency as both ends of the range", () => {
    const s = firstByteSummaryOf({ 'gpt-4o-mini': 820 });
    expect(s?.fastest).toEqual({ model: 'gpt-4o-mini', ms: 820 });
    expect(s?.slowest).toBe(s?.fastest);
    expect(s?.color).toBe('green');
  });

  it('ranges from the fastest to the slowest model, every model listed fastest first, coloured by the slowest', () => {
    const s = firstByteSummaryOf({ b: 1200, a: 350, c: 6100 });
    expect(s?.models).toEqual([{ model: 'a', ms: 350 }, { model: 'b', ms: 1200 }, { model: 'c', ms: 6100 }]);
    expect([s?.fastest.model, s?.slowest.model]).toEqual(['a', 'c']);
    expect(s?.color).toBe('red');
  });
});
