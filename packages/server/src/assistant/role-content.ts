import { parse, stringify } from 'smol-toml';
import { ROLE_FORMAT_INVALID, ROLE_TOML_MAX_DEPTH } from '@gw/contracts';
import { ValidationError } from '../http/errors.js';

/**
 * A role's content as stored JSON text: TOML written by the administrator (or an already-parsed JSON
 * object) must be a table nesting at most ROLE_TOML_MAX_DEPTH levels, else ROLE_FORMAT_INVALID.
 */
export function roleContentToJson(content: string | Record<string, unknown>): string {
  let value: unknown;
  if (typeof content === 'string') {
    try {
      value = parse(content, { maxDepth: ROLE_TOML_MAX_DEPTH, unsafeKeyBehaviour: 'drop' });
    } catch {
      throw new ValidationError(ROLE_FORMAT_INVALID, { field: 'role' });
    }
  } else {
    value = content;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || depthOf(value) > ROLE_TOML_MAX_DEPTH) {
    throw new ValidationError(ROLE_FORMAT_INVALID, { field: 'role' });
  }
  try {
    return JSON.stringify(value);
  } catch {
    throw new ValidationError(ROLE_FORMAT_INVALID, { field: 'role' });
  }
}

/** Stored JSON text written back as TOML for editing; '' when it is not a table TOML can express. */
export function roleJsonToToml(json: string | null): string {
  if (!json) return '';
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? stringify(value) : '';
  } catch {
    return '';
  }
}

/**
 * Nesting depth of objects and arrays, without recursion: TOML table headers such as [a.b.c…] are not
 * bounded by the parser's inline-depth limit, and a deep value would otherwise overflow the stack later.
 */
export function depthOf(root: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (!value || typeof value !== 'object' || value instanceof Date) continue;
    if (depth > max) max = depth;
    if (max > ROLE_TOML_MAX_DEPTH) return max;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return max;
}
