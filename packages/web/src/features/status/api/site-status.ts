import type { SiteStatus as ContractSiteStatus } from '@gw/contracts';
import { writeJson, writeString, readJson, StorageKey, readString } from '../../../lib/storage';

/** The public site status (spec 1 §3); a cached copy from an older server may lack fields. */
export type SiteStatus = Partial<ContractSiteStatus>;

export const DEFAULT_SYSTEM_NAME = 'Model Gateway';
export const DEFAULT_LOGO = '/logo.svg';

/** The last status seen, so the shell can render before the first answer arrives. */
export function readCachedStatus(): SiteStatus | null {
  return readJson<SiteStatus>(StorageKey.status);
}

/** Caches the status under `status` and the separate keys the spec lists (doc 1 §3). */
export function cacheStatus(status: SiteStatus): void {
  writeJson(StorageKey.status, status);
  writeString(StorageKey.systemName, status.system_name || DEFAULT_SYSTEM_NAME);
  writeString(StorageKey.logo, status.logo || DEFAULT_LOGO);
  writeString(StorageKey.footerHtml, status.footer_html ?? '');
  writeString(StorageKey.quotaPerUnit, String(status.quota_per_unit ?? 500000));
  writeString(StorageKey.displayInCurrency, String(status.display_in_currency ?? true));
  writeString(StorageKey.enableDataExport, String(Boolean(status.enable_data_export)));
  writeString(StorageKey.enableDrawing, String(Boolean(status.enable_drawing)));
  writeString(StorageKey.enableTask, String(Boolean(status.enable_task)));
  writeJson(StorageKey.chats, Array.isArray(status.chats) ? status.chats : []);
  // The user's own collapse choice wins; the site default only fills a missing value.
  if (readString(StorageKey.collapseSidebar) === null) {
    writeString(StorageKey.collapseSidebar, String(Boolean(status.default_collapse_sidebar)));
  }
}
