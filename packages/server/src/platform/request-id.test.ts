import { describe, expect, it } from 'vitest';
import { nextRequestId } from './request-id.js';

describe('request ids', () => {
  it('are unique, short enough for the holds table, and safe in headers', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => nextRequestId()));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 50)) {
      expect(id.length).toBeLessThanOrEqual(64);
      expect(id).toMatch(/^[0-9A-Za-z]+$/);
    }
  });
});
