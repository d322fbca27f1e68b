import type { z } from 'zod';

/**
 * Turns contract-schema issues into AntD `form.setFields` entries, each on the field it names
 * (`fallback` when the issue has no path, e.g. an object-level refinement).
 */
export function issuesToFields<V>(error: z.ZodError, fallback: keyof V & string): { name: keyof V & string; errors: string[] }[] {
  const byField = new Map<keyof V & string, string[]>();
  for (const issue of error.issues) {
    const name = typeof issue.path[0] === 'string' ? (issue.path[0] as keyof V & string) : fallback;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
