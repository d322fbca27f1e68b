import { ValidationError } from '../http/errors.js';
import { optionDef, type OptionKey } from './option-registry.js';

/**
 * Converts a submitted value (string, boolean, number or JSON value) to the string form options are
 * stored in. A list option may also arrive as an array of entries.
 */
export function toOptionString(key: OptionKey, raw: unknown): string {
  if (typeof raw === 'string') return raw;
  const kind = optionDef(key).kind;
  if (Array.isArray(raw) && (kind === 'list' || kind === 'lines')) return raw.map((v) => toOptionString(key, v)).join(kind === 'list' ? ',' : '\n');
  if (typeof raw === 'boolean' || typeof raw === 'number') return String(raw);
  if (raw === null || raw === undefined) return '';
  return JSON.stringify(raw);
}

function splitList(raw: string, separator: RegExp): string[] {
  return raw
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Turns a stored string into the typed value of its option, without checking the schema. */
function decode(key: OptionKey, raw: string): unknown {
  const def = optionDef(key);
  switch (def.kind) {
    case 'bool':
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      throw new ValidationError(`${key} must be true or false`);
    case 'int':
    case 'number': {
      const n = raw.trim() === '' ? NaN : Number(raw);
      if (!Number.isFinite(n)) throw new ValidationError(`${key} must be a number`);
      return n;
    }
    case 'list':
      return splitList(raw, /,/);
    case 'lines':
      return splitList(raw, /\r?\n/);
    case 'json':
      try {
        return JSON.parse(raw);
      } catch {
        throw new ValidationError(`${key} is not a legal JSON string`);
      }
    case 'string':
      return raw;
  }
}

/**
 * Parses and checks a value for an option: a string is decoded by the option's kind (as stored or as
 * submitted), anything else is taken as the typed value. Throws a ValidationError naming the key.
 */
export function parseOptionValue(key: OptionKey, raw: unknown): unknown {
  const value = typeof raw === 'string' ? decode(key, raw) : raw;
  const result = optionDef(key).schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length > 0 ? `${key}.${issue.path.join('.')}` : key;
  const message = issue.message.startsWith('must ') || issue.message.startsWith('is ') ? `${where} ${issue.message}` : `${where}: ${issue.message}`;
  throw new ValidationError(message);
}

/** The stored string form of a typed option value. */
export function encodeOptionValue(key: OptionKey, value: unknown): string {
  switch (optionDef(key).kind) {
    case 'list':
      return (value as string[]).join(',');
    case 'lines':
      return (value as string[]).join('\n');
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}
