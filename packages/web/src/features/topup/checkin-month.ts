/** Months of the check-in card, 'YYYY-MM' as GET /api/user/checkin takes them. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The month of a local date. */
export function monthOf(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}`;
}

/** The month `delta` months after (negative: before) `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}
