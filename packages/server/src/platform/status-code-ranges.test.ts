import { describe, expect, it } from 'vitest';
import { statusCodeListHas, statusCodeListProblem } from './status-code-ranges.js';

describe('status code lists (new-api syntax)', () => {
  it('matches single codes and inclusive ranges, spaces allowed', () => {
    const list = '401, 409-411,500 - 503';
    expect([401, 409, 410, 411, 500, 503].every((s) => statusCodeListHas(list, s))).toBe(true);
    expect([400, 402, 408, 412, 499, 504, 0, 999, 401.5].some((s) => statusCodeListHas(list, s))).toBe(false);
    expect(statusCodeListHas('', 500)).toBe(false);
  });

  it('names what is wrong with a list, and accepts blanks and empty items', () => {
    expect(statusCodeListProblem('')).toBeNull();
    expect(statusCodeListProblem('401,,500-599,')).toBeNull();
    expect(statusCodeListProblem('4o1')).toBe('"4o1" is not a status code or a range such as 500-503');
    expect(statusCodeListProblem('500-')).toBe('"500-" is not a status code or a range such as 500-503');
    expect(statusCodeListProblem('099')).toBe('"099" is outside the HTTP status codes 100-599');
    expect(statusCodeListProblem('503-500')).toBe('"503-500" runs backwards');
  });
});
