import type { z } from 'zod';
import { ValidationError } from './errors.js';

/**
 * Parses input with a contract schema; the error message names the failing field, unless `asWritten`
 * (for schemas whose messages are the spec's exact texts, such as the Chinese-only ones).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, opts: { asWritten?: boolean } = {}): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  const named = !opts.asWritten && field && !issue.message.toLowerCase().includes(field.toLowerCase());
  const message = named ? `${field}: ${issue.message}` : issue.message;
  throw new ValidationError(message, { field: field || undefined });
}

/** Parses a positive integer id from a path or query value. */
export function parseId(value: unknown, name = 'id'): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new ValidationError(`${name} must be a positive integer`);
  return n;
}
