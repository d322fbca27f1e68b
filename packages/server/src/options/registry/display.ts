import { z } from 'zod';
import {
  CUSTOM_CURRENCY_SYMBOL_MAX,
  DEFAULT_CUSTOM_CURRENCY_SYMBOL,
  DEFAULT_HEADER_NAV_MODULES,
  DEFAULT_SIDEBAR_MODULES_ADMIN,
  DEFAULT_USD_EXCHANGE_RATE,
  HeaderNavModules,
  QUOTA_DISPLAY_TYPES,
  SidebarModulesAdmin,
} from '@gw/contracts';
import { json, oneOf, type OptionDef } from '../option-def.js';

/** Units of a currency per US dollar: a rate of 0 would show every balance as nothing. */
const rate = (d: number): OptionDef<number> => ({
  kind: 'number',
  default: d,
  schema: z.number({ error: 'must be a number' }).gt(0, 'must be greater than 0').max(1_000_000, 'must be at most 1000000'),
  secret: false,
});

const currencySymbol: OptionDef<string> = {
  kind: 'string',
  default: DEFAULT_CUSTOM_CURRENCY_SYMBOL,
  schema: z
    .string()
    .refine((s) => s.trim() !== '', 'must not be empty')
    .refine((s) => [...s].length <= CUSTOM_CURRENCY_SYMBOL_MAX, `must be at most ${CUSTOM_CURRENCY_SYMBOL_MAX} characters`),
  secret: false,
};

/** How quota amounts are shown, and which top-bar and sidebar entries the console offers. */
export const displayOptions = {
  'general_setting.quota_display_type': oneOf('AUTO', QUOTA_DISPLAY_TYPES),
  /** Yuan per dollar for the CNY display type (the top-up price stays `Price`). */
  USDExchangeRate: rate(DEFAULT_USD_EXCHANGE_RATE),
  'general_setting.custom_currency_symbol': currencySymbol,
  'general_setting.custom_currency_exchange_rate': rate(1),
  HeaderNavModules: json<HeaderNavModules>(DEFAULT_HEADER_NAV_MODULES, HeaderNavModules),
  SidebarModulesAdmin: json<SidebarModulesAdmin>(DEFAULT_SIDEBAR_MODULES_ADMIN, SidebarModulesAdmin),
};
