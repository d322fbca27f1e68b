import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HEADER_NAV_MODULES, DEFAULT_SIDEBAR_MODULES_ADMIN, Role } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, signIn, type SignedIn, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

/** Quota display types and the header / sidebar module switches: validation on PUT and the status fields. */
describe.each(testDialects())('display and navigation options (%s)', (dialect) => {
  let ctx: TestContext;
  let root: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await signIn(ctx.app, await createUser(ctx.db, { role: Role.Root }));
  });
  afterAll(() => ctx?.close());

  const put = async (key: string, value: unknown) =>
    json(await ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: root.headers, payload: { key, value } as object }));
  const status = async () => json(await ctx.app.inject({ method: 'GET', url: '/api/status' })).data;
  const storedRow = async (key: string) => (await ctx.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst())?.value;

  it('starts with the by-language display, new-api rates and every entry shown', async () => {
    const s = await status();
    expect(s).toMatchObject({
      quota_display_type: 'AUTO',
      display_in_currency: true,
      usd_exchange_rate: 7.3,
      custom_currency_symbol: '¤',
      custom_currency_exchange_rate: 1,
    });
    // new-api sends both module options as JSON text.
    expect(typeof s.HeaderNavModules).toBe('string');
    expect(JSON.parse(s.HeaderNavModules)).toEqual(DEFAULT_HEADER_NAV_MODULES);
    expect(JSON.parse(s.SidebarModulesAdmin)).toEqual(DEFAULT_SIDEBAR_MODULES_ADMIN);
  });

  it('saves each display type and shows it with its symbol and rate in the status', async () => {
    for (const type of ['USD', 'CNY', 'TOKENS', 'CUSTOM', 'AUTO']) {
      expect(await put('general_setting.quota_display_type', type)).toMatchObject({ success: true });
      expect((await status()).quota_display_type).toBe(type);
    }
    expect((await put('USDExchangeRate', '7.1')).success).toBe(true);
    expect((await put('general_setting.custom_currency_symbol', '€')).success).toBe(true);
    expect((await put('general_setting.custom_currency_exchange_rate', 0.92)).success).toBe(true);
    expect(await status()).toMatchObject({ usd_exchange_rate: 7.1, custom_currency_symbol: '€', custom_currency_exchange_rate: 0.92 });
    expect(await storedRow('general_setting.custom_currency_exchange_rate')).toBe('0.92');
  });

  it('turns display_in_currency off for the TOKENS type and while DisplayInCurrencyEnabled is off', async () => {
    await put('general_setting.quota_display_type', 'TOKENS');
    expect((await status()).display_in_currency).toBe(false);
    await put('general_setting.quota_display_type', 'CNY');
    expect((await status()).display_in_currency).toBe(true);
    await put('DisplayInCurrencyEnabled', false);
    expect((await status()).display_in_currency).toBe(false);
    await put('DisplayInCurrencyEnabled', true);
    await put('general_setting.quota_display_type', 'AUTO');
  });

  it('refuses an unknown display type, a rate that is not above 0 and a bad symbol, keeping the saved value', async () => {
    const refusals: [string, unknown, RegExp][] = [
      ['general_setting.quota_display_type', 'EUR', /general_setting\.quota_display_type must be one of AUTO, USD, CNY, TOKENS, CUSTOM/],
      ['USDExchangeRate', 0, /USDExchangeRate must be greater than 0/],
      ['USDExchangeRate', '-7', /USDExchangeRate must be greater than 0/],
      ['USDExchangeRate', 'abc', /USDExchangeRate must be a number/],
      ['general_setting.custom_currency_exchange_rate', '0', /custom_currency_exchange_rate must be greater than 0/],
      ['general_setting.custom_currency_exchange_rate', 5_000_000, /must be at most 1000000/],
      ['general_setting.custom_currency_symbol', '   ', /custom_currency_symbol must not be empty/],
      ['general_setting.custom_currency_symbol', 'TOOLONGSYM', /custom_currency_symbol must be at most 8 characters/],
    ];
    for (const [key, value, message] of refusals) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: root.headers, payload: { key, value } as object });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    expect(await status()).toMatchObject({ quota_display_type: 'AUTO', usd_exchange_rate: 7.1, custom_currency_symbol: '€', custom_currency_exchange_rate: 0.92 });
  });

  it('counts a symbol by characters, so a multi-byte symbol fits', async () => {
    expect((await put('general_setting.custom_currency_symbol', '₿₿₿₿₿₿₿₿')).success).toBe(true);
    expect((await status()).custom_currency_symbol).toBe('₿₿₿₿₿₿₿₿');
  });

  it('saves the header modules in new-api shape, the old boolean pricing too, and serves them as text', async () => {
    const modules = { home: true, console: true, pricing: { enabled: false, requireAuth: true }, docs: false, about: true };
    expect(await put('HeaderNavModules', JSON.stringify(modules))).toMatchObject({ success: true });
    expect(JSON.parse((await status()).HeaderNavModules)).toEqual(modules);
    // An object value is accepted as well, and entries of newer new-api versions are kept.
    expect((await put('HeaderNavModules', { home: false, pricing: true, guide: false })).success).toBe(true);
    expect(JSON.parse((await status()).HeaderNavModules)).toEqual({ home: false, pricing: true, guide: false });
    expect(JSON.parse((await storedRow('HeaderNavModules'))!)).toEqual({ home: false, pricing: true, guide: false });
  });

  it('refuses header modules that are not switches', async () => {
    const refusals: [unknown, RegExp][] = [
      ['{not json', /HeaderNavModules is not a legal JSON string/],
      ['[true]', /HeaderNavModules.*must be a JSON object/],
      ['{"home": "yes"}', /HeaderNavModules\.home must be true or false/],
      ['{"pricing": {"enabled": "on"}}', /HeaderNavModules\.pricing must be true, false or/],
      ['{"guide": 1}', /HeaderNavModules\.guide must be true or false/],
    ];
    for (const [value, message] of refusals) expect(await put('HeaderNavModules', value)).toMatchObject({ success: false, message: expect.stringMatching(message) });
    expect(JSON.parse((await status()).HeaderNavModules)).toEqual({ home: false, pricing: true, guide: false });
  });

  it('saves the sidebar modules (new-api sections included) and refuses anything but switches per section', async () => {
    const modules = { console: { enabled: true, token: false }, admin: { enabled: false }, chat: { enabled: true, playground: true } };
    expect((await put('SidebarModulesAdmin', JSON.stringify(modules))).success).toBe(true);
    expect(JSON.parse((await status()).SidebarModulesAdmin)).toEqual(modules);

    const refusals: [unknown, RegExp][] = [
      ['"console"', /SidebarModulesAdmin must be a JSON object/],
      ['{"console": true}', /SidebarModulesAdmin\.console must be a JSON object of switches/],
      ['{"console": {"token": "off"}}', /SidebarModulesAdmin\.console\.token must be true or false/],
    ];
    for (const [value, message] of refusals) expect(await put('SidebarModulesAdmin', value)).toMatchObject({ success: false, message: expect.stringMatching(message) });
    expect(JSON.parse((await status()).SidebarModulesAdmin)).toEqual(modules);
  });
});
