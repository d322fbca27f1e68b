import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { util, type Dispatcher } from 'undici';

/**
 * What the relay's body readers (readBounded, forEachChunk, discardBody) use of a response body: a
 * Readable's 'data', 'end', 'error' and 'close' events, pause/resume and destroy. Both undici's
 * BodyReadable and UpstreamBody have it.
 */
export interface ChunkSource {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  once(event: 'end' | 'close', listener: () => void): unknown;
  once(event: 'error', listener: (err: Error) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer) => void): unknown;
  off(event: 'end' | 'close', listener: () => void): unknown;
  off(event: 'error', listener: (err: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  destroy(err?: Error): unknown;
}

/** An upstream's answer whose body is read as chunk events (UpstreamHttpClient.open). */
export interface UpstreamResponse {
  statusCode: number;
  /** All headers, parsed on first use. */
  readonly headers: IncomingHttpHeaders;
  /** One header's (first) value, by lower-case name, without parsing the others. */
  header(name: string): string | undefined;
  body: UpstreamBody;
}

/**
 * The answer as undici hands it over: its headers stay raw until asked for. The relay reads two of them
 * (content-type, retry-after), and a real provider sends twenty or more (rate limits, tracing, cookies),
 * which undici's parseHeaders would turn into strings and an object on every request.
 */
class RawHeaderResponse implements UpstreamResponse {
  private parsed: IncomingHttpHeaders | undefined;

  constructor(
    readonly statusCode: number,
    private readonly rawHeaders: Buffer[],
    readonly body: UpstreamBody,
  ) {}

  get headers(): IncomingHttpHeaders {
    return (this.parsed ??= util.parseHeaders(this.rawHeaders) as IncomingHttpHeaders);
  }

  header(name: string): string | undefined {
    const raw = this.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const key = raw[i];
      if (key.length === name.length && key.toString('latin1').toLowerCase() === name) return raw[i + 1].toString('latin1');
    }
    return undefined;
  }
}

/** Bytes held for a reader that is not listening or paused before the upstream socket is paused too (a Readable's default high-water mark). */
const MAX_HELD_BYTES = 64 * 1024;

/** What destroying an unfinished body reports, as undici's own body does. */
export class BodyAbortedError extends Error {
  readonly code = 'UND_ERR_ABORTED';
  constructor() {
    super('Request aborted');
  }
}

/**
 * A response body with a Readable's events but none of its machinery: undici's request() wraps every
 * body in a Readable stream and its handler in an async resource, which the relay paid on every request.
 * Chunks that come before anyone listens are held, since undici often parses a short answer's headers,
 * body and end in one go, before the caller has even seen the response; from the first 'data' listener
 * on they are handed over as they come. Pausing pauses the upstream socket (backpressure).
 */
export class UpstreamBody extends EventEmitter {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private flowing = false;
  private paused = false;
  /** The upstream sent all of the body (its end may still wait behind held chunks). */
  private complete = false;
  private failure: Error | undefined;
  /** 'end' or 'error' was emitted, or the body was destroyed: nothing more comes. */
  private finished = false;
  private upstreamPaused = false;

  constructor(
    private readonly resumeUpstream: () => void,
    private readonly abortUpstream: (err: Error) => void,
  ) {
    super();
  }

  /** Listening for 'data' starts the flow, once the caller has also added its other listeners. */
  override on(event: string | symbol, listener: (...args: any[]) => void): this {
    super.on(event, listener);
    if (event === 'data' && !this.flowing) {
      this.flowing = true;
      queueMicrotask(() => this.flush());
    }
    return this;
  }

  pause(): this {
    this.paused = true;
    return this;
  }

  resume(): this {
    if (!this.paused) return this;
    this.paused = false;
    // Resumed from inside a 'data' listener: the handover under way goes on by itself.
    queueMicrotask(() => this.flush());
    return this;
  }

  /** Stops reading: the upstream request is aborted, and 'error' (the given one or an abort) and 'close' follow. */
  destroy(err?: Error): this {
    if (this.finished) return this;
    this.finished = true;
    this.held = [];
    this.heldBytes = 0;
    const reason = err ?? new BodyAbortedError();
    if (!this.complete) this.abortUpstream(reason);
    process.nextTick(() => {
      if (this.listenerCount('error') > 0) this.emit('error', reason);
      this.emit('close');
    });
    return this;
  }

  /** undici's onData: false asks it to pause the socket until resumeUpstream. */
  receive(chunk: Buffer): boolean {
    if (this.finished) return true;
    if (this.flowing && !this.paused && this.held.length === 0) {
      this.emit('data', chunk);
      if (!this.paused) return true;
    } else {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
      // Like a Readable's buffer: a short answer is held whole without stopping the socket.
      if (this.heldBytes < MAX_HELD_BYTES) return true;
    }
    this.upstreamPaused = true;
    return false;
  }

  /** undici's onComplete. */
  end(): void {
    this.complete = true;
    this.flush();
  }

  /** undici's onError after the headers came (a reset connection, an idle timeout). */
  fail(err: Error): void {
    if (this.finished) return;
    this.failure = err;
    this.flush();
  }

  private flush() {
    if (this.finished || !this.flowing) return;
    while (!this.paused && this.held.length > 0) {
      const chunk = this.held.shift()!;
      this.heldBytes -= chunk.length;
      this.emit('data', chunk);
      if (this.finished) return;
    }
    if (this.paused) return;
    if (this.failure) {
      this.finished = true;
      this.emit('error', this.failure);
      this.emit('close');
    } else if (this.complete) {
      this.finished = true;
      this.emit('end');
      this.emit('close');
    } else if (this.upstreamPaused) {
      this.upstreamPaused = false;
      this.resumeUpstream();
    }
  }
}

/**
 * undici's own (legacy) handler interface, which its core calls directly (a handler of the newer shape is
 * wrapped in an adapter first). Settles with the response once its headers are in.
 */
export class UpstreamBodyHandler implements Dispatcher.DispatchHandler {
  private abort: ((err?: Error) => void) | undefined;
  private body: UpstreamBody | undefined;

  constructor(
    private readonly settle: (response: UpstreamResponse) => void,
    private readonly reject: (err: Error) => void,
  ) {}

  onConnect(abort: (err?: Error) => void): void {
    this.abort = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    // 1xx answers (100 Continue, 103 Early Hints) come before the real one.
    if (statusCode < 200) return true;
    const body = new UpstreamBody(resume, (err) => this.abort?.(err));
    this.body = body;
    this.settle(new RawHeaderResponse(statusCode, rawHeaders, body));
    return true;
  }

  onData(chunk: Buffer): boolean {
    return this.body ? this.body.receive(chunk) : true;
  }

  onComplete(): void {
    this.body?.end();
  }

  onError(err: Error): void {
    if (this.body) this.body.fail(err);
    else this.reject(err);
  }
}
