import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { activityToValues, canGrantRewards, datesInOrder, formFieldOf, newActivityValues, valuesToActivityBody } from './activity-form';

describe('activity form mapping', () => {
  it('sends empty dates as 0 (unlimited) and trims the texts', () => {
    expect(valuesToActivityBody({ ...newActivityValues(), name: ' Spring ', desc: ' bonus ', quota: 500000 })).toEqual({
      name: 'Spring', desc: 'bonus', quota: 500000, status: true, start_date: 0, end_date: 0,
    });
  });

  it('round-trips set dates as unix seconds and keeps 0 as no date', () => {
    const values = activityToValues({ name: 'a', desc: 'd', quota: 1, status: false, start_date: 1_800_000_000, end_date: 0 });
    expect(values.start?.unix()).toBe(1_800_000_000);
    expect(values.end).toBeNull();
    expect(valuesToActivityBody(values)).toMatchObject({ start_date: 1_800_000_000, end_date: 0, status: false });
  });
});

describe('activity date order', () => {
  const start = dayjs.unix(1_800_000_000);
  it('accepts an open side or an end after the start', () => {
    expect(datesInOrder(null, start)).toBe(true);
    expect(datesInOrder(start, null)).toBe(true);
    expect(datesInOrder(start, start.add(1, 'day'))).toBe(true);
  });

  it('refuses an end before or equal to the start', () => {
    expect(datesInOrder(start, start.subtract(1, 'hour'))).toBe(false);
    expect(datesInOrder(start, start)).toBe(false);
  });
});

describe('granting rewards', () => {
  const now = 1_800_000_000;
  it('is allowed for an active activity within its dates or without dates', () => {
    expect(canGrantRewards({ status: true, start_date: 0, end_date: 0 }, now)).toBe(true);
    expect(canGrantRewards({ status: true, start_date: now - 10, end_date: now + 10 }, now)).toBe(true);
  });

  it('is refused when ended, not yet started or past its end', () => {
    expect(canGrantRewards({ status: false, start_date: 0, end_date: 0 }, now)).toBe(false);
    expect(canGrantRewards({ status: true, start_date: now + 1, end_date: 0 }, now)).toBe(false);
    expect(canGrantRewards({ status: true, start_date: 0, end_date: now - 1 }, now)).toBe(false);
  });
});

describe('contract issues on the form', () => {
  it('shows date issues on the date pickers and others on their own field', () => {
    expect(formFieldOf('end_date')).toBe('end');
    expect(formFieldOf('start_date')).toBe('start');
    expect(formFieldOf('quota')).toBe('quota');
    expect(formFieldOf('unknown')).toBe('name');
  });
});
