/**
 * Typed access to the browser storage keys named by the spec (doc 1 §3). Every read tolerates
 * missing or malformed values, because storage is shared with older versions and other tabs.
 */
export const StorageKey = {
  user: 'user',
  status: 'status',
  systemName: 'system_name',
  logo: 'logo',
  footerHtml: 'footer_html',
  quotaPerUnit: 'quota_per_unit',
  displayInCurrency: 'display_in_currency',
  pageSize: 'page-size',
  /** Hidden columns of the usage-log table (spec 3 §2.5: column visibility is saved locally). */
  logColumns: 'log-columns',
  /** Hidden columns of the channel table (spec 2 §9). */
  channelColumns: 'channel-columns',
  themeMode: 'theme-mode',
  language: 'i18nextLng',
  collapseSidebar: 'default_collapse_sidebar',
  enableDataExport: 'enable_data_export',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  chats: 'chats',
  aff: 'aff',
} as const;
export type StorageKeyValue = (typeof StorageKey)[keyof typeof StorageKey];

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readString(key: StorageKeyValue): string | null {
  return safeStorage()?.getItem(key) ?? null;
}

export function writeString(key: StorageKeyValue, value: string): void {
  try {
    safeStorage()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value simply is not remembered.
  }
}

export function removeKey(key: StorageKeyValue): void {
  safeStorage()?.removeItem(key);
}

export function readJson<T>(key: StorageKeyValue): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKeyValue, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

export function readBoolean(key: StorageKeyValue): boolean | null {
  const raw = readString(key);
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}
