import { isGatewayMessage, type PrimaryToWorker, type WorkerToPrimary } from './ipc-protocol.js';
import { MemoryRateLimiter } from '../rate-limiter.js';
import { MemoryLeaseStore, type Lease } from '../lease-store.js';
import type { MetricSnapshot } from '../metrics/metrics-registry.js';

/** How long a scrape waits for the workers' metrics; a worker that does not answer is left out. */
const COLLECT_TIMEOUT_MS = 2000;

/** A worker as the hub sees it. */
export interface HubWorker {
  id: number;
  send(message: PrimaryToWorker): void;
}

interface CollectRound {
  waiting: Set<number>;
  snapshots: MetricSnapshot[][];
  finish: () => void;
}

/**
 * The primary's part of the workers' IPC: relays change messages from one worker to all others, keeps
 * the shared rate-limit counters and token-concurrency slots (a worker's slots are freed when it exits),
 * and gathers every worker's metrics for a scrape.
 */
export class IpcPrimaryHub {
  private readonly workers = new Map<number, HubWorker>();
  private readonly limiter = new MemoryRateLimiter();
  private readonly slots = new MemoryLeaseStore();
  private readonly leases = new Map<string, { worker: number; lease: Lease }>();
  private leaseSeq = 0;
  private round = 0;
  private readonly rounds = new Map<number, CollectRound>();

  add(worker: HubWorker): void {
    this.workers.set(worker.id, worker);
  }

  remove(id: number): void {
    this.workers.delete(id);
    for (const [leaseId, held] of this.leases) if (held.worker === id) this.release(leaseId);
    for (const r of this.rounds.values()) if (r.waiting.delete(id) && r.waiting.size === 0) r.finish();
  }

  async handle(from: HubWorker, message: unknown): Promise<void> {
    if (!isGatewayMessage<WorkerToPrimary>(message)) return;
    switch (message.t) {
      case 'gw:bus':
        for (const w of this.workers.values()) if (w.id !== from.id) trySend(w, { t: 'gw:bus', m: message.m });
        return;
      case 'gw:rl:hit':
        trySend(from, { t: 'gw:rl:hit', seq: message.seq, result: await this.limiter.hit(message.key, message.limit, message.windowSeconds) });
        return;
      case 'gw:rl:peek':
        trySend(from, { t: 'gw:rl:peek', seq: message.seq, result: await this.limiter.peek(message.key, message.windowSeconds) });
        return;
      case 'gw:rl:add':
        trySend(from, { t: 'gw:rl:add', seq: message.seq, result: await this.limiter.add(message.key, message.amount, message.windowSeconds) });
        return;
      case 'gw:tc:acquire': {
        const lease = this.slots.tryAcquire(message.key, message.limit);
        const id = lease ? `${from.id}:${++this.leaseSeq}` : null;
        if (lease && id) this.leases.set(id, { worker: from.id, lease });
        trySend(from, { t: 'gw:tc:acquire', seq: message.seq, result: id });
        return;
      }
      case 'gw:tc:release':
        if (this.leases.get(message.lease)?.worker === from.id) this.release(message.lease);
        return;
      case 'gw:metrics:collect':
        trySend(from, { t: 'gw:metrics:collect', seq: message.seq, snapshots: await this.collect() });
        return;
      case 'gw:metrics:snapshot': {
        const r = this.rounds.get(message.round);
        if (!r || !r.waiting.delete(from.id)) return;
        r.snapshots.push(message.snapshot);
        if (r.waiting.size === 0) r.finish();
        return;
      }
    }
  }

  /** Slots held under `key` across the workers (tests and diagnostics). */
  slotsHeld(key: string): number {
    return this.slots.count(key);
  }

  private release(leaseId: string): void {
    this.leases.get(leaseId)?.lease.release();
    this.leases.delete(leaseId);
  }

  /** Every live worker's metrics snapshot (those that answer within the timeout). */
  collect(): Promise<MetricSnapshot[][]> {
    const round = ++this.round;
    return new Promise((resolve) => {
      const r: CollectRound = {
        waiting: new Set(this.workers.keys()),
        snapshots: [],
        finish: () => {
          clearTimeout(timer);
          this.rounds.delete(round);
          resolve(r.snapshots);
        },
      };
      const timer = setTimeout(r.finish, COLLECT_TIMEOUT_MS);
      this.rounds.set(round, r);
      if (r.waiting.size === 0) return r.finish();
      for (const w of this.workers.values()) trySend(w, { t: 'gw:metrics:dump', round });
    });
  }
}

/** A worker that is exiting cannot take messages; that is not the hub's problem. */
function trySend(worker: HubWorker, message: PrimaryToWorker) {
  try {
    worker.send(message);
  } catch {}
}
