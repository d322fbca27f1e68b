/**
 * The text at a dotted path of a JSON value, as new-api's gjson lookups give it: `metadata.user_id`,
 * `messages.0.content` (a number indexes an array, `\.` is a literal dot). Strings, numbers and booleans
 * come as their text (strings trimmed), objects and arrays as their JSON; missing or null is ''.
 */
export function jsonPathText(root: unknown, path: string): string {
  let node = root;
  for (const segment of splitPath(path)) {
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(segment)) return '';
      node = node[Number(segment)];
    } else if (node !== null && typeof node === 'object') {
      if (!Object.prototype.hasOwnProperty.call(node, segment)) return '';
      node = (node as Record<string, unknown>)[segment];
    } else {
      return '';
    }
  }
  if (typeof node === 'string') return node.trim();
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (node === null || node === undefined) return '';
  return JSON.stringify(node);
}

function splitPath(path: string): string[] {
  const segments: string[] = [];
  let current = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c === '\\' && path[i + 1] === '.') {
      current += '.';
      i++;
    } else if (c === '.') {
      segments.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  segments.push(current);
  return segments;
}
