import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited.js';

describe('mapLimited', () => {
  it('runs at most `limit` tasks at once and keeps the input order', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapLimited([30, 5, 20, 1, 10, 2], 2, async (ms) => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return ms * 10;
    });
    expect(results).toEqual([300, 50, 200, 10, 100, 20]);
    expect(peak).toBe(2);
    await expect(mapLimited([], 3, async () => 1)).resolves.toEqual([]);
  });
});
