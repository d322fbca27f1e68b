import type { BusMessage, EventBus } from './event-bus.js';
import { isGatewayMessage, type PrimaryToWorker, type WorkerToPrimary } from './ipc-protocol.js';
import { MemoryRateLimiter, type RateLimiter, type RateLimitResult, type WindowCount } from '../rate-limiter.js';
import { MemoryLeaseStore, type Lease, type LeaseStore } from '../lease-store.js';
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

type Question = Extract<WorkerToPrimary, { seq: number }>;
type Answer = Extract<PrimaryToWorker, { seq: number; result: unknown }>;

/**
 * Questions to the primary matched to its answers by sequence number. When the primary does not answer in
 * time (or the channel is closed) the question is answered locally; an answer that arrives after that goes
 * to `late`.
 */
class PrimaryQuestions {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (result: unknown) => void; timer: NodeJS.Timeout }>();

  constructor(private readonly channel: IpcChannel, kinds: readonly Answer['t'][], late: (answer: Answer) => void = () => {}) {
    channel.onMessage((msg) => {
      if (!isGatewayMessage<PrimaryToWorker>(msg) || !(kinds as readonly string[]).includes(msg.t)) return;
      const answer = msg as Answer;
      const w = this.waiting.get(answer.seq);
      if (!w) return late(answer);
      this.waiting.delete(answer.seq);
      clearTimeout(w.timer);
      w.resolve(answer.result);
    });
  }

  /** The primary's `result` for the question built with the next sequence number, else `local()`'s. */
  ask<R>(question: (seq: number) => Question, local: () => R | Promise<R>): Promise<R> {
    const seq = ++this.seq;
    return new Promise<R>((resolve, reject) => {
      const answerLocally = () => {
        this.waiting.delete(seq);
        clearTimeout(timer);
        Promise.resolve().then(local).then(resolve, reject);
      };
      const timer = setTimeout(answerLocally, PRIMARY_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(seq, { resolve: resolve as (result: unknown) => void, timer });
      try {
        this.channel.send(question(seq));
      } catch {
        answerLocally();
      }
    });
  }
}

/**
 * Rate-limit counters kept by the cluster primary, so every worker enforces one shared limit (with
 * Redis configured the Redis limiter is used instead). If the primary does not answer in time the hit
 * is counted in this worker alone.
 */
export class IpcRateLimiter implements RateLimiter {
  private readonly questions: PrimaryQuestions;
  private readonly fallback = new MemoryRateLimiter();

  constructor(channel: IpcChannel) {
    this.questions = new PrimaryQuestions(channel, ['gw:rl:hit', 'gw:rl:peek', 'gw:rl:add']);
  }

  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.questions.ask((seq) => ({ t: 'gw:rl:hit', seq, key, limit, windowSeconds }), () => this.fallback.hit(key, limit, windowSeconds));
  }

  peek(key: string, windowSeconds: number): Promise<WindowCount> {
    return this.questions.ask((seq) => ({ t: 'gw:rl:peek', seq, key, windowSeconds }), () => this.fallback.peek(key, windowSeconds));
  }

  add(key: string, amount: number, windowSeconds: number): Promise<WindowCount> {
    return this.questions.ask((seq) => ({ t: 'gw:rl:add', seq, key, amount, windowSeconds }), () => this.fallback.add(key, amount, windowSeconds));
  }
}

/**
 * Token-concurrency slots held by the cluster primary, so a key's limit holds across the workers as on one
 * process (with Redis configured, Redis leases are used instead). The primary frees a worker's slots when
 * it exits. If the primary does not answer in time the slot is taken in this worker alone, and a slot the
 * primary grants after that is given back at once.
 */
export class IpcLeaseStore implements LeaseStore {
  private readonly questions: PrimaryQuestions;
  private readonly fallback = new MemoryLeaseStore();

  constructor(private readonly channel: IpcChannel) {
    this.questions = new PrimaryQuestions(channel, ['gw:tc:acquire'], (late) => {
      if (typeof late.result === 'string') this.giveBack(late.result);
    });
  }

  async acquire(key: string, limit: number): Promise<Lease | null> {
    const granted = await this.questions.ask<string | null | Lease>((seq) => ({ t: 'gw:tc:acquire', seq, key, limit }), () => this.fallback.tryAcquire(key, limit));
    if (typeof granted !== 'string') return granted;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.giveBack(granted);
      },
    };
  }

  private giveBack(lease: string): void {
    try {
      this.channel.send({ t: 'gw:tc:release', lease });
    } catch {}
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
