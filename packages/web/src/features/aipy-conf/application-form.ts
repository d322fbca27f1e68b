import {
  APP_DEFAULT_URL_HASH_LENGTH, APP_NAME_REQUIRED, APP_VERSION_REQUIRED,
  type ApplicationBody, type ApplicationType, type ApplicationView,
} from '@gw/contracts';
import { sha256Hex } from './sha256';

/**
 * Where marketplace packages are downloaded from (spec 3 §9: "a fixed external address"). The default
 * address of an application is `<base>/<name>/<name>-<version>-<hash>.dxt`.
 */
export const PACKAGE_DOWNLOAD_BASE_URL = 'https://dxt.aipy.app/packages';

/** The application dialog's form model (spec 3 §2.17). */
export interface ApplicationFormValues {
  name: string;
  display_name: string;
  version: string;
  dxt_url: string;
  description: string;
  homepage: string;
  type: ApplicationType;
  rank: number | null;
  app_groups: string[];
  keywords: string[];
}

/** Spec 3 §9: new applications are MCP tools (conversation-tool) with rank 0. */
export function newApplicationValues(): ApplicationFormValues {
  return { name: '', display_name: '', version: '', dxt_url: '', description: '', homepage: '', type: 'conversation-tool', rank: 0, app_groups: [], keywords: [] };
}

export function applicationToValues(app: ApplicationView): ApplicationFormValues {
  return {
    name: app.name,
    display_name: app.display_name,
    version: app.version,
    dxt_url: app.dxt_url,
    description: app.description,
    homepage: app.homepage,
    type: app.type,
    rank: app.rank,
    app_groups: [...app.app_groups],
    keywords: [...app.keywords],
  };
}

/** Form values → POST/PUT body: text trimmed, rank an integer (default 0), keywords without blanks. */
export function valuesToApplicationBody(v: ApplicationFormValues): ApplicationBody {
  return {
    name: v.name.trim(),
    display_name: v.display_name.trim(),
    version: v.version.trim(),
    dxt_url: v.dxt_url.trim(),
    description: v.description.trim(),
    homepage: v.homepage.trim(),
    type: v.type,
    rank: Number.isFinite(v.rank) ? Math.trunc(v.rank ?? 0) : 0,
    app_groups: [...v.app_groups],
    keywords: [...new Set(v.keywords.map((k) => k.trim()).filter(Boolean))],
  };
}

export type DefaultAddressResult = { ok: true; url: string } | { ok: false; field: 'name' | 'version'; message: string };

/**
 * The default-address button (spec 3 §5): name and version are checked first, then the address is built
 * from them and the first 12 characters of a SHA-256 over name, version and the moment of the click, so
 * a re-published package of the same version gets a fresh address that no cache has seen.
 */
export function defaultPackageAddress(name: string, version: string, nowMs: number): DefaultAddressResult {
  const n = name.trim();
  const v = version.trim();
  if (!n) return { ok: false, field: 'name', message: APP_NAME_REQUIRED };
  if (!v) return { ok: false, field: 'version', message: APP_VERSION_REQUIRED };
  const hash = sha256Hex(`${n}:${v}:${nowMs}`).slice(0, APP_DEFAULT_URL_HASH_LENGTH);
  const file = encodeURIComponent(`${n}-${v}-${hash}.dxt`);
  return { ok: true, url: `${PACKAGE_DOWNLOAD_BASE_URL}/${encodeURIComponent(n)}/${file}` };
}
