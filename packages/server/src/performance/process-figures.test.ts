import { describe, expect, it } from 'vitest';
import { countByType, cpuPercent, delayFigures, utilizationOf, type DelayHistogram } from './process-figures.js';

const histogram = (over: Partial<DelayHistogram> & { percentiles?: Record<number, number> } = {}): DelayHistogram => ({
  count: 10,
  min: 20_100_000,
  max: 180_000_000,
  mean: 25_000_000,
  stddev: 4_500_000,
  percentile: (p) => over.percentiles?.[p] ?? 21_000_000,
  ...over,
});

describe('process figures', () => {
  it('turns the delay histogram into milliseconds late, taking off the timer resolution', () => {
    const h = histogram({ percentiles: { 50: 20_250_000, 90: 30_000_000, 99: 120_000_000 } });
    expect(delayFigures(h, 20)).toEqual({ delay: { min: 0.1, mean: 5, max: 160, stddev: 4.5, p50: 0.25, p90: 10, p99: 100 }, samples: 10 });
  });

  it('never reports a negative delay, and zeros (not the sentinels) before the first sample', () => {
    expect(delayFigures(histogram({ min: 19_000_000 }), 20).delay.min).toBe(0);
    const empty = histogram({ count: 0, min: 9_223_372_036_854_776_000, max: 0, mean: Number.NaN, stddev: Number.NaN });
    expect(delayFigures(empty, 20)).toEqual({ delay: { min: 0, mean: 0, max: 0, stddev: 0, p50: 0, p90: 0, p99: 0 }, samples: 0 });
  });

  it('counts active resources per type', () => {
    expect(countByType(['TCPSocketWrap', 'Timeout', 'TCPSocketWrap', 'FSReqCallback'])).toEqual({ total: 4, by_type: { TCPSocketWrap: 2, Timeout: 1, FSReqCallback: 1 } });
    expect(countByType([])).toEqual({ total: 0, by_type: {} });
  });

  it('gives CPU time as a share of wall time, above 100 with parallel threads', () => {
    expect(cpuPercent(250_000, 1_000_000)).toBe(25);
    expect(cpuPercent(1_500_000, 1_000_000)).toBe(150);
    expect(cpuPercent(123_456, 1_000_000)).toBe(12.3);
    expect(cpuPercent(5, 0)).toBe(0);
  });

  it('keeps the utilisation between 0 and 1', () => {
    expect(utilizationOf(0.123456)).toBe(0.1235);
    expect(utilizationOf(1.2)).toBe(1);
    expect(utilizationOf(Number.NaN)).toBe(0);
  });
});
