const pad = (n: number) => String(n).padStart(2, '0');

/** The server's local date of `at`, 'YYYY-MM-DD' (a check-in day, as in new-api). */
export function localDate(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Uniform random integer in [min, max]; a max below min (never saved, but stored values may predate the rule) gives min. */
export function randomQuota(min: number, max: number, random: () => number = Math.random): number {
  if (max <= min) return min;
  return min + Math.floor(random() * (max - min + 1));
}
