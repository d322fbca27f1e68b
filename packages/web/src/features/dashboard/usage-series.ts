import dayjs from 'dayjs';
import type { QuotaDataRow } from '@gw/contracts';

export const GRANULARITIES = ['hour', 'day', 'week'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const METRICS = ['quota', 'count', 'tokens'] as const;
export type Metric = (typeof METRICS)[number];

/** The status value (DataExportDefaultTime) when it is one of ours, else hour. */
export function granularityOf(value: string | undefined): Granularity {
  return (GRANULARITIES as readonly string[]).includes(value ?? '') ? (value as Granularity) : 'hour';
}

/** The default range for a granularity: a day of hours, a week of days, a month of weeks. */
export function defaultRangeOf(granularity: Granularity, nowSeconds: number): [number, number] {
  const days = granularity === 'hour' ? 1 : granularity === 'day' ? 7 : 30;
  return [nowSeconds - days * 86400, nowSeconds];
}

const valueOf = (row: QuotaDataRow, metric: Metric) => (metric === 'quota' ? row.quota : metric === 'count' ? row.count : row.token_used);

/** Start (unix seconds, local time) of the hour, day or week holding `seconds`. */
export function bucketOf(seconds: number, granularity: Granularity): number {
  return dayjs.unix(seconds).startOf(granularity).unix();
}

export interface UsageSeries {
  /** Bucket starts, every bucket of the range, oldest first. */
  buckets: number[];
  /** One series per model (largest total first) with a value per bucket. */
  series: { model: string; values: number[]; total: number }[];
}

/** Sums the hourly rows into buckets per model, filling empty buckets of the range with zeros. */
export function buildSeries(rows: QuotaDataRow[], granularity: Granularity, metric: Metric, range: [number, number]): UsageSeries {
  const buckets: number[] = [];
  for (let b = bucketOf(range[0], granularity); b <= range[1]; b = dayjs.unix(b).add(1, granularity).unix()) buckets.push(b);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const byModel = new Map<string, number[]>();
  for (const row of rows) {
    const i = index.get(bucketOf(row.created_at, granularity));
    if (i === undefined) continue;
    const values = byModel.get(row.model_name) ?? new Array<number>(buckets.length).fill(0);
    values[i] += valueOf(row, metric);
    byModel.set(row.model_name, values);
  }
  const series = [...byModel].map(([model, values]) => ({ model, values, total: values.reduce((a, b) => a + b, 0) }));
  return { buckets, series: series.sort((a, b) => b.total - a.total) };
}

export interface UsageTotals {
  quota: number;
  count: number;
  tokens: number;
}

export function totalsOf(rows: QuotaDataRow[]): UsageTotals {
  return rows.reduce((t, r) => ({ quota: t.quota + r.quota, count: t.count + r.count, tokens: t.tokens + r.token_used }), { quota: 0, count: 0, tokens: 0 });
}
