import { useEffect, useMemo } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PageResult } from '@gw/contracts';
import { needsMoreRows, tableTotalOf } from '../infinite-paging';

/**
 * The loaded rows of an infinite task list, the table page to show, and the next server page fetched
 * as soon as the table moves past the loaded rows.
 */
export function useInfiniteRows<T>(query: UseInfiniteQueryResult<InfiniteData<PageResult<T>>>, tablePage: number, pageSize: number) {
  const { data, hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  const rows = useMemo(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);
  const hasMore = Boolean(hasNextPage);
  const current = Math.max(1, tablePage);
  const wantMore = needsMoreRows(current, pageSize, rows.length, hasMore);
  useEffect(() => {
    if (wantMore && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [wantMore, isFetchingNextPage, isError, fetchNextPage]);
  return {
    rows,
    pageRows: rows.slice((current - 1) * pageSize, current * pageSize),
    current,
    total: tableTotalOf(rows.length, hasMore),
    hasMore,
  };
}
