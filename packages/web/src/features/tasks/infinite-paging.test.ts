import { describe, expect, it } from 'vitest';
import type { PageResult } from '@gw/contracts';
import { needsMoreRows, nextPageParam, tableTotalOf } from './infinite-paging';

const page = (n: number, count: number, total: number, size = 10): PageResult<number> => ({
  items: Array.from({ length: count }, (_, i) => i),
  total,
  page: n,
  page_size: size,
});

describe('nextPageParam', () => {
  it('asks for the following page while full pages keep coming and the total is not reached', () => {
    const first = page(1, 10, 25);
    expect(nextPageParam(first, [first])).toBe(2);
  });

  it('stops after a short page or once every row counted in total is loaded', () => {
    const pages = [page(1, 10, 25), page(2, 10, 25), page(3, 5, 25)];
    expect(nextPageParam(pages[2], pages)).toBeUndefined();
    const exact = [page(1, 10, 20), page(2, 10, 20)];
    expect(nextPageParam(exact[1], exact)).toBeUndefined();
  });

  it('stops on an empty page even when total claims more', () => {
    const pages = [page(1, 10, 30), page(2, 0, 30)];
    expect(nextPageParam(pages[1], pages)).toBeUndefined();
  });
});

describe('table paging over loaded rows', () => {
  it('offers one page beyond the loaded rows only while the server has more', () => {
    expect(tableTotalOf(10, true)).toBe(11);
    expect(tableTotalOf(12, false)).toBe(12);
  });

  it('fetches when the page shown goes past the loaded rows', () => {
    expect(needsMoreRows(1, 10, 10, true)).toBe(false);
    expect(needsMoreRows(2, 10, 10, true)).toBe(true);
    expect(needsMoreRows(2, 10, 20, true)).toBe(false);
    expect(needsMoreRows(3, 10, 20, false)).toBe(false);
    // p=0 (first load) is page 1.
    expect(needsMoreRows(0, 10, 0, true)).toBe(true);
  });
});
