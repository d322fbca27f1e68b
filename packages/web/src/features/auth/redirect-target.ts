/** Where to go after login (spec 1 §2.6): `next` when it is a local path, else the token list. */
export function redirectTargetOf(next: string | null): string {
  if (next && next.startsWith('/') && !next.startsWith('//')) return next;
  return '/token';
}
