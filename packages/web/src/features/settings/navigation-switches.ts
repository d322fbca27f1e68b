import { DEFAULT_HEADER_NAV_MODULES, DEFAULT_SIDEBAR_MODULES_ADMIN, type HeaderNavEntry, type SidebarSection } from '@gw/contracts';

/**
 * The header and sidebar switch cards edit the JSON texts of HeaderNavModules and SidebarModulesAdmin.
 * Keys this console does not show (new-api's `guide`, the `chat.chat` entry …) are kept as they are.
 */
type Json = Record<string, unknown>;

function objectOf(text: string | undefined): Json {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
}

export const defaultHeaderNavText = () => JSON.stringify(DEFAULT_HEADER_NAV_MODULES);
export const defaultSidebarModulesText = () => JSON.stringify(DEFAULT_SIDEBAR_MODULES_ADMIN);

/** Whether a top-bar entry is on in the text (missing = on; pricing may be a switch or {enabled}). */
export function headerEntryOn(text: string | undefined, entry: HeaderNavEntry): boolean {
  const value = objectOf(text)[entry];
  if (entry === 'pricing' && value && typeof value === 'object') return (value as Json).enabled !== false;
  return value !== false;
}

export function pricingRequiresAuth(text: string | undefined): boolean {
  const value = objectOf(text).pricing;
  return Boolean(value && typeof value === 'object' && (value as Json).requireAuth === true);
}

/** The text with one top-bar entry switched; pricing is written in new-api's object form. */
export function withHeaderEntry(text: string | undefined, entry: HeaderNavEntry, on: boolean): string {
  const config = objectOf(text);
  if (entry === 'pricing') return JSON.stringify({ ...config, pricing: { enabled: on, requireAuth: pricingRequiresAuth(text) } });
  return JSON.stringify({ ...config, [entry]: on });
}

export function withPricingRequireAuth(text: string | undefined, requireAuth: boolean): string {
  const config = objectOf(text);
  return JSON.stringify({ ...config, pricing: { enabled: headerEntryOn(text, 'pricing'), requireAuth } });
}

function sectionOf(config: Json, section: SidebarSection): Json {
  const value = config[section];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** Whether a sidebar section (module undefined) or one of its entries is on in the text (missing = on). */
export function sidebarSwitchOn(text: string | undefined, section: SidebarSection, module?: string): boolean {
  return sectionOf(objectOf(text), section)[module ?? 'enabled'] !== false;
}

/** The text with a section (module undefined) or one entry switched. */
export function withSidebarSwitch(text: string | undefined, section: SidebarSection, module: string | undefined, on: boolean): string {
  const config = objectOf(text);
  return JSON.stringify({ ...config, [section]: { ...sectionOf(config, section), [module ?? 'enabled']: on } });
}
