import { CreemProducts } from '@gw/contracts';

/**
 * What is wrong with the CreemProducts text an administrator typed, checked with the server's own schema
 * (so the form refuses what PUT /api/option/ would): null when it is a valid product list.
 */
export function creemProductsProblem(text: string | undefined | null): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return 'not valid JSON';
  }
  const result = CreemProducts.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const [index, ...field] = issue.path;
  if (typeof index !== 'number') return issue.message;
  return `product ${index + 1}${field.length ? ` (${field.join('.')})` : ''}: ${issue.message}`;
}
