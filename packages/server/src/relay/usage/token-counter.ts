import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/** Tokens in a text with the o200k encoding (GPT-4o family); used when an upstream reports no usage. */
export function countTextTokens(text: string): number {
  return text ? countTokens(text) : 0;
}

const FLUSH_AT = 2048;

/**
 * Counts the tokens of a streamed text without keeping it: text is tokenised in pieces cut at the
 * last whitespace, so memory stays bounded and the count matches tokenising the whole text except
 * for rare merges across a whitespace boundary.
 */
export class StreamingTokenCounter {
  private pending = '';
  private total = 0;

  add(text: string): void {
    if (!text) return;
    this.pending += text;
    if (this.pending.length < FLUSH_AT) return;
    const cut = lastWhitespace(this.pending);
    if (cut <= 0) {
      if (this.pending.length > FLUSH_AT * 8) this.flushAll();
      return;
    }
    this.total += countTextTokens(this.pending.slice(0, cut));
    this.pending = this.pending.slice(cut);
  }

  get tokens(): number {
    return this.total + countTextTokens(this.pending);
  }

  private flushAll() {
    this.total += countTextTokens(this.pending);
    this.pending = '';
  }
}

function lastWhitespace(s: string): number {
  for (let i = s.length - 1; i > 0; i--) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) return i;
  }
  return -1;
}
