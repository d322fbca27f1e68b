import { describe, expect, it } from 'vitest';
import { RunningTotals, type TotalSource } from './running-totals.js';

/** A fake table: rows are ids with a value; the source counts and sums them as the repository would. */
function table() {
  const rows: { id: number; value: number }[] = [];
  const calls = { base: 0, delta: [] as number[] };
  const source: TotalSource = {
    async base() {
      calls.base++;
      const maxId = rows.length ? rows[rows.length - 1].id : 0;
      return { maxId, values: [rows.length, rows.reduce((s, r) => s + r.value, 0)] };
    },
    async delta(afterId) {
      calls.delta.push(afterId);
      const after = rows.filter((r) => r.id > afterId);
      return [after.length, after.reduce((s, r) => s + r.value, 0)];
    },
  };
  const add = (value: number) => rows.push({ id: rows.length + 1, value });
  return { rows, calls, source, add };
}

describe('running totals', () => {
  it('counts in full once, then adds only the rows after the remembered id', async () => {
    const t = table();
    t.add(5);
    t.add(7);
    const totals = new RunningTotals({ maxAgeMs: 60_000 });
    expect(await totals.get('k', t.source)).toEqual([2, 12]);
    t.add(1);
    expect(await totals.get('k', t.source)).toEqual([3, 13]);
    expect(t.calls).toEqual({ base: 1, delta: [2] });
  });

  it('counts again in full once the remembered base is too old', async () => {
    let now = 0;
    const t = table();
    t.add(1);
    const totals = new RunningTotals({ maxAgeMs: 1000, clock: () => now });
    await totals.get('k', t.source);
    // A row removed behind the totals' back is only seen by a fresh base.
    t.rows.pop();
    now = 999;
    expect(await totals.get('k', t.source)).toEqual([1, 1]);
    now = 1000;
    expect(await totals.get('k', t.source)).toEqual([0, 0]);
    expect(t.calls.base).toBe(2);
  });

  it('forgets everything on clear(), even a base that was being counted', async () => {
    const t = table();
    t.add(3);
    const totals = new RunningTotals({ maxAgeMs: 60_000 });
    const inFlight = totals.get('k', t.source);
    totals.clear();
    await inFlight;
    t.rows.length = 0;
    expect(await totals.get('k', t.source)).toEqual([0, 0]);
    expect(t.calls.base).toBe(2);
  });

  it('shares one full count between concurrent first calls for the same key', async () => {
    const t = table();
    t.add(2);
    const totals = new RunningTotals({ maxAgeMs: 60_000 });
    const results = await Promise.all([totals.get('k', t.source), totals.get('k', t.source), totals.get('other', t.source)]);
    expect(results).toEqual([[1, 2], [1, 2], [1, 2]]);
    expect(t.calls.base).toBe(2);
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const t = table();
    const totals = new RunningTotals({ maxAgeMs: 60_000, maxEntries: 2 });
    await totals.get('a', t.source);
    await totals.get('b', t.source);
    await totals.get('a', t.source);
    await totals.get('c', t.source);
    expect(t.calls.base).toBe(3);
    await totals.get('a', t.source);
    expect(t.calls.base).toBe(3);
    await totals.get('b', t.source);
    expect(t.calls.base).toBe(4);
  });
});
