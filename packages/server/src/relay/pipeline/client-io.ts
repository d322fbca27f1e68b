import type { ServerResponse } from 'node:http';
import { merged } from '../../platform/merged.js';

/** Longest wait for a stream's first chunk before its headers are sent on their own (give or take a sweep). */
export const HEADER_FLUSH_MS = 50;

/**
 * Started streams that have not written yet, with the time their headers go out alone. One interval
 * sweeps them all: a timer set and cleared per stream cost more than the stream's own framing.
 */
const awaitingFirstChunk = new Map<ClientIO, number>();
let sweeper: NodeJS.Timeout | undefined;

function sweepAwaitingStreams() {
  const now = performance.now();
  for (const [io, due] of awaitingFirstChunk) {
    if (due > now) continue;
    awaitingFirstChunk.delete(io);
    io.flushHeaders();
  }
  if (awaitingFirstChunk.size === 0) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/**
 * The client side of one relay request, over Node's raw response (the route hijacks Fastify's reply so
 * streamed bytes go straight to the socket). Writes respect backpressure; after the client goes away
 * writes are dropped and `closed` turns true.
 */
export class ClientIO {
  private closeListeners: (() => void)[] = [];
  private gone = false;
  private headersSent = false;
  private lastWriteAt = 0;

  constructor(private readonly res: ServerResponse, private readonly baseHeaders: Record<string, string>) {
    res.on('close', () => {
      if (!res.writableFinished) this.gone = true;
      this.cancelHeaderFlush();
      for (const l of this.closeListeners) l();
      this.closeListeners = [];
    });
  }

  /** True when the client disconnected before the answer was complete. */
  get closed(): boolean {
    return this.gone;
  }

  /** True once a status line was sent: from then on the status can no longer change. */
  get started(): boolean {
    return this.headersSent;
  }

  onClose(listener: () => void): void {
    if (this.gone) listener();
    else this.closeListeners.push(listener);
  }

  setHeader(name: string, value: string): void {
    this.baseHeaders[name] = value;
  }

  sendJson(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.send(status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
  }

  sendBytes(status: number, body: Uint8Array | string, contentType: string, headers: Record<string, string> = {}): void {
    this.send(status, body, { 'content-type': contentType, ...headers });
  }

  /**
   * Starts a streamed answer. The status line and headers go out with the first chunk (one socket
   * write instead of two), or after HEADER_FLUSH_MS if no chunk comes sooner, so a client waiting on a
   * slow first token still sees the answer begin.
   */
  startStream(contentType = 'text/event-stream'): void {
    if (this.headersSent || this.gone) return;
    this.headersSent = true;
    this.res.writeHead(200, merged(this.baseHeaders, { 'content-type': contentType, 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' }));
    awaitingFirstChunk.set(this, performance.now() + HEADER_FLUSH_MS);
    if (!sweeper) {
      sweeper = setInterval(sweepAwaitingStreams, HEADER_FLUSH_MS / 2);
      sweeper.unref();
    }
  }

  /**
   * Sends the status line and headers now (the sweep calls it only for streams that wrote nothing yet).
   * `res.headersSent` cannot tell: it turns true at writeHead, before anything reached the socket.
   */
  flushHeaders(): void {
    if (!this.gone && !this.res.writableEnded) this.res.flushHeaders();
  }

  /**
   * While a stream waits (a slow first token, a long pause), sends an SSE comment every `intervalMs` of
   * silence: clients ignore it, and proxies with idle timeouts keep the connection open. Returns the stop.
   */
  keepAlive(intervalMs: number): () => void {
    this.lastWriteAt = performance.now();
    const timer = setInterval(() => {
      if (this.gone || this.res.writableEnded || performance.now() - this.lastWriteAt < intervalMs - 5) return;
      void this.write(': PING\n\n');
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Writes a chunk; resolves when the socket can take more (backpressure). */
  write(chunk: string): Promise<void> | void {
    if (this.gone) return;
    this.lastWriteAt = performance.now();
    this.cancelHeaderFlush();
    if (this.res.write(chunk)) return;
    return new Promise<void>((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.once('drain', done);
      this.res.once('close', done);
    });
  }

  /** Ends the answer, with a last chunk in the same socket write when given. */
  end(lastChunk?: string): void {
    this.cancelHeaderFlush();
    if (this.res.writableEnded) return;
    if (lastChunk && !this.gone) this.res.end(lastChunk);
    else this.res.end();
  }

  private cancelHeaderFlush() {
    awaitingFirstChunk.delete(this);
  }

  private send(status: number, body: Uint8Array | string, headers: Record<string, string>) {
    if (this.headersSent || this.gone) return;
    this.headersSent = true;
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    this.res.writeHead(status, merged(this.baseHeaders, headers, { 'content-length': String(length) }));
    this.res.end(body);
  }
}

/** SSE framing for one event. */
export function frameSse(event: { event?: string; data: string }): string {
  const data = event.data.includes('\n') ? event.data.split('\n').map((l) => `data: ${l}`).join('\n') : `data: ${event.data}`;
  return event.event ? `event: ${event.event}\n${data}\n\n` : `${data}\n\n`;
}
