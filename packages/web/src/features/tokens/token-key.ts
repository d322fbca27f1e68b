import type { TokenView } from '@gw/contracts';

/** The key as clients send it: `sk-` + the stored key. */
export const fullKey = (token: Pick<TokenView, 'key'>): string => `sk-${token.key}`;

/** `sk-abcd…wxyz` for the table; the full key is only copied, never shown in a cell. */
export function maskedKey(token: Pick<TokenView, 'key'>): string {
  const k = token.key;
  return k.length <= 8 ? fullKey(token) : `sk-${k.slice(0, 4)}${'*'.repeat(8)}${k.slice(-4)}`;
}

/** Lines "name<TAB>sk-key" for copying several tokens at once. */
export function keysText(tokens: Pick<TokenView, 'key' | 'name'>[]): string {
  return tokens.map((t) => `${t.name}\t${fullKey(t)}`).join('\n');
}
