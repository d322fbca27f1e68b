import type { SubscriptionDurationUnit, SubscriptionResetPeriod } from '@gw/contracts';

const DAY = 86_400;

/** Adds whole calendar months in UTC, keeping the day of the month where the month has it (31 Jan + 1 → 28/29 Feb). */
function addMonthsUtc(seconds: number, months: number): number {
  const d = new Date(seconds * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return Math.floor(d.getTime() / 1000);
}

/** When a subscription bought at `start` ends, by its plan's duration. */
export function subscriptionEnd(start: number, plan: { duration_unit: string; duration_value: number; custom_seconds: number }): number {
  const value = plan.duration_value;
  switch (plan.duration_unit as SubscriptionDurationUnit) {
    case 'year':
      return addMonthsUtc(start, 12 * value);
    case 'month':
      return addMonthsUtc(start, value);
    case 'day':
      return start + value * DAY;
    case 'hour':
      return start + value * 3600;
    case 'custom':
      return start + plan.custom_seconds;
    default:
      throw new RangeError(`unknown duration unit ${plan.duration_unit}`);
  }
}

/**
 * The reset window of a budget reset every `period` counted from `anchor`, that holds `now`: when its last
 * reset fell (`start`, at or before now) and when the next falls (`next`, after now). `next` is 0 for a
 * budget that never resets.
 */
export function resetWindow(anchor: number, now: number, period: SubscriptionResetPeriod | string, customSeconds: number): { start: number; next: number } {
  const fixed = period === 'daily' ? DAY : period === 'weekly' ? 7 * DAY : period === 'custom' ? customSeconds : 0;
  if (fixed > 0) {
    const start = anchor + Math.floor(Math.max(0, now - anchor) / fixed) * fixed;
    return { start, next: start + fixed };
  }
  if (period !== 'monthly') return { start: anchor, next: 0 };
  // Whole months between the two dates first, then a step either way to land on the window.
  const a = new Date(anchor * 1000);
  const b = new Date(Math.max(now, anchor) * 1000);
  let months = Math.max(0, (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth());
  while (months > 0 && addMonthsUtc(anchor, months) > now) months--;
  while (addMonthsUtc(anchor, months + 1) <= now) months++;
  return { start: addMonthsUtc(anchor, months), next: addMonthsUtc(anchor, months + 1) };
}
