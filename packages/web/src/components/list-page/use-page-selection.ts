import { useState } from 'react';

/**
 * Rows selected for batch actions. Selection is per page: rows that left the page (deleted, paged
 * away) drop out of it.
 */
export function usePageSelection<T extends { id: number }>(pageItems: readonly T[] | undefined) {
  const [selected, setSelected] = useState<T[]>([]);
  const onPage = new Set(pageItems?.map((r) => r.id));
  return { selected: selected.filter((r) => onPage.has(r.id)), setSelected, clear: () => setSelected([]) };
}
