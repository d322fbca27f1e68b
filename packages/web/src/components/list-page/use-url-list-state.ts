import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@gw/contracts';
import { readString, StorageKey, writeString } from '../../lib/storage';

function validPageSize(raw: string | null): number | null {
  const n = Number(raw);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(n) ? n : null;
}

export interface ListState<F extends string> {
  filters: Record<F, string>;
  /** 0 until the user picks a page: the first load asks for p=0 (spec 1 §9). */
  page: number;
  pageSize: number;
  hasFilters: boolean;
  setFilters: (filters: Record<F, string>) => void;
  setPage: (page: number, pageSize: number) => void;
}

/**
 * Page, page size and filters of a list, kept in the URL so refresh and back work. The page size
 * also lives in localStorage (`page-size`) so the next list opens with it.
 */
export function useUrlListState<F extends string>(filterKeys: readonly F[]): ListState<F> {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () => Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ''])) as Record<F, string>,
    [params, filterKeys],
  );
  const page = Math.max(0, Math.trunc(Number(params.get('p')) || 0));
  const pageSize = validPageSize(params.get('page_size')) ?? validPageSize(readString(StorageKey.pageSize)) ?? DEFAULT_PAGE_SIZE;

  const setFilters = useCallback(
    (next: Record<F, string>) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        for (const k of filterKeys) {
          const v = next[k]?.trim() ?? '';
          if (v) out.set(k, v);
          else out.delete(k);
        }
        out.delete('p');
        return out;
      }),
    [setParams, filterKeys],
  );

  const setPage = useCallback(
    (nextPage: number, nextSize: number) => {
      writeString(StorageKey.pageSize, String(nextSize));
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        out.set('p', String(nextPage));
        out.set('page_size', String(nextSize));
        return out;
      });
    },
    [setParams],
  );

  const hasFilters = filterKeys.some((k) => filters[k] !== '');
  return { filters, page, pageSize, hasFilters, setFilters, setPage };
}
