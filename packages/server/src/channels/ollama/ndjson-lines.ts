/**
 * Splits a byte stream of newline-delimited JSON (Ollama's streamed answers) into lines: chunks may end
 * in the middle of a line or of a UTF-8 character. A line longer than `maxLineBytes` is an error rather
 * than unbounded buffering.
 */
export class NdjsonLines {
  private readonly decoder = new TextDecoder();
  private pending = '';

  constructor(private readonly maxLineBytes = 1024 * 1024) {}

  /** The complete, non-blank lines the chunk finishes. */
  push(chunk: Uint8Array): string[] {
    this.pending += this.decoder.decode(chunk, { stream: true });
    const parts = this.pending.split('\n');
    this.pending = parts.pop() ?? '';
    if (this.pending.length > this.maxLineBytes) throw new Error('a line of the answer is too long');
    return parts.map((l) => l.trim()).filter(Boolean);
  }

  /** The last line, when the stream ended without a newline after it. */
  end(): string[] {
    const rest = (this.pending + this.decoder.decode()).trim();
    this.pending = '';
    return rest ? [rest] : [];
  }
}
