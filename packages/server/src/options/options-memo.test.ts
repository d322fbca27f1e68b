import { describe, expect, it } from 'vitest';
import type { OptionsService } from './options.service.js';
import { OptionsMemo } from './options-memo.js';

/** Only what the memo uses of the options: change listeners. */
function changingOptions() {
  const listeners: (() => void)[] = [];
  const options = { onChange: (l: () => void) => (listeners.push(l), () => {}) } as unknown as OptionsService;
  return { options, change: () => listeners.forEach((l) => l()) };
}

describe('OptionsMemo', () => {
  it('computes a key once until the options change, then afresh', () => {
    const { options, change } = changingOptions();
    const memo = new OptionsMemo<number>(10);
    let computed = 0;
    const read = () => memo.get(options, 'gpt-4o', () => ++computed);
    expect([read(), read()]).toEqual([1, 1]);
    change();
    expect([read(), read()]).toEqual([2, 2]);
  });

  it('keeps separate values per options instance and forgets everything past its limit', () => {
    const a = changingOptions().options;
    const b = changingOptions().options;
    const memo = new OptionsMemo<string>(2);
    expect(memo.get(a, 'k', () => 'a')).toBe('a');
    expect(memo.get(b, 'k', () => 'b')).toBe('b');
    memo.get(a, 'k2', () => 'a2');
    memo.get(a, 'k3', () => 'a3');
    expect(memo.get(a, 'k', () => 'recomputed')).toBe('recomputed');
  });
});
