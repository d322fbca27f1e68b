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

/** Collects every user-supplied text of a JSON body: message contents, tool results, prompts, inputs. */
export function collectPromptText(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 12) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectPromptText(v, out, depth + 1);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // Skip media payloads and identifiers: only text is checked.
      if (k === 'image_url' || k === 'data' || k === 'inlineData' || k === 'url' || k === 'id' || k === 'model' || k === 'tool_call_id') continue;
      collectPromptText(v, out, depth + 1);
    }
  }
  return out;
}

export function assertNoSensitiveWords(body: unknown, lowerWords: readonly string[]): void {
  if (lowerWords.length === 0) return;
  const hit = findSensitiveWord(collectPromptText(body).join('\n'), lowerWords);
  if (hit) throw invalidRequest(`the prompt contains a sensitive word: "${hit}"`, 'sensitive_words_detected');
}
