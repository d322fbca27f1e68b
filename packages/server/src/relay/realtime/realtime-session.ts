import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { closeReason, relayedCloseCode } from './close-codes.js';
import { watchedEventOf, type WatchedEvent } from './realtime-usage.js';
import type { OpenUpstream } from './realtime-upstream.js';

export interface RealtimeSessionOptions {
  /** Ping interval; a side that has not answered the previous ping by the next one is dropped. */
  keepAliveMs: number;
  /** How long the upstream stays open after the client left while a response is still being generated. */
  drainAfterClientGoneMs: number;
  /** Bytes waiting to be sent to a side beyond which the other side is no longer read. */
  maxBufferedBytes: number;
  /** How long a side may take to answer a close before its socket is dropped. */
  closeTimeoutMs: number;
}

/** What the session reports about the responses it sees. */
export interface ResponseTiming {
  /** When response.created arrived, or when the session started for a response.done without one. */
  startedAt: number;
  firstTokenMs: number;
}

/** Whether the session goes on after a charge: false (now or once the charge is written) ends it, the balance being used up. */
export type GoOn = boolean | Promise<boolean>;

export interface RealtimeSessionHooks {
  /** A response.done arrived (also after the client left). */
  onResponseDone(event: Extract<WatchedEvent, { type: 'response.done' }>, timing: ResponseTiming): GoOn;
  /** The session's settings arrived or changed. */
  onSession?(event: Extract<WatchedEvent, { type: 'session' }>): void;
  /** An input transcription finished. */
  onTranscriptionDone?(event: Extract<WatchedEvent, { type: 'transcription.done' }>): GoOn;
}

/** Close code when the balance runs out: policy violation. */
export const QUOTA_CLOSE_CODE = 1008;

/**
 * Relays one realtime session: every frame both ways unchanged and in order, text or binary. Either
 * side's close closes the other with the same code (see close-codes.ts). Memory is bounded: when a side
 * has more than `maxBufferedBytes` waiting, the other side is not read until it drained.
 *
 * A client that leaves while a response is being generated does not lose that response's charge: the
 * upstream is kept open (not read for the client, only watched) until every started response is done or
 * `drainAfterClientGoneMs` passed. Responses that never finish are not billed, as nothing reported
 * their usage — the same as an HTTP stream cut before its usage chunk.
 */
export class RealtimeSession {
  /** Resolves once both sockets are closed. */
  readonly finished: Promise<void>;
  private readonly upstream: WebSocket;
  /** Responses created and not yet done, oldest first. */
  private readonly responses: { startedAt: number; firstFrameAt: number | undefined }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private clientGone = false;
  private upstreamGone = false;
  private ending = false;
  private resolveFinished!: () => void;

  constructor(
    private readonly client: WebSocket,
    opened: OpenUpstream,
    private readonly hooks: RealtimeSessionHooks,
    private readonly options: RealtimeSessionOptions,
    private readonly startedAt = Date.now(),
  ) {
    this.upstream = opened.socket;
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    const { frames, closed } = opened.takeOver();
    for (const frame of frames) this.fromUpstream(frame.data as Buffer, frame.isBinary);

    client.on('message', (data: Buffer, isBinary) => this.forward(this.upstream, client, data, isBinary));
    client.on('close', (code, reason) => this.onClientClose(code, reason));
    client.on('error', () => undefined); // a close follows
    this.upstream.on('message', (data: Buffer, isBinary) => this.fromUpstream(data, isBinary));
    this.upstream.on('close', (code, reason) => this.onUpstreamClose(code, reason));
    this.upstream.on('error', () => undefined);
    this.keepAlive(client);
    this.keepAlive(this.upstream);
    if (closed) this.onUpstreamClose(closed.code, closed.reason);
  }

  /** Graceful shutdown: both sides are closed with 1001 at once, without waiting for responses. */
  shutdown(): void {
    this.ending = true;
    this.close(this.client, 1001, 'server shutting down');
    this.close(this.upstream, 1001, 'server shutting down');
  }

  private fromUpstream(data: Buffer, isBinary: boolean): void {
    const event = isBinary ? undefined : watchedEventOf(data);
    const now = Date.now();
    const oldest = this.responses[0];
    if (oldest && oldest.firstFrameAt === undefined) oldest.firstFrameAt = now;
    if (event?.type === 'response.created') this.responses.push({ startedAt: now, firstFrameAt: undefined });
    if (!this.clientGone && !this.ending) this.forward(this.client, this.upstream, data, isBinary);
    if (event?.type === 'session') this.hooks.onSession?.(event);
    if (event?.type === 'transcription.done') this.endUnless(this.hooks.onTranscriptionDone?.(event) ?? true);
    if (event?.type !== 'response.done') return;
    const response = this.responses.shift();
    const startedAt = response?.startedAt ?? this.startedAt;
    const goOn = this.hooks.onResponseDone(event, { startedAt, firstTokenMs: (response?.firstFrameAt ?? now) - startedAt });
    if (goOn === false) return this.endForQuota();
    // A charge still being written does not keep the upstream open: its answer is in.
    if (this.clientGone && this.responses.length === 0) this.close(this.upstream, 1000, 'client closed');
    if (goOn !== true) this.endUnless(goOn);
  }

  private endUnless(goOn: GoOn): void {
    if (goOn === false) this.endForQuota();
    else if (goOn !== true) void goOn.then((ok) => ok || this.endForQuota(), () => undefined);
  }

  private forward(to: WebSocket, from: WebSocket, data: Buffer, isBinary: boolean): void {
    if (to.readyState !== WebSocket.OPEN || this.ending) return;
    to.send(data, { binary: isBinary }, () => this.resumeIfDrained(to, from));
    if (to.bufferedAmount > this.options.maxBufferedBytes && !from.isPaused) from.pause();
  }

  private resumeIfDrained(to: WebSocket, from: WebSocket): void {
    if (from.isPaused && to.bufferedAmount <= this.options.maxBufferedBytes / 4) from.resume();
  }

  private endForQuota(): void {
    if (this.ending) return;
    this.ending = true;
    if (this.client.readyState === WebSocket.OPEN) {
      const message = 'your quota is used up; the session was closed. Please top up to continue.';
      this.client.send(JSON.stringify({ type: 'error', event_id: `event_${randomUUID().replace(/-/g, '')}`, error: { type: 'insufficient_quota', code: 'insufficient_quota', message, param: null, event_id: null } }));
    }
    this.close(this.client, QUOTA_CLOSE_CODE, 'insufficient_quota');
    this.close(this.upstream, 1000, 'client quota used up');
  }

  private onClientClose(code: number, reason: Buffer): void {
    this.clientGone = true;
    if (this.upstreamGone) return this.done();
    if (this.responses.length > 0 && !this.ending && this.options.drainAfterClientGoneMs > 0) {
      // Only watched from now on: it must not stay paused for a client that is gone.
      if (this.upstream.isPaused) this.upstream.resume();
      this.timer(() => this.close(this.upstream, 1000, 'client closed'), this.options.drainAfterClientGoneMs);
      return;
    }
    this.close(this.upstream, relayedCloseCode(code), closeReason(reason));
  }

  private onUpstreamClose(code: number, reason: Buffer): void {
    this.upstreamGone = true;
    if (this.clientGone) return this.done();
    this.close(this.client, relayedCloseCode(code), closeReason(reason));
  }

  private close(ws: WebSocket, code: number, reason: string): void {
    if (ws.readyState === WebSocket.CLOSED) return;
    if (ws.readyState === WebSocket.OPEN) ws.close(code, reason);
    this.timer(() => ws.terminate(), this.options.closeTimeoutMs);
  }

  private keepAlive(ws: WebSocket): void {
    let answered = true;
    ws.on('pong', () => (answered = true));
    const interval = setInterval(() => {
      if (ws.readyState !== WebSocket.OPEN) return;
      // A side we stopped reading cannot show us its pong.
      if (!answered && !ws.isPaused) return ws.terminate();
      answered = false;
      ws.ping();
    }, this.options.keepAliveMs);
    interval.unref();
    this.timers.add(interval);
  }

  private timer(fn: () => void, ms: number): void {
    const t = setTimeout(fn, ms);
    t.unref();
    this.timers.add(t);
  }

  private done(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.resolveFinished();
  }
}
