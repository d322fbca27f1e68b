import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies the write-ahead log into the database file. */
export const CHECKPOINT_EVERY_MS = 250;

/**
 * What the serving connection's own automatic checkpoint waits for once a thread checkpoints: 10 000
 * pages (about 40 MB of log), reached only if the thread falls far behind or is gone.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

// CommonJS run by the thread (eval: the same text works from the TypeScript sources and the build).
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
let checkpoints = 0;
const timer = setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs and never waits for anyone.
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    checkpoints++;
    parentPort.postMessage({ checkpoints, log: result.log, checkpointed: result.checkpointed });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface CheckpointReport {
  checkpoints: number;
  /** Pages in the log and pages of it copied into the database file by the last checkpoint. */
  log: number;
  checkpointed: number;
}

/**
 * Checkpoints an SQLite database in WAL mode from a thread with its own connection. A checkpoint copies
 * the pages committed to the log into the database file and syncs both; done by the serving connection
 * (SQLite's default, every 1 000 pages) it stalled every request of the process for its writes and two
 * fsyncs, several times a second under load (bench/README.md). The thread only holds the checkpoint
 * lock, so requests keep being served meanwhile; the serving connection keeps a far-off automatic
 * checkpoint as a fallback.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly waiters = new Set<(report: CheckpointReport) => void>();
  /** Resolves when the thread has closed its connection and ended. */
  readonly stopped: Promise<void>;

  constructor(file: string, onError: (message: string) => void = (m) => console.error(`background checkpoint failed: ${m}`)) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS } });
    this.worker.unref();
    this.worker.on('message', (m: CheckpointReport | { error: string }) => {
      if ('error' in m) return onError(m.error);
      for (const wake of this.waiters) wake(m);
      this.waiters.clear();
    });
    this.worker.on('error', (err) => onError(err.message));
    this.stopped = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** Resolves after the next checkpoint the thread reports. */
  nextCheckpoint(): Promise<CheckpointReport> {
    return new Promise((resolve) => this.waiters.add(resolve));
  }

  /** Asks the thread to close its connection and end; `stopped` tells when it has. */
  stop(): void {
    this.worker.postMessage('stop');
  }
}
