import { z } from 'zod';

/**
 * Every runtime option: its schema, default, and whether it is public (feeds /api/status) or secret
 * (never returned by GET /api/option/, never logged; saving an empty value keeps the old one).
 * Values are stored as strings, as new-api does; `schema` validates the parsed value.
 */
export interface OptionDef<T = unknown> {
  default: T;
  schema: z.ZodType<T>;
  secret?: boolean;
  kind: 'bool' | 'int' | 'number' | 'string' | 'json';
}

const bool = (d: boolean): OptionDef<boolean> => ({ default: d, schema: z.boolean(), kind: 'bool' });
const int = (d: number, min = -Infinity, max = Infinity): OptionDef<number> => ({
  default: d,
  schema: z.number().int().min(min).max(max),
  kind: 'int',
});
const num = (d: number, min = -Infinity, max = Infinity): OptionDef<number> => ({ default: d, schema: z.number().min(min).max(max), kind: 'number' });
const str = (d = ''): OptionDef<string> => ({ default: d, schema: z.string().max(1_000_000), kind: 'string' });
const secret = (): OptionDef<string> => ({ default: '', schema: z.string().max(10_000), kind: 'string', secret: true });
const json = <T>(d: T, schema: z.ZodType<T>): OptionDef<T> => ({ default: d, schema, kind: 'json' });

const ratioMap = z.record(z.string(), z.number().min(0));

export const optionRegistry = {
  // Login and registration
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  RegisterEnabled: bool(true),
  WebRegisterEnabled: bool(true),
  WebRegisterHtml: str(),
  EmailVerificationEnabled: bool(false),
  PhoneLoginEnabled: bool(false),
  PhoneRegisterEnabled: bool(false),
  TurnstileCheckEnabled: bool(false),
  TurnstileSiteKey: str(),
  TurnstileSecretKey: secret(),
  // Content
  SystemName: str('Model Gateway'),
  Logo: str(),
  Notice: str(),
  About: str(),
  HomePageContent: str(),
  Footer: str(),
  TopUpLink: str(),
  'general_setting.docs_link': str(''),
  Chats: json<Record<string, string>[]>([], z.array(z.record(z.string(), z.string()))),
  // Display and behaviour
  QuotaPerUnit: num(500000, 1),
  RetryTimes: int(0, 0, 10),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DefaultCollapseSidebar: bool(false),
  DemoSiteEnabled: bool(false),
  SelfUseModeEnabled: bool(false),
  DrawingEnabled: bool(true),
  TaskEnabled: bool(true),
  DataExportEnabled: bool(true),
  DataExportInterval: int(5, 1),
  DataExportDefaultTime: { default: 'hour', schema: z.enum(['hour', 'day', 'week']), kind: 'string' } as OptionDef<string>,
  MjNotifyEnabled: bool(false),
  // Quota
  QuotaForNewUser: int(0, 0),
  QuotaForInviter: int(0, 0),
  QuotaForInvitee: int(0, 0),
  PreConsumedQuota: int(500, 0),
  QuotaRemindThreshold: int(1000, 0),
  FuelPackEnabled: bool(false),
  FuelPackLimit: int(7, 1),
  FuelPackQuota: int(0, 0),
  // Payment
  Price: num(7.3, 0),
  MinTopUp: num(1, 0),
  // Pricing
  GroupRatio: json<Record<string, number>>({ default: 1, vip: 1, svip: 1 }, ratioMap),
  UserUsableGroups: json<Record<string, string>>({ default: 'default', vip: 'vip' }, z.record(z.string(), z.string())),
} satisfies Record<string, OptionDef<any>>;

export type OptionKey = keyof typeof optionRegistry;
export type OptionValue<K extends OptionKey> = (typeof optionRegistry)[K]['default'];

export function isOptionKey(key: string): key is OptionKey {
  return Object.prototype.hasOwnProperty.call(optionRegistry, key);
}
