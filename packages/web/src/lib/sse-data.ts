/**
 * Reads the `data:` payloads out of a server-sent event stream that arrives in pieces: frames end with
 * a blank line, a piece may end in the middle of one. Comments (`: PING`) and other fields are skipped.
 */
export class SseDataReader {
  private pending = '';

  /** The payloads of the frames this piece completes. */
  push(text: string): string[] {
    this.pending += text.replace(/\r\n/g, '\n');
    const frames = this.pending.split('\n\n');
    this.pending = frames.pop() ?? '';
    return frames.flatMap(dataOf);
  }

  /** The payload of a last frame the stream ended without closing. */
  end(): string[] {
    const rest = this.pending;
    this.pending = '';
    return dataOf(rest);
  }
}

function dataOf(frame: string): string[] {
  const lines = frame.split('\n').filter((l) => l.startsWith('data:'));
  if (lines.length === 0) return [];
  return [lines.map((l) => l.slice(5).replace(/^ /, '')).join('\n')];
}
