import { ClientIO } from '../pipeline/client-io.js';

const MAX_RECORDED_CHARS = 1024 * 1024;

/**
 * A ClientIO that also keeps what it sends (status, content type, body or stream events; SSE comments
 * such as keep-alives left out), for the response cache. Past about 1 MiB it stops keeping: such an
 * answer is not cached.
 */
export class RecordingClientIO extends ClientIO {
  private status = 0;
  private contentType = '';
  private readonly parts: string[] = [];
  private length = 0;
  private overflow = false;

  override sendJson(status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    this.sendBytes(status, text, 'application/json', headers);
  }

  override sendBytes(status: number, body: Uint8Array | string, contentType: string, headers: Record<string, string> = {}): void {
    if (!this.started) {
      this.status = status;
      this.contentType = contentType;
      // Only text answers are cached (the cached endpoints answer JSON or events).
      if (typeof body === 'string') this.add(body);
      else if (/json|text/i.test(contentType)) this.add(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
      else this.overflow = true;
    }
    super.sendBytes(status, body, contentType, headers);
  }

  override startStream(contentType = 'text/event-stream'): void {
    if (!this.started) {
      this.status = 200;
      this.contentType = contentType;
    }
    super.startStream(contentType);
  }

  override write(chunk: string): Promise<void> | void {
    if (!chunk.startsWith(':')) this.add(chunk);
    return super.write(chunk);
  }

  override end(lastChunk?: string): void {
    if (lastChunk && !this.closed) this.add(lastChunk);
    super.end(lastChunk);
  }

  /** What was sent, or undefined when nothing was or it was too large to keep. */
  recorded(): { status: number; contentType: string; body: string } | undefined {
    if (this.overflow || this.status === 0) return undefined;
    return { status: this.status, contentType: this.contentType, body: this.parts.join('') };
  }

  private add(text: string): void {
    if (this.overflow) return;
    this.length += text.length;
    if (this.length > MAX_RECORDED_CHARS) {
      this.overflow = true;
      this.parts.length = 0;
    } else this.parts.push(text);
  }
}
