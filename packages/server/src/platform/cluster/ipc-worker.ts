import type { BusMessage, EventBus } from './event-bus.js';
import { isGatewayMessage, type PrimaryToWorker, type WorkerToPrimary } from './ipc-protocol.js';
import { MemoryRateLimiter, type RateLimiter, type RateLimitResult } from '../rate-limiter.js';
import type { MetricSnapshot } from '../metrics/metrics-registry.js';

/** The worker's side of the IPC channel to the cluster primary (process.send / process.on('message')). */
export interface IpcChannel {
  send(message: WorkerToPrimary): void;
  onMessage(listener: (message: unknown) => void): () => void;
}

export function processIpcChannel(): IpcChannel {
  if (!process.send) throw new Error('this process has no IPC channel (not a cluster worker)');
  return {
    send: (message) => void process.send!(message),
    onMessage: (listener) => {
      process.on('message', listener);
      return () => process.off('message', listener);
    },
  };
}

/** Change messages to and from the other workers, relayed by the primary. */
export class IpcEventBus implements EventBus {
  constructor(private readonly channel: IpcChannel) {}

  publish(m: BusMessage): void {
    this.channel.send({ t: 'gw:bus', m });
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    return this.channel.onMessage((msg) => {
      if (isGatewayMessage<PrimaryToWorker>(msg) && msg.t === 'gw:bus') listener(msg.m);
    });
  }
}

/** Milliseconds to wait for the primary before counting locally instead (a stuck primary never stalls requests). */
const PRIMARY_TIMEOUT_MS = 1000;

/**
 * Rate-limit counters kept by the cluster primary, so every worker enforces one shared limit (with
 * Redis configured the Redis limiter is used instead). If the primary does not answer in time the hit
 * is counted in this worker alone.
 */
export class IpcRateLimiter implements RateLimiter {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; timer: NodeJS.Timeout }>();
  private readonly fallback = new MemoryRateLimiter();

  constructor(private readonly channel: IpcChannel) {
    channel.onMessage((msg) => {
      if (!isGatewayMessage<PrimaryToWorker>(msg) || (msg.t !== 'gw:rl:hit' && msg.t !== 'gw:rl:peek')) return;
      const w = this.waiting.get(msg.seq);
      if (!w) return;
      this.waiting.delete(msg.seq);
      clearTimeout(w.timer);
      w.resolve(msg.result);
    });
  }

  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.ask({ t: 'gw:rl:hit', seq: ++this.seq, key, limit, windowSeconds }, () => this.fallback.hit(key, limit, windowSeconds)) as Promise<RateLimitResult>;
  }

  peek(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }> {
    return this.ask({ t: 'gw:rl:peek', seq: ++this.seq, key, windowSeconds }, () => this.fallback.peek(key, windowSeconds)) as Promise<{ count: number; resetSeconds: number }>;
  }

  private ask(message: WorkerToPrimary & { seq: number }, fallback: () => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(message.seq);
        resolve(fallback());
      }, PRIMARY_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(message.seq, { resolve, timer });
      try {
        this.channel.send(message);
      } catch {
        this.waiting.delete(message.seq);
        clearTimeout(timer);
        resolve(fallback());
      }
    });
  }
}

/**
 * This worker's side of cluster-wide metrics: answers the primary's requests for its snapshot, and
 * gathers all workers' snapshots when a scrape arrives here.
 */
export class IpcMetricsPeer {
  private seq = 0;
  private readonly waiting = new Map<number, (snapshots: MetricSnapshot[][]) => void>();

  constructor(private readonly channel: IpcChannel, private readonly local: () => MetricSnapshot[]) {
    channel.onMessage((msg) => {
      if (!isGatewayMessage<PrimaryToWorker>(msg)) return;
      if (msg.t === 'gw:metrics:dump') {
        try {
          channel.send({ t: 'gw:metrics:snapshot', round: msg.round, snapshot: this.local() });
        } catch {}
      } else if (msg.t === 'gw:metrics:collect') {
        this.waiting.get(msg.seq)?.(msg.snapshots);
        this.waiting.delete(msg.seq);
      }
    });
  }

  /** Every worker's snapshot; this worker's alone if the primary does not answer in time. */
  collectAll(): Promise<MetricSnapshot[][]> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(seq);
        resolve([this.local()]);
      }, 3000);
      timer.unref();
      this.waiting.set(seq, (s) => {
        clearTimeout(timer);
        resolve(s);
      });
      try {
        this.channel.send({ t: 'gw:metrics:collect', seq });
      } catch {
        clearTimeout(timer);
        this.waiting.delete(seq);
        resolve([this.local()]);
      }
    });
  }
}
