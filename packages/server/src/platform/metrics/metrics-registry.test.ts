import { describe, expect, it } from 'vitest';
import { MetricsRegistry, mergeSnapshots, renderPrometheus } from './metrics-registry.js';

describe('metrics registry', () => {
  it('renders counters, gauges and cumulative histogram buckets in the Prometheus text format', () => {
    const r = new MetricsRegistry();
    const c = r.counter('x_total', 'Things.');
    c.inc({ kind: 'a' });
    c.inc({ kind: 'a' }, 2);
    c.inc({ kind: 'b "q"\n' });
    c.inc({ kind: 'a' }, -5);
    r.gauge('g', 'A gauge.', () => [{ value: 7 }]);
    const h = r.histogram('lat_seconds', 'Latency.', [1, 0.1]);
    h.observe({ m: 'x' }, 0.05);
    h.observe({ m: 'x' }, 0.5);
    h.observe({ m: 'x' }, 3);
    expect(renderPrometheus(r.snapshot())).toBe(
      [
        '# HELP x_total Things.',
        '# TYPE x_total counter',
        'x_total{kind="a"} 3',
        'x_total{kind="b \\"q\\"\\n"} 1',
        '# HELP g A gauge.',
        '# TYPE g gauge',
        'g 7',
        '# HELP lat_seconds Latency.',
        '# TYPE lat_seconds histogram',
        'lat_seconds_bucket{m="x",le="0.1"} 1',
        'lat_seconds_bucket{m="x",le="1"} 2',
        'lat_seconds_bucket{m="x",le="+Inf"} 3',
        'lat_seconds_sum{m="x"} 3.55',
        'lat_seconds_count{m="x"} 3',
        '',
      ].join('\n'),
    );
  });

  it('counts through a child into the series of its labels, shared with calls that name the labels', () => {
    const r = new MetricsRegistry();
    const c = r.counter('x_total', 'Things.');
    const a = c.child({ kind: 'a' });
    a.inc();
    a.inc(4);
    a.inc(-3);
    c.inc({ kind: 'a' });
    const h = r.histogram('lat_seconds', 'Latency.', [0.1, 1]);
    const hx = h.child({ m: 'x' });
    hx.observe(0.05);
    h.observe({ m: 'x' }, 2);
    const text = renderPrometheus(r.snapshot());
    expect(text).toContain('x_total{kind="a"} 6\n');
    expect(text).toContain('lat_seconds_bucket{m="x",le="0.1"} 1\n');
    expect(text).toContain('lat_seconds_bucket{m="x",le="1"} 1\n');
    expect(text).toContain('lat_seconds_count{m="x"} 2\n');
    expect(text).toContain('lat_seconds_sum{m="x"} 2.05\n');
  });

  it('merges the snapshots of several processes series by series', () => {
    const make = (n: number) => {
      const r = new MetricsRegistry();
      r.counter('req_total', 'R.').inc({ s: '200' }, n);
      r.counter('req_total_only_here', 'O.').inc({}, n);
      r.histogram('d', 'D.', [1]).observe({}, n / 10);
      return r.snapshot();
    };
    const a = make(2);
    const b = make(3);
    b[1].series = [];
    const merged = mergeSnapshots([a, b]);
    expect(merged.find((m) => m.name === 'req_total')!.series).toEqual([{ labels: { s: '200' }, value: 5 }]);
    expect(merged.find((m) => m.name === 'req_total_only_here')!.series[0].value).toBe(2);
    const d = merged.find((m) => m.name === 'd')!.series[0];
    expect(d).toMatchObject({ value: 2, buckets: [2] });
    expect(d.sum).toBeCloseTo(0.5);
    expect(a[0].series[0].value).toBe(2);
  });

  it('merges gauges by their rule: summed, the largest, or the mean of the processes reporting the series', () => {
    const make = (cooldown: number, latency?: number) => {
      const r = new MetricsRegistry();
      r.gauge('busy', 'B.', () => [{ value: 2 }]);
      r.gauge('cooldown', 'C.', () => [{ labels: { channel: '1' }, value: cooldown }], 'max');
      r.gauge('latency', 'L.', () => (latency === undefined ? [] : [{ labels: { channel: '1' }, value: latency }]), 'mean');
      return r.snapshot();
    };
    const merged = mergeSnapshots([make(5, 100), make(30, 300), make(0)]);
    const value = (name: string) => merged.find((m) => m.name === name)!.series[0].value;
    expect(value('busy')).toBe(6);
    expect(value('cooldown')).toBe(30);
    // The third process measured nothing: the mean is of the two that did.
    expect(value('latency')).toBe(200);
    expect(renderPrometheus(merged)).toContain('latency{channel="1"} 200');
  });

  it('exports only the series a collected gauge reports now, not those it reported before', () => {
    const r = new MetricsRegistry();
    let channels = ['1', '2'];
    r.gauge('cooling', 'C.', () => channels.map((channel) => ({ labels: { channel }, value: 1 })));
    expect(r.snapshot()[0].series.map((s) => s.labels.channel)).toEqual(['1', '2']);
    channels = ['2'];
    expect(r.snapshot()[0].series.map((s) => s.labels.channel)).toEqual(['2']);
  });
});
