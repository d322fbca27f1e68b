/**
 * A small Prometheus registry: counters, gauges and histograms with labels, rendered in the text
 * exposition format. Values can be exported as a snapshot and snapshots of several processes merged
 * (a cluster answers one scrape for all its workers).
 */

export type Labels = Record<string, string>;

interface Series {
  labels: Labels;
  value: number;
  /** Histograms: cumulative-free bucket counts (one per bound) and the sum. */
  buckets?: number[];
  sum?: number;
}

/**
 * How a gauge's series of several processes combine: summed (the default: active streams add up across
 * workers), the largest (time left until every process is ready), or the mean of the processes that
 * report the series (an average each process measures for itself).
 */
export type GaugeMerge = 'sum' | 'max' | 'mean';

export interface MetricSnapshot {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  bounds?: number[];
  /** Gauges only, when not summed. */
  merge?: Exclude<GaugeMerge, 'sum'>;
  series: Series[];
}

/** Series a gauge reads when it is exported. */
export type GaugeCollector = () => { labels?: Labels; value: number }[];

const keyOf = (labels: Labels) => {
  let k = '';
  for (const name in labels) k += `${name}\u0000${labels[name]}\u0001`;
  return k;
};

abstract class Metric {
  protected readonly series = new Map<string, Series>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: MetricSnapshot['type'],
  ) {}

  protected at(labels: Labels): Series {
    const key = keyOf(labels);
    let s = this.series.get(key);
    if (!s) {
      s = this.fresh(labels);
      this.series.set(key, s);
    }
    return s;
  }

  protected fresh(labels: Labels): Series {
    return { labels: { ...labels }, value: 0 };
  }

  snapshot(): MetricSnapshot {
    return { name: this.name, help: this.help, type: this.type, series: [...this.series.values()].map((s) => structuredClone(s)) };
  }
}

export class Counter extends Metric {
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }

  inc(labels: Labels = {}, by = 1): void {
    if (by > 0) this.at(labels).value += by;
  }

  /** The series of these labels, to count into without looking it up again (hot paths). */
  child(labels: Labels): { inc(by?: number): void } {
    const s = this.at(labels);
    return {
      inc(by = 1) {
        if (by > 0) s.value += by;
      },
    };
  }
}

export class Gauge extends Metric {
  constructor(
    name: string,
    help: string,
    private readonly collect?: GaugeCollector,
    private readonly merge: GaugeMerge = 'sum',
  ) {
    super(name, help, 'gauge');
  }

  add(labels: Labels, by: number): void {
    this.at(labels).value += by;
  }

  override snapshot(): MetricSnapshot {
    if (this.collect) {
      // What the collector reports is the whole gauge: a series it no longer reports is gone.
      this.series.clear();
      for (const { labels = {}, value } of this.collect()) this.at(labels).value = value;
    }
    const snapshot = super.snapshot();
    return this.merge === 'sum' ? snapshot : { ...snapshot, merge: this.merge };
  }
}

export class Histogram extends Metric {
  constructor(
    name: string,
    help: string,
    readonly bounds: number[],
  ) {
    super(name, help, 'histogram');
  }

  protected override fresh(labels: Labels): Series {
    return { labels: { ...labels }, value: 0, buckets: this.bounds.map(() => 0), sum: 0 };
  }

  observe(labels: Labels, value: number): void {
    this.record(this.at(labels), value);
  }

  /** The series of these labels, to observe into without looking it up again (hot paths). */
  child(labels: Labels): { observe(value: number): void } {
    const s = this.at(labels);
    return { observe: (value) => this.record(s, value) };
  }

  private record(s: Series, value: number) {
    s.value += 1;
    s.sum! += value;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]) {
        s.buckets![i] += 1;
        return;
      }
    }
  }

  override snapshot(): MetricSnapshot {
    return { ...super.snapshot(), bounds: this.bounds };
  }
}

export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  counter(name: string, help: string): Counter {
    return this.add(new Counter(name, help));
  }

  gauge(name: string, help: string, collect?: GaugeCollector, merge?: GaugeMerge): Gauge {
    return this.add(new Gauge(name, help, collect, merge));
  }

  histogram(name: string, help: string, bounds: number[]): Histogram {
    return this.add(new Histogram(name, help, [...bounds].sort((a, b) => a - b)));
  }

  snapshot(): MetricSnapshot[] {
    return this.metrics.map((m) => m.snapshot());
  }

  private add<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }
}

/**
 * Combines several processes' snapshots series by series: counters and histograms are summed, gauges by
 * their merge rule (summed unless they say otherwise).
 */
export function mergeSnapshots(all: MetricSnapshot[][]): MetricSnapshot[] {
  const byName = new Map<string, MetricSnapshot>();
  /** Per mean-merged series: how many processes reported it. */
  const reporters = new Map<Series, number>();
  for (const snapshot of all) {
    for (const m of snapshot) {
      let into = byName.get(m.name);
      if (!into) byName.set(m.name, (into = { ...m, series: [] }));
      for (const s of m.series) {
        const same = into.series.find((t) => keyOf(t.labels) === keyOf(s.labels));
        if (!same) {
          const copy = structuredClone(s);
          into.series.push(copy);
          reporters.set(copy, 1);
          continue;
        }
        reporters.set(same, (reporters.get(same) ?? 1) + 1);
        if (m.merge === 'max') same.value = Math.max(same.value, s.value);
        else same.value += s.value;
        if (same.buckets && s.buckets) {
          same.buckets = same.buckets.map((b, i) => b + (s.buckets![i] ?? 0));
          same.sum = (same.sum ?? 0) + (s.sum ?? 0);
        }
      }
    }
  }
  for (const m of byName.values()) {
    if (m.merge === 'mean') for (const s of m.series) s.value /= reporters.get(s) ?? 1;
  }
  return [...byName.values()];
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels, extra?: [string, string]) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  if (extra) parts.push(`${extra[0]}="${extra[1]}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};
const num = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(12))));

/** The Prometheus text exposition format (version 0.0.4). */
export function renderPrometheus(metrics: MetricSnapshot[]): string {
  const out: string[] = [];
  for (const m of metrics) {
    out.push(`# HELP ${m.name} ${m.help}`, `# TYPE ${m.name} ${m.type}`);
    for (const s of m.series) {
      if (m.type !== 'histogram') {
        out.push(`${m.name}${labelText(s.labels)} ${num(s.value)}`);
        continue;
      }
      let cumulative = 0;
      m.bounds!.forEach((bound, i) => {
        cumulative += s.buckets![i];
        out.push(`${m.name}_bucket${labelText(s.labels, ['le', num(bound)])} ${cumulative}`);
      });
      out.push(`${m.name}_bucket${labelText(s.labels, ['le', '+Inf'])} ${s.value}`);
      out.push(`${m.name}_sum${labelText(s.labels)} ${num(s.sum ?? 0)}`);
      out.push(`${m.name}_count${labelText(s.labels)} ${s.value}`);
    }
  }
  return out.join('\n') + '\n';
}
