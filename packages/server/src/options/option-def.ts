import { z } from 'zod';
import { statusCodeListProblem } from '../platform/status-code-ranges.js';

/**
 * How one runtime option is stored and checked. Values live in the `options` table as strings (as in
 * new-api); `kind` says how that string maps to the typed value and back, `schema` checks the typed value.
 * `secret` options are write-only: never listed by GET /api/option/, never in /api/status, and saving an
 * empty value keeps the old one.
 */
export type OptionKind = 'bool' | 'int' | 'number' | 'string' | 'list' | 'lines' | 'json';

export interface OptionDef<T = unknown> {
  kind: OptionKind;
  default: T;
  schema: z.ZodType<T>;
  secret: boolean;
}

const def = <T>(kind: OptionKind, d: T, schema: z.ZodType<T>, secret = false): OptionDef<T> => ({ kind, default: d, schema, secret });

function numberSchema(integer: boolean, min: number, max: number) {
  let s = z.number({ error: 'must be a number' });
  if (integer) s = s.int('must be an integer');
  if (min > -Infinity) s = s.min(min, `must be at least ${min}`);
  if (max < Infinity) s = s.max(max, `must be at most ${max}`);
  return s;
}

export const bool = (d: boolean) => def('bool', d, z.boolean({ error: 'must be true or false' }));
export const int = (d: number, min = -Infinity, max = Infinity) => def('int', d, numberSchema(true, min, max));
export const num = (d: number, min = -Infinity, max = Infinity) => def('number', d, numberSchema(false, min, max));
export const str = (d = '') => def('string', d, z.string().max(1_000_000, 'is too long'));

/** An absolute http(s) address, or empty for "not set". */
export const url = (d = '') =>
  def('string', d, z.string().max(2048, 'is too long').refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'must start with http:// or https://'));

/** One of a fixed set of words. */
export const oneOf = <const V extends readonly [string, ...string[]]>(d: V[number], values: V) =>
  def<string>('string', d, z.string().refine((v) => (values as readonly string[]).includes(v), `must be one of ${values.join(', ')}`));

/** Write-only credential (client secret, token, private key …). */
export const secret = () => def('string', '', z.string().max(20_000, 'is too long'), true);

/** HTTP status codes and ranges, `401,500-503` (platform/status-code-ranges.ts). */
export const statusCodes = (d: string) =>
  def('string', d, z.string().max(2000, 'is too long').superRefine((v, ctx) => {
    const problem = statusCodeListProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }));

/** Stored as a comma-separated list (e-mail domain lists). */
export const commaList = (d: string[] = []) => def('list', d, z.array(z.string().max(255)));

/** Stored one entry per line (sensitive words, disable keywords). */
export const lineList = (d: string[] = []) => def('lines', d, z.array(z.string().max(1000)));

/** Error for a JSON option that parses but is not an object. */
export const objectError = { error: 'must be a JSON object' } as const;

/** Stored as JSON text; the schema checks the parsed shape. */
export const json = <T>(d: T, schema: z.ZodType<T>) => def('json', d, schema);

/** JSON map from a name (model, group) to a non-negative number. */
export const numberMap = (d: Record<string, number> = {}) =>
  json<Record<string, number>>(d, z.record(z.string(), z.number({ error: 'must be a number' }).min(0, 'must not be negative'), objectError));

/** JSON map from a name to a string. */
export const stringMap = (d: Record<string, string> = {}) => json<Record<string, string>>(d, z.record(z.string(), z.string({ error: 'must be a string' }), objectError));
