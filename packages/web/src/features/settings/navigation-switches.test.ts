import { describe, expect, it } from 'vitest';
import { DEFAULT_HEADER_NAV_MODULES } from '@gw/contracts';
import { headerEntryOn, pricingRequiresAuth, sidebarSwitchOn, withHeaderEntry, withPricingRequireAuth, withSidebarSwitch } from './navigation-switches';

describe('top-bar switches', () => {
  it('reads missing entries as on and the pricing switch in both shapes', () => {
    expect(headerEntryOn('{}', 'docs')).toBe(true);
    expect(headerEntryOn('{"pricing": false}', 'pricing')).toBe(false);
    expect(headerEntryOn('{"pricing": {"enabled": false}}', 'pricing')).toBe(false);
    expect(pricingRequiresAuth('{"pricing": {"enabled": true, "requireAuth": true}}')).toBe(true);
    expect(pricingRequiresAuth('{"pricing": true}')).toBe(false);
  });

  it('switches one entry, writes pricing as new-api does and keeps entries it does not show', () => {
    const text = withHeaderEntry('{"home": true, "guide": false, "pricing": true}', 'pricing', false);
    expect(JSON.parse(text)).toEqual({ home: true, guide: false, pricing: { enabled: false, requireAuth: false } });
    expect(JSON.parse(withPricingRequireAuth(text, true)).pricing).toEqual({ enabled: false, requireAuth: true });
    expect(JSON.parse(withHeaderEntry(JSON.stringify(DEFAULT_HEADER_NAV_MODULES), 'about', false))).toMatchObject({ about: false, home: true });
  });
});

describe('sidebar switches', () => {
  it('switches a section or an entry and keeps sections this console does not have', () => {
    const text = withSidebarSwitch('{"chat": {"enabled": true, "playground": false}}', 'console', 'token', false);
    expect(JSON.parse(text)).toEqual({ chat: { enabled: true, playground: false }, console: { token: false } });
    expect(sidebarSwitchOn(text, 'console')).toBe(true);
    expect(sidebarSwitchOn(text, 'console', 'token')).toBe(false);
    const off = withSidebarSwitch(text, 'console', undefined, false);
    expect(sidebarSwitchOn(off, 'console')).toBe(false);
    expect(JSON.parse(off).console).toEqual({ token: false, enabled: false });
    expect(sidebarSwitchOn('not json', 'admin', 'user')).toBe(true);
  });
});
