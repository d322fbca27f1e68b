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

/**
 * The same arithmetic on doubles, for the relay's hot path, where BigInts cost an allocation per step.
 * A double holds every integer up to 2^53 exactly, and + − × of such integers are exact while the
 * result stays in that range; each operation checks it and throws SmallDecimalOverflow otherwise, and
 * the caller then redoes the sum with the BigInt functions above (see exactly()).
 */
export interface SmallDecimal {
  readonly units: number;
  /** value = units / 10^scale, scale at most MAX_SMALL_SCALE */
  readonly scale: number;
}

export class SmallDecimalOverflow extends RangeError {}

const MAX_SMALL_SCALE = 15;
const POWERS_OF_TEN = Array.from({ length: MAX_SMALL_SCALE + 1 }, (_, i) => 10 ** i);
const MAX_SAFE_BIG = BigInt(Number.MAX_SAFE_INTEGER);
const overflow = new SmallDecimalOverflow('beyond the exact range of doubles');
const smallFractions = new Map<number, SmallDecimal>();

function safe(n: number): number {
  if (n > Number.MAX_SAFE_INTEGER || n < -Number.MAX_SAFE_INTEGER) throw overflow;
  return n;
}

function smallScale(scale: number): number {
  if (scale > MAX_SMALL_SCALE) throw overflow;
  return scale;
}

export function smallDecimalOf(value: number): SmallDecimal {
  if (Number.isSafeInteger(value)) return { units: value, scale: 0 };
  let known = smallFractions.get(value);
  if (!known) {
    const d = decimalOf(value);
    if (d.units > MAX_SAFE_BIG || d.units < -MAX_SAFE_BIG) throw overflow;
    known = { units: Number(d.units), scale: smallScale(d.scale) };
    if (smallFractions.size >= MAX_REMEMBERED) smallFractions.clear();
    smallFractions.set(value, known);
  }
  return known;
}

export function addSmallDecimals(...values: SmallDecimal[]): SmallDecimal {
  let scale = 0;
  for (const v of values) if (v.scale > scale) scale = v.scale;
  let units = 0;
  for (const v of values) units = safe(units + safe(v.units * POWERS_OF_TEN[scale - v.scale]));
  return { units, scale };
}

export function multiplySmallDecimals(...values: SmallDecimal[]): SmallDecimal {
  let units = 1;
  let scale = 0;
  for (const v of values) {
    units = safe(units * v.units);
    scale = smallScale(scale + v.scale);
  }
  return { units, scale };
}

/** Whole part and remainder of |d|: exact, as both stay below 2^53. */
function splitSmall(d: SmallDecimal): { whole: number; rest: number; divisor: number } {
  const divisor = POWERS_OF_TEN[d.scale];
  const magnitude = Math.abs(d.units);
  const rest = magnitude % divisor;
  return { whole: (magnitude - rest) / divisor, rest, divisor };
}

export function roundSmallHalfAwayFromZero(d: SmallDecimal): number {
  const { whole, rest, divisor } = splitSmall(d);
  const rounded = rest * 2 >= divisor ? whole + 1 : whole;
  return d.units < 0 && rounded !== 0 ? -rounded : rounded;
}

export function truncateSmallDecimal(d: SmallDecimal): number {
  const { whole } = splitSmall(d);
  return d.units < 0 && whole !== 0 ? -whole : whole;
}

/** One set of operations over either representation, so a formula is written once. */
export interface DecimalArithmetic<D> {
  of(value: number): D;
  add(...values: D[]): D;
  multiply(...values: D[]): D;
  round(d: D): number;
  truncate(d: D): number;
}

const onDoubles: DecimalArithmetic<SmallDecimal> = {
  of: smallDecimalOf,
  add: addSmallDecimals,
  multiply: multiplySmallDecimals,
  round: roundSmallHalfAwayFromZero,
  truncate: truncateSmallDecimal,
};

const onBigInts: DecimalArithmetic<Decimal> = {
  of: decimalOf,
  add: addDecimals,
  multiply: multiplyDecimals,
  round: roundHalfAwayFromZero,
  truncate: truncateDecimal,
};

/** Evaluates `formula` exactly: on doubles when every value fits, else on BigInts. */
export function exactly<T>(formula: <D>(a: DecimalArithmetic<D>) => T): T {
  try {
    return formula(onDoubles);
  } catch (err) {
    if (err instanceof SmallDecimalOverflow) return formula(onBigInts);
    throw err;
  }
}
