import { DEFAULT_HEADER_NAV_MODULES, HeaderNavModules, SidebarModulesAdmin, type SidebarSection } from '@gw/contracts';

/**
 * The site's HeaderNavModules and SidebarModulesAdmin (JSON texts in /api/status, new-api's shapes) read
 * into what the layout needs. A missing, unreadable or partial value shows every entry it does not
 * switch off, as new-api does.
 */
export interface HeaderNavConfig {
  home: boolean;
  console: boolean;
  pricing: { enabled: boolean; requireAuth: boolean };
  docs: boolean;
  about: boolean;
}

function parseJson(raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function headerNavConfigOf(raw: string | undefined): HeaderNavConfig {
  const parsed = HeaderNavModules.safeParse(parseJson(raw));
  const given = parsed.success ? parsed.data : {};
  const pricing = given.pricing;
  return {
    home: given.home ?? DEFAULT_HEADER_NAV_MODULES.home,
    console: given.console ?? DEFAULT_HEADER_NAV_MODULES.console,
    pricing:
      typeof pricing === 'boolean'
        ? { enabled: pricing, requireAuth: false }
        : { enabled: pricing?.enabled ?? true, requireAuth: pricing?.requireAuth ?? false },
    docs: given.docs ?? DEFAULT_HEADER_NAV_MODULES.docs,
    about: given.about ?? DEFAULT_HEADER_NAV_MODULES.about,
  };
}

export function sidebarModulesOf(raw: string | undefined): SidebarModulesAdmin {
  const parsed = SidebarModulesAdmin.safeParse(parseJson(raw));
  return parsed.success ? parsed.data : {};
}

/** Whether an entry is offered: its section and the entry itself are not switched off. */
export function isSidebarModuleShown(modules: SidebarModulesAdmin, section: SidebarSection, module: string): boolean {
  const s = modules[section];
  return s?.enabled !== false && s?.[module] !== false;
}

/** The pages of the chat, console and personal sidebar sections, which ordinary users could open by address. */
const USER_PAGE_MODULES: readonly (readonly [path: string, section: SidebarSection, module: string])[] = [
  ['/playground', 'chat', 'playground'],
  ['/detail', 'console', 'detail'],
  ['/token', 'console', 'token'],
  ['/log', 'console', 'log'],
  ['/midjourney', 'console', 'midjourney'],
  ['/task', 'console', 'task'],
  ['/topup', 'personal', 'topup'],
  ['/personal', 'personal', 'personal'],
  ['/custom-models', 'personal', 'customModels'],
  ['/activity-center', 'personal', 'activityCenter'],
];

/**
 * Whether a non-administrator may open `pathname`: not when it is the page of a hidden sidebar entry, the
 * model hub while the header hides it, or the about page while hidden. Administrators open every page
 * by address; hiding only stops offering it.
 */
export function isPageHiddenFromUsers(pathname: string, sidebar: SidebarModulesAdmin, header: HeaderNavConfig): boolean {
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  if (under('/model-hub')) return !header.pricing.enabled;
  if (under('/about')) return !header.about;
  const entry = USER_PAGE_MODULES.find(([path]) => under(path));
  return entry ? !isSidebarModuleShown(sidebar, entry[1], entry[2]) : false;
}
