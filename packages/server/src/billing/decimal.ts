/**
 * Exact decimal arithmetic for quota amounts. Ratios are entered as decimals ("0.075", "1.25") and the
 * formula must round half away from zero exactly, which binary floating point cannot promise
 * (e.g. 0.3 × 3 = 0.8999999999999999). Each number is taken at its shortest decimal representation
 * (what JSON and the console show) and multiplied/added as scaled BigInts.
 */
export interface Decimal {
  readonly units: bigint;
  /** value = units / 10^scale */
  readonly scale: number;
}

const NUMBER_FORMAT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

const MAX_REMEMBERED = 1000;
const fractions = new Map<number, Decimal>();

export function decimalOf(value: number): Decimal {
  // Token counts and most ratios are whole: skip the text round trip.
  if (Number.isSafeInteger(value)) return { units: BigInt(value), scale: 0 };
  // The same few ratios come up on every request.
  const known = fractions.get(value);
  if (known) return known;
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const m = NUMBER_FORMAT.exec(String(value));
  if (!m) throw new RangeError(`cannot read number: ${value}`);
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  const digits = BigInt(whole + fraction) * (sign === '-' ? -1n : 1n);
  const scale = fraction.length - Number(exponent);
  const decimal = scale >= 0 ? { units: digits, scale } : { units: digits * 10n ** BigInt(-scale), scale: 0 };
  if (fractions.size >= MAX_REMEMBERED) fractions.clear();
  fractions.set(value, decimal);
  return decimal;
}

const rescale = (d: Decimal, scale: number): bigint => d.units * 10n ** BigInt(scale - d.scale);

export function addDecimals(...values: Decimal[]): Decimal {
  const scale = Math.max(0, ...values.map((v) => v.scale));
  return { units: values.reduce((sum, v) => sum + rescale(v, scale), 0n), scale };
}

export function multiplyDecimals(...values: Decimal[]): Decimal {
  return values.reduce((acc, v) => ({ units: acc.units * v.units, scale: acc.scale + v.scale }), { units: 1n, scale: 0 });
}

/** Integer nearest to d; halves go away from zero (2.5 → 3, −2.5 → −3). */
export function roundHalfAwayFromZero(d: Decimal): number {
  if (d.scale === 0) return Number(d.units);
  const divisor = 10n ** BigInt(d.scale);
  const magnitude = d.units < 0n ? -d.units : d.units;
  let whole = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) whole += 1n;
  return Number(d.units < 0n ? -whole : whole);
}

/** Integer part of d (towards zero). */
export function truncateDecimal(d: Decimal): number {
  if (d.scale === 0) return Number(d.units);
  return Number(d.units / 10n ** BigInt(d.scale));
}
