import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { QuotaDataRow } from '@gw/contracts';
import { buildSeries, defaultRangeOf, granularityOf, totalsOf } from './usage-series';

const day0 = dayjs('2026-03-02T00:00:00').unix();
const hour = 3600;
const row = (model: string, at: number, quota: number, count = 1, tokens = 10): QuotaDataRow => ({ model_name: model, created_at: at, quota, count, token_used: tokens });

describe('buildSeries', () => {
  const rows = [row('a', day0 + 1 * hour, 100), row('a', day0 + 5 * hour, 50), row('b', day0 + 26 * hour, 500), row('a', day0 + 49 * hour, 7)];
  const range: [number, number] = [day0, day0 + 3 * 24 * hour - 1];

  it('sums hourly rows into day buckets per model, with zeros for empty days', () => {
    const s = buildSeries(rows, 'day', 'quota', range);
    expect(s.buckets).toEqual([day0, dayjs.unix(day0).add(1, 'day').unix(), dayjs.unix(day0).add(2, 'day').unix()]);
    expect(s.series).toEqual([
      { model: 'b', values: [0, 500, 0], total: 500 },
      { model: 'a', values: [150, 0, 7], total: 157 },
    ]);
  });

  it('charts requests or tokens instead of quota when asked', () => {
    expect(buildSeries(rows, 'day', 'count', range).series.find((x) => x.model === 'a')?.values).toEqual([2, 0, 1]);
    expect(buildSeries(rows, 'day', 'tokens', range).series.find((x) => x.model === 'b')?.total).toBe(10);
  });

  it('ignores rows outside the range', () => {
    const s = buildSeries([row('a', day0 - hour, 9), row('a', day0 + hour, 1)], 'hour', 'quota', [day0, day0 + 2 * hour]);
    expect(s.buckets).toHaveLength(3);
    expect(s.series[0].values).toEqual([0, 1, 0]);
  });
});

describe('dashboard defaults', () => {
  it('takes the granularity from the status, hour when unknown', () => {
    expect(granularityOf('week')).toBe('week');
    expect(granularityOf('month')).toBe('hour');
    expect(granularityOf(undefined)).toBe('hour');
  });

  it('shows a day of hours, a week of days or a month of weeks', () => {
    expect(defaultRangeOf('hour', 1_000_000)).toEqual([1_000_000 - 86400, 1_000_000]);
    expect(defaultRangeOf('day', 1_000_000)).toEqual([1_000_000 - 7 * 86400, 1_000_000]);
    expect(defaultRangeOf('week', 10_000_000)).toEqual([10_000_000 - 30 * 86400, 10_000_000]);
  });

  it('totals quota, requests and tokens', () => {
    expect(totalsOf([row('a', 0, 5, 2, 30), row('b', 0, 7, 1, 12)])).toEqual({ quota: 12, count: 3, tokens: 42 });
  });
});
