import { describe, expect, it } from 'vitest';
import { NameRule, type VendorView } from '@gw/contracts';
import { endpointTypesOf, nameRuleKeyOf, NO_VENDOR, splitList, vendorMatches, vendorTabsOf } from './model-meta-display';

const vendor = (id: number, name: string): VendorView => ({ id, name, description: '', icon: '', status: 1, created_time: 1, updated_time: 1 });

describe('splitList', () => {
  it('gives a comma list’s trimmed, distinct, non-blank items', () => {
    expect(splitList(' Vision, Fast,,Vision ')).toEqual(['Vision', 'Fast']);
    expect(splitList('')).toEqual([]);
    expect(splitList(undefined)).toEqual([]);
  });
});

describe('nameRuleKeyOf', () => {
  it('names each rule', () => {
    expect([NameRule.Exact, NameRule.Prefix, NameRule.Contains, NameRule.Suffix].map(nameRuleKeyOf)).toEqual(['exact', 'prefix', 'contains', 'suffix']);
  });
});

describe('endpointTypesOf', () => {
  it('gives an endpoint map’s types and a list’s types', () => {
    expect(endpointTypesOf('{"openai":"/v1/chat/completions","anthropic":{"path":"/v1/messages"}}')).toEqual(['openai', 'anthropic']);
    expect(endpointTypesOf('["openai", "", 3, "gemini"]')).toEqual(['openai', 'gemini']);
  });

  it('gives none for empty or unreadable text (the default endpoints apply)', () => {
    expect(endpointTypesOf('')).toEqual([]);
    expect(endpointTypesOf('{oops')).toEqual([]);
    expect(endpointTypesOf('"openai"')).toEqual([]);
  });
});

describe('vendorTabsOf', () => {
  const vendors = [vendor(1, 'OpenAI'), vendor(2, 'Anthropic'), vendor(3, 'Acme')];

  it('puts "All" with every entry first, then the vendors that have entries in their order, then "No vendor"', () => {
    expect(vendorTabsOf(vendors, { '3': 2, '1': 1, '0': 4 }, '').map((t) => [t.key, t.vendor?.name, t.count])).toEqual([
      ['', undefined, 7],
      ['1', 'OpenAI', 1],
      ['3', 'Acme', 2],
      [NO_VENDOR, undefined, 4],
    ]);
  });

  it('keeps the chosen vendor’s tab when it has no entries left, and leaves "No vendor" out when every entry has one', () => {
    expect(vendorTabsOf(vendors, { '1': 1 }, '2').map((t) => [t.key, t.count])).toEqual([['', 1], ['1', 1], ['2', 0]]);
    expect(vendorTabsOf(vendors, {}, NO_VENDOR).map((t) => [t.key, t.count])).toEqual([['', 0], [NO_VENDOR, 0]]);
  });
});

describe('vendorMatches', () => {
  it('matches a part of the name or description, ignoring case and spaces around', () => {
    const acme = { name: 'Acme', description: 'Makers of rockets' };
    expect(['', ' acm ', 'ROCKET'].map((q) => vendorMatches(acme, q))).toEqual([true, true, true]);
    expect(vendorMatches(acme, 'openai')).toBe(false);
  });
});
