import { describe, expect, it } from 'vitest';
import { isAllowed, parseAllowList } from './ip-allow-list.js';

describe('IP allow-list', () => {
  it('treats an empty list as no restriction', () => {
    expect(parseAllowList('')).toBeNull();
    expect(parseAllowList('  \n ')).toBeNull();
    expect(parseAllowList(null)).toBeNull();
  });

  it('matches single addresses and CIDR ranges, v4 and v6, with mixed separators', () => {
    const list = parseAllowList('10.0.0.1, 192.168.1.0/24\n2001:db8::/32')!;
    expect(isAllowed(list, '10.0.0.1')).toBe(true);
    expect(isAllowed(list, '10.0.0.2')).toBe(false);
    expect(isAllowed(list, '192.168.1.77')).toBe(true);
    expect(isAllowed(list, '192.168.2.1')).toBe(false);
    expect(isAllowed(list, '2001:db8::5')).toBe(true);
    expect(isAllowed(list, '::ffff:192.168.1.3')).toBe(true);
    expect(isAllowed(list, 'not-an-ip')).toBe(false);
  });

  it('rejects entries that are not addresses', () => {
    expect(() => parseAllowList('10.0.0.1, example.com')).toThrow(/example\.com/);
    expect(() => parseAllowList('10.0.0.0/40')).toThrow(/prefix/);
  });
});
