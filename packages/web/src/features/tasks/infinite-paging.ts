import type { PageResult } from '@gw/contracts';

/**
 * Infinite paging of the task logs (spec 3 §2.6: "next page is fetched when the last loaded page is
 * reached"). Server pages are appended as they arrive; the table pages through the loaded rows and offers
 * one page beyond them while the server has more, and moving onto that page fetches the next server page.
 */

/** The next server page to ask for, or undefined when the last answer was the end. */
export function nextPageParam(lastPage: PageResult<unknown>, allPages: readonly PageResult<unknown>[]): number | undefined {
  const loaded = allPages.reduce((sum, p) => sum + p.items.length, 0);
  const pageSize = lastPage.page_size > 0 ? lastPage.page_size : lastPage.items.length;
  // A short page ends the list even if `total` says otherwise (rows deleted meanwhile).
  if (lastPage.items.length === 0 || lastPage.items.length < pageSize) return undefined;
  if (lastPage.total > 0 && loaded >= lastPage.total) return undefined;
  return lastPage.page + 1;
}

/** The `total` given to the table: the loaded rows, plus one placeholder row that opens the next page. */
export function tableTotalOf(loaded: number, hasMore: boolean): number {
  return loaded + (hasMore ? 1 : 0);
}

/** True when the table page shown lies beyond the loaded rows and the server has more. */
export function needsMoreRows(tablePage: number, pageSize: number, loaded: number, hasMore: boolean): boolean {
  return hasMore && Math.max(1, tablePage) * pageSize > loaded;
}
