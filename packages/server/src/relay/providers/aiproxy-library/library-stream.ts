/**
 * AIProxy library streams: `data:{json}` lines separated by single newlines, with no blank line between
 * events, so a WHATWG SSE parser would read the whole answer as one event that ends only with the
 * stream. The byte-stream translator splits lines itself, as one-api's scanner does. Each event's
 * `content` becomes a hub chunk; when the stream ends, one last chunk carries the documents (the last
 * list seen) as markdown and finish_reason "stop". No usage is reported: the pipeline counts the text.
 */
import { nowSeconds, randomId } from '../../formats/ids.js';
import { ChunkFactory } from '../../formats/openai/chunks.js';
import type { ChatDelta } from '../../formats/openai/types.js';
import { RelayError } from '../../relay-error.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import { Utf8ChunkDecoder } from '../../streaming/utf8-chunk-decoder.js';
import type { ByteStreamTranslator, OutboundEvent, StreamTranslator } from '../provider-adapter.js';
import { documentsMarkdown, libraryFailure } from './library-answer.js';
import type { LibraryStreamEvent } from './types.js';

const MAX_LINE_CHARS = 16 * 1024 * 1024;

/** The events of one answer, whatever splits them into lines. */
class LibraryEvents {
  private readonly chunks: ChunkFactory;
  private started = false;
  private documents: unknown[] = [];
  /** Text sent since the pipeline last drained it. */
  text = '';

  constructor(model: string) {
    this.chunks = new ChunkFactory(randomId('chatcmpl-'), model, nowSeconds(), false);
  }

  /** One line's payload: a `data:` event, or another line, which matters only when it is an error body. */
  payload(raw: string, isData: boolean): OutboundEvent[] {
    const json = raw.trim();
    if (!json.startsWith('{')) return [];
    let event: unknown;
    try {
      event = JSON.parse(json);
    } catch {
      return [];
    }
    const failure = libraryFailure(event);
    if (failure) throw failure;
    if (!isData) return [];
    const { content, documents } = event as LibraryStreamEvent;
    if (Array.isArray(documents) && documents.length > 0) this.documents = documents;
    return typeof content === 'string' && content ? [{ data: this.chunks.delta(this.delta(content)) }] : [];
  }

  finish(): OutboundEvent[] {
    const references = documentsMarkdown(this.documents);
    const delta: ChatDelta = references ? this.delta(references) : this.started ? {} : { role: 'assistant' };
    return [{ data: this.chunks.delta(delta, 'stop') }];
  }

  drain(): string {
    const text = this.text;
    this.text = '';
    return text;
  }

  private delta(content: string): ChatDelta {
    this.text += content;
    const delta: ChatDelta = this.started ? { content } : { role: 'assistant', content };
    this.started = true;
    return delta;
  }
}

const dataOf = (line: string) => (line.startsWith('data:') ? { raw: line.slice(5), isData: true } : { raw: line, isData: false });

/** The upstream's bytes, split into lines on "\n" (a "\r" before it is dropped). */
export class LibraryByteStreamTranslator implements ByteStreamTranslator {
  private readonly decoder = new Utf8ChunkDecoder();
  private readonly events: LibraryEvents;
  private buffer = '';

  constructor(model: string) {
    this.events = new LibraryEvents(model);
  }

  push(chunk: Uint8Array): OutboundEvent[] {
    this.buffer += this.decoder.push(chunk);
    const out: OutboundEvent[] = [];
    let start = 0;
    for (let nl = this.buffer.indexOf('\n'); nl !== -1; nl = this.buffer.indexOf('\n', start)) {
      out.push(...this.line(this.buffer.slice(start, nl)));
      start = nl + 1;
    }
    this.buffer = this.buffer.slice(start);
    if (this.buffer.length > MAX_LINE_CHARS) throw new RelayError(502, 'bad_response_body', 'the knowledge base sent a line longer than 16 MB', 'upstream');
    return out;
  }

  end(): OutboundEvent[] {
    const tail = this.buffer + this.decoder.end();
    this.buffer = '';
    return [...(tail ? this.line(tail) : []), ...this.events.finish()];
  }

  usage(): undefined {
    return undefined;
  }

  drainText(): string {
    return this.events.drain();
  }

  private line(line: string): OutboundEvent[] {
    const { raw, isData } = dataOf(line.endsWith('\r') ? line.slice(0, -1) : line);
    return this.events.payload(raw, isData);
  }
}

/**
 * For an upstream (or a proxy in front of it) that does end each event with a blank line: the SSE
 * parser has already taken off `data:`; several lines of one event each hold an event of their own.
 */
export class LibrarySseTranslator implements StreamTranslator {
  private readonly events: LibraryEvents;

  constructor(model: string) {
    this.events = new LibraryEvents(model);
  }

  push(event: ParsedSseEvent): OutboundEvent[] {
    return event.data.split('\n').flatMap((line) => this.events.payload(line, true));
  }

  end(): OutboundEvent[] {
    return this.events.finish();
  }

  usage(): undefined {
    return undefined;
  }

  drainText(): string {
    return this.events.drain();
  }
}
