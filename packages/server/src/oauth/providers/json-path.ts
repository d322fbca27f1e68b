/**
 * The value at a dotted path in parsed JSON: `sub`, `data.user.id`, `emails.0.value` (a number segment
 * indexes an array). Answers undefined when any step is missing.
 */
export function valueAtPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (current !== null && typeof current === 'object' && Object.prototype.hasOwnProperty.call(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** The value at `path` as text, when it is a string or a finite number; '' otherwise (or for an empty path). */
export function textAtPath(root: unknown, path: string): string {
  if (!path) return '';
  const value = valueAtPath(root, path);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
