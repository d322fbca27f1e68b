import { useCallback, useState } from 'react';
import { readBoolean, StorageKey, writeString } from '../../lib/storage';

/** Collapse state, remembered locally; the site's default_collapse_sidebar fills it when unset. */
export function useSidebarCollapsed(siteDefault: boolean | undefined): [boolean, (collapsed: boolean) => void] {
  const [stored, setStored] = useState<boolean | null>(() => readBoolean(StorageKey.collapseSidebar));
  const setCollapsed = useCallback((collapsed: boolean) => {
    writeString(StorageKey.collapseSidebar, String(collapsed));
    setStored(collapsed);
  }, []);
  return [stored ?? Boolean(siteDefault), setCollapsed];
}
