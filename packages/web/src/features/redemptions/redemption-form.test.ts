import { describe, expect, it } from 'vitest';
import { newRedemptionValues, valuesToBody } from './redemption-form';

describe('redemption form mapping', () => {
  it('names an unnamed batch after its amount, within the 20-character limit', () => {
    expect(valuesToBody(newRedemptionValues(), () => '$0.20')).toEqual({ name: '$0.20', quota: 100_000, count: 1, expired_time: 0 });
    expect(valuesToBody({ ...newRedemptionValues(), name: ' ' }, () => 'x'.repeat(30)).name).toBe('x'.repeat(20));
  });

  it('keeps a given name and count', () => {
    expect(valuesToBody({ ...newRedemptionValues(), name: 'promo', count: 5 }, () => '')).toMatchObject({ name: 'promo', count: 5 });
  });
});
