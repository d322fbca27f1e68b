import { describe, expect, it } from 'vitest';
import { headerNavConfigOf, isPageHiddenFromUsers, sidebarModulesOf } from './navigation-modules';

describe('header modules (HeaderNavModules)', () => {
  it('shows every entry when the value is missing, unreadable or not new-api shaped', () => {
    const all = { home: true, console: true, pricing: { enabled: true, requireAuth: false }, docs: true, about: true };
    for (const raw of [undefined, '', '{oops', '[1]', '{"home": "no"}']) expect(headerNavConfigOf(raw)).toEqual(all);
  });

  it('reads switched-off entries, the pricing object and the old boolean pricing', () => {
    expect(headerNavConfigOf('{"home": false, "pricing": {"enabled": true, "requireAuth": true}}')).toMatchObject({
      home: false,
      console: true,
      pricing: { enabled: true, requireAuth: true },
    });
    expect(headerNavConfigOf('{"pricing": false, "about": false}')).toMatchObject({ pricing: { enabled: false, requireAuth: false }, about: false });
  });
});

describe('pages hidden from ordinary users', () => {
  const header = (raw: string) => headerNavConfigOf(raw);
  const sidebar = (raw: string) => sidebarModulesOf(raw);

  it('hides the page of a switched-off console or personal entry, and of a switched-off section', () => {
    const s = sidebar('{"console": {"token": false}, "personal": {"enabled": false}}');
    expect(isPageHiddenFromUsers('/token', s, header(''))).toBe(true);
    expect(isPageHiddenFromUsers('/log', s, header(''))).toBe(false);
    expect(isPageHiddenFromUsers('/topup', s, header(''))).toBe(true);
    expect(isPageHiddenFromUsers('/personal', s, header(''))).toBe(true);
    // A page of no sidebar entry, and a path that only starts with the same letters, stay open.
    expect(isPageHiddenFromUsers('/user/edit', s, header(''))).toBe(false);
    expect(isPageHiddenFromUsers('/tokens', s, header(''))).toBe(false);
  });

  it('hides the playground when its chat entry or the chat section is switched off', () => {
    expect(isPageHiddenFromUsers('/playground', sidebar(''), header(''))).toBe(false);
    expect(isPageHiddenFromUsers('/playground', sidebar('{"chat": {"playground": false}}'), header(''))).toBe(true);
    expect(isPageHiddenFromUsers('/playground', sidebar('{"chat": {"enabled": false}}'), header(''))).toBe(true);
  });

  it('hides the model hub and the about page while the top bar hides them', () => {
    expect(isPageHiddenFromUsers('/model-hub', sidebar(''), header('{"pricing": {"enabled": false}}'))).toBe(true);
    expect(isPageHiddenFromUsers('/model-hub', sidebar(''), header('{"pricing": {"enabled": true, "requireAuth": true}}'))).toBe(false);
    expect(isPageHiddenFromUsers('/about', sidebar(''), header('{"about": false}'))).toBe(true);
    expect(isPageHiddenFromUsers('/', sidebar(''), header('{"home": false}'))).toBe(false);
  });
});
