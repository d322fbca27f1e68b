import { z } from 'zod';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

const looseInt = (fallback: number) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return fallback;
    const n = Number(v);
    return Number.isFinite(n) ? Math.trunc(n) : fallback;
  }, z.number().int());

/**
 * `p` is 1-based; 0, negative, missing or non-numeric mean the first page (new-api compatible).
 * `page_size` also accepts the aliases `ps` and `size`; it is clamped to 1..100.
 */
export const PageQuery = z
  .object({
    p: looseInt(1),
    page_size: z.unknown().optional(),
    ps: z.unknown().optional(),
    size: z.unknown().optional(),
  })
  .passthrough()
  .transform((q) => {
    const rawSize = q.page_size ?? q.ps ?? q.size;
    const n = Number(rawSize);
    const size = rawSize === undefined || rawSize === '' || !Number.isFinite(n) || n <= 0 ? DEFAULT_PAGE_SIZE : Math.trunc(n);
    return { page: Math.max(1, q.p), pageSize: Math.min(MAX_PAGE_SIZE, size) };
  });
export type PageParams = z.output<typeof PageQuery>;
