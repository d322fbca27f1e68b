import type { SelectQueryBuilder } from 'kysely';

/** Which rows of a list a page shows. */
export interface PageWindow {
  offset: number;
  limit: number;
}

export interface Page<Row> {
  items: Row[];
  /** How many rows the filter matches, over all pages. */
  total: number;
}

/**
 * One page of a filtered query and the number of rows that filter matches, run side by side.
 * `filtered` has its FROM and WHERE only; `select` adds the page's columns and order.
 */
export async function selectPage<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  window: PageWindow,
): Promise<Page<Row>> {
  const [items, count] = await Promise.all([
    select(filtered).offset(window.offset).limit(window.limit).execute(),
    filtered
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      // Kysely cannot work out a selection's type while the table is still a type parameter.
      .$castTo<{ n: number | string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
