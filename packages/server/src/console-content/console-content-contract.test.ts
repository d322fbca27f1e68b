import { describe, expect, it } from 'vitest';
import { Announcement, isHttpUrl, isRfc3339, newestFirst } from '@gw/contracts';

describe('console content contract', () => {
  it('accepts absolute http(s) addresses only', () => {
    for (const ok of ['https://api.example.com', 'http://10.0.0.1:8080/v1', 'https://[::1]/x']) expect(isHttpUrl(ok)).toBe(true);
    for (const bad of ['api.example.com', 'ftp://example.com', 'https://', 'https://user:pw@example.com', 'https://a b.com', 'javascript:alert(1)']) expect(isHttpUrl(bad)).toBe(false);
  });

  it('accepts RFC 3339 date-times as new-api writes them', () => {
    for (const ok of ['2025-06-01T08:00:00Z', '2025-06-01T08:00:00.000Z', '2025-06-01T08:00:00+08:00']) expect(isRfc3339(ok)).toBe(true);
    for (const bad of ['2025-06-01', '2025-06-01 08:00:00', '2025-13-01T08:00:00Z', 'yesterday']) expect(isRfc3339(bad)).toBe(false);
  });

  it('defaults an announcement\'s type and note, and sorts newest first by instant', () => {
    const parsed = Announcement.parse({ content: ' Hello ', publishDate: '2025-01-01T00:00:00Z' });
    expect(parsed).toEqual({ content: 'Hello', publishDate: '2025-01-01T00:00:00Z', type: 'default', extra: '' });
    const a = { ...parsed, content: 'a', publishDate: '2025-01-02T00:00:00+08:00' };
    const b = { ...parsed, content: 'b', publishDate: '2025-01-01T20:00:00Z' };
    expect(newestFirst([a, b]).map((x) => x.content)).toEqual(['b', 'a']);
  });
});
