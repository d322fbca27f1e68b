import { Utf8ChunkDecoder } from './utf8-chunk-decoder.js';

/** One server-sent event as read from an upstream: `event:` name (if any) and the joined `data:` lines. */
export interface ParsedSseEvent {
  event?: string;
  data: string;
}

/** Largest single event we accept; an upstream that sends more without a blank line is broken. */
export const MAX_EVENT_BYTES = 16 * 1024 * 1024;

export class SseTooLargeError extends Error {
  constructor() {
    super(`upstream sent a server-sent event larger than ${MAX_EVENT_BYTES} bytes`);
  }
}

/**
 * Incremental SSE parser (bytes → events) following the WHATWG event-stream rules: lines end in
 * \n, \r\n or \r; `data:` lines of one event are joined with \n; a blank line ends the event; lines
 * starting with ':' are comments. Memory is bounded by the largest single event.
 */
export class SseParser {
  private decoder = new Utf8ChunkDecoder();
  private buffer = '';
  /** The event's `data:` lines so far, joined with \n; undefined before its first one. */
  private data: string | undefined;
  private dataBytes = 0;
  private eventName: string | undefined;
  private pendingCr = false;
  /** The current push's lines are all canonical so far (see `verbatim`). */
  private canonical = false;
  private lastVerbatim: string | undefined;

  /**
   * The text of the last push when it was exactly its events in canonical framing: it began and ended at
   * an event boundary and every event was an optional `event: NAME` line, one `data: …` line and a blank
   * line, with \n line ends and no comments or other fields. Such text is what `frameSse` makes of the
   * events, so a relay that passes them on unchanged can send the text itself.
   */
  get verbatim(): string | undefined {
    return this.lastVerbatim;
  }

  /** Feeds a chunk and returns the events it completed. */
  push(chunk: Uint8Array | string): ParsedSseEvent[] {
    let text = typeof chunk === 'string' ? chunk : this.decoder.push(chunk);
    this.canonical = this.buffer === '' && this.data === undefined && this.eventName === undefined && !this.pendingCr;
    this.lastVerbatim = undefined;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const events: ParsedSseEvent[] = [];
    let start = 0;
    if (this.buffer.indexOf('\r') === -1) {
      // Nearly every upstream ends lines with \n alone: jump from one to the next.
      for (let nl = this.buffer.indexOf('\n'); nl !== -1; nl = this.buffer.indexOf('\n', start)) {
        this.line(this.buffer, start, nl, events);
        start = nl + 1;
      }
      this.buffer = this.buffer.slice(start);
      if (this.buffer.length + this.dataBytes > MAX_EVENT_BYTES) throw new SseTooLargeError();
      if (this.canonical && this.buffer === '' && this.data === undefined && this.eventName === undefined && events.length > 0) this.lastVerbatim = text;
      return events;
    }
    this.canonical = false;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(this.buffer, start, i, events);
      if (c === 13) {
        if (i + 1 < this.buffer.length) {
          if (this.buffer.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    if (this.buffer.length + this.dataBytes > MAX_EVENT_BYTES) throw new SseTooLargeError();
    return events;
  }

  /** Flushes a final event that was not followed by a blank line. */
  end(): ParsedSseEvent[] {
    const events: ParsedSseEvent[] = [];
    const tail = this.buffer + this.decoder.end();
    this.buffer = '';
    if (tail) this.line(tail, 0, tail.length, events);
    this.line('', 0, 0, events);
    return events;
  }

  /** The line text.slice(start, end); read in place, as most lines are `data: …` or blank. */
  private line(text: string, start: number, end: number, events: ParsedSseEvent[]) {
    if (start === end) {
      if (this.data !== undefined) events.push(this.eventName ? { event: this.eventName, data: this.data } : { data: this.data });
      else this.canonical = false;
      this.data = undefined;
      this.dataBytes = 0;
      this.eventName = undefined;
      return;
    }
    if (text.charCodeAt(start) === 58) {
      this.canonical = false;
      return; // ':' comment
    }
    if (text.startsWith('data:', start)) {
      const spaced = text.charCodeAt(start + 5) === 32;
      if (!spaced || this.data !== undefined) this.canonical = false;
      this.addData(text.slice(spaced ? start + 6 : start + 5, end));
      return;
    }
    const line = text.slice(start, end);
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    const spaced = value.charCodeAt(0) === 32;
    if (spaced) value = value.slice(1);
    if (field !== 'event' || !spaced || !value || this.data !== undefined || this.eventName !== undefined) this.canonical = false;
    if (field === 'data') this.addData(value);
    else if (field === 'event') this.eventName = value;
  }

  private addData(value: string) {
    this.data = this.data === undefined ? value : `${this.data}\n${value}`;
    this.dataBytes += value.length;
    if (this.dataBytes > MAX_EVENT_BYTES) throw new SseTooLargeError();
  }
}
