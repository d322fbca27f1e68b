import { useCallback, useState } from 'react';
import { readJson, writeJson, type StorageKeyValue } from '../../lib/storage';

export interface ColumnVisibility {
  hidden: ReadonlySet<string>;
  isVisible: (key: string) => boolean;
  setHidden: (keys: string[]) => void;
}

/** Which columns of a table are hidden, remembered under `storageKey` as a list of column keys. */
export function useColumnVisibility(storageKey: StorageKeyValue, defaultHidden: readonly string[] = []): ColumnVisibility {
  const [hidden, setHiddenState] = useState<ReadonlySet<string>>(() => {
    const stored = readJson<unknown>(storageKey);
    const keys = Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : defaultHidden;
    return new Set(keys);
  });
  const setHidden = useCallback(
    (keys: string[]) => {
      writeJson(storageKey, keys);
      setHiddenState(new Set(keys));
    },
    [storageKey],
  );
  return { hidden, isVisible: (key) => !hidden.has(key), setHidden };
}
