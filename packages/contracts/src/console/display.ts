import { z } from 'zod';

/**
 * How the console shows quota amounts (option `general_setting.quota_display_type`, in `/api/status`).
 * `USD`, `CNY` (× USDExchangeRate), `TOKENS` (raw quota) and `CUSTOM` (custom symbol × custom rate) are
 * new-api's; `AUTO`, the default, is the console's original rule (spec 1 §9): dollars in English, yuan
 * at the top-up price (`Price`) in Chinese. new-api clients treat any unknown type as USD.
 */
export const QUOTA_DISPLAY_TYPES = ['AUTO', 'USD', 'CNY', 'TOKENS', 'CUSTOM'] as const;
export type QuotaDisplayType = (typeof QUOTA_DISPLAY_TYPES)[number];

export const DEFAULT_USD_EXCHANGE_RATE = 7.3;
export const DEFAULT_CUSTOM_CURRENCY_SYMBOL = '¤';
/** Longest custom currency symbol, in characters ("US$", "CHF", "₿"). */
export const CUSTOM_CURRENCY_SYMBOL_MAX = 8;

const flag = z.boolean({ error: 'must be true or false' });

/**
 * Top-bar entries (option `HeaderNavModules`, new-api's shape): each entry is a switch; `pricing` (the
 * model hub) may also be `{enabled, requireAuth}`, where requireAuth sends visitors to sign in first. A
 * missing entry is shown. Entries of newer new-api versions (guide, contact …) are accepted as switches.
 */
const KNOWN_HEADER_KEYS = new Set(['home', 'console', 'pricing', 'docs', 'about']);

export const HeaderNavModules = z
  .looseObject({
    home: flag.optional(),
    console: flag.optional(),
    pricing: z
      .union([flag, z.looseObject({ enabled: flag.optional(), requireAuth: flag.optional() })], {
        error: 'must be true, false or {"enabled": …, "requireAuth": …}',
      })
      .optional(),
    docs: flag.optional(),
    about: flag.optional(),
  }, { error: 'must be a JSON object' })
  .superRefine((value, ctx) => {
    for (const [key, entry] of Object.entries(value)) {
      if (!KNOWN_HEADER_KEYS.has(key) && typeof entry !== 'boolean') ctx.addIssue({ code: 'custom', path: [key], message: 'must be true or false' });
    }
  });
export type HeaderNavModules = z.infer<typeof HeaderNavModules>;

export const HEADER_NAV_ENTRIES = ['home', 'console', 'pricing', 'docs', 'about'] as const;
export type HeaderNavEntry = (typeof HEADER_NAV_ENTRIES)[number];

export const DEFAULT_HEADER_NAV_MODULES = {
  home: true,
  console: true,
  pricing: { enabled: true, requireAuth: false },
  docs: true,
  about: true,
} satisfies HeaderNavModules;

/**
 * Console sidebar (option `SidebarModulesAdmin`, new-api's shape): section → `{enabled, <entry>: bool}`.
 * A missing section or entry is shown; a section switched off hides all its entries. Sections and
 * entries this console does not have (new-api's `chat.chat`, `models` …) are kept but change nothing.
 */
export const SidebarModulesAdmin = z.record(
  z.string(),
  z.record(z.string(), flag, { error: 'must be a JSON object of switches' }),
  { error: 'must be a JSON object' },
);
export type SidebarModulesAdmin = z.infer<typeof SidebarModulesAdmin>;

/** The sidebar entries of each section, in the keys new-api uses where it has the same page. */
export const SIDEBAR_MODULES = {
  chat: ['playground'],
  console: ['detail', 'token', 'log', 'midjourney', 'task'],
  personal: ['topup', 'personal', 'customModels', 'activityCenter'],
  admin: ['channel', 'redemption', 'user', 'setting', 'aipyConf', 'activityConfig', 'prefillGroup', 'models', 'subscription'],
} as const;
export type SidebarSection = keyof typeof SIDEBAR_MODULES;
export type SidebarModule<S extends SidebarSection = SidebarSection> = (typeof SIDEBAR_MODULES)[S][number];

export const DEFAULT_SIDEBAR_MODULES_ADMIN: SidebarModulesAdmin = Object.fromEntries(
  Object.entries(SIDEBAR_MODULES).map(([section, modules]) => [section, Object.fromEntries([['enabled', true], ...modules.map((m) => [m, true])])]),
);
