import { invalidRequest } from '../relay-error.js';

/**
 * Finds the first configured sensitive word in a text (case-insensitive). Words are few and prompts
 * short, so a lowercase substring scan is enough; the word list is lowercased once per options change.
 */
export function findSensitiveWord(text: string, lowerWords: readonly string[]): string | undefined {
  if (!text || lowerWords.length === 0) return undefined;
  const lower = text.toLowerCase();
  return lowerWords.find((w) => w && lower.includes(w));
}

/** Media payloads and identifiers: only text is checked. */
const NOT_TEXT = new Set(['image_url', 'data', 'inlineData', 'url', 'id', 'model', 'tool_call_id']);
const MAX_DEPTH = 12;

/** Collects every user-supplied text of a JSON body: message contents, tool results, prompts, inputs. */
export function collectPromptText(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > MAX_DEPTH) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectPromptText(v, out, depth + 1);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) collectPromptText(v, out, depth + 1);
  }
  return out;
}

/** What a masked word becomes (new-api's replacement when StopOnSensitiveEnabled is off). */
export const SENSITIVE_MASK = '**###**';

function wordPattern(lowerWords: readonly string[]): RegExp | undefined {
  const words = lowerWords.filter(Boolean).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return words.length ? new RegExp(words.join('|'), 'gi') : undefined;
}

/**
 * The body with every configured word in its user-supplied texts replaced by SENSITIVE_MASK (the same texts
 * collectPromptText reads), and how many were replaced. Unchanged parts are shared, not copied.
 */
export function maskSensitiveWords<T>(body: T, lowerWords: readonly string[]): { body: T; masked: number } {
  const pattern = wordPattern(lowerWords);
  if (!pattern) return { body, masked: 0 };
  let masked = 0;
  const walk = (value: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH) return value;
    if (typeof value === 'string') {
      return value.replace(pattern, () => {
        masked += 1;
        return SENSITIVE_MASK;
      });
    }
    if (Array.isArray(value)) {
      const next = value.map((v) => walk(v, depth + 1));
      return next.some((v, i) => v !== value[i]) ? next : value;
    }
    if (value && typeof value === 'object') {
      let copy: Record<string, unknown> | undefined;
      for (const [k, v] of Object.entries(value)) {
        if (NOT_TEXT.has(k)) continue;
        const next = walk(v, depth + 1);
        if (next !== v) (copy ??= { ...(value as Record<string, unknown>) })[k] = next;
      }
      return copy ?? value;
    }
    return value;
  };
  const out = walk(body, 0) as T;
  return { body: out, masked };
}

export function assertNoSensitiveWords(body: unknown, lowerWords: readonly string[]): void {
  if (lowerWords.length === 0) return;
  const hit = findSensitiveWord(collectPromptText(body).join('\n'), lowerWords);
  if (hit) throw invalidRequest(`the prompt contains a sensitive word: "${hit}"`, 'sensitive_words_detected');
}
