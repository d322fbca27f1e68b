import { describe, expect, it } from 'vitest';
import { statusInfoOf } from './channel-status-info';

describe('statusInfoOf', () => {
  it('reads the reason and time of an automatic disable', () => {
    expect(statusInfoOf('{"status_reason":"401 invalid key","status_time":1700000000}')).toEqual({ reason: '401 invalid key', time: 1_700_000_000 });
  });

  it('answers null without a reason, and for missing or broken JSON', () => {
    expect(statusInfoOf(null)).toBeNull();
    expect(statusInfoOf('')).toBeNull();
    expect(statusInfoOf('{oops')).toBeNull();
    expect(statusInfoOf('{"status_time":5}')).toBeNull();
    expect(statusInfoOf('{"status_reason":"x"}')).toEqual({ reason: 'x', time: 0 });
  });
});
