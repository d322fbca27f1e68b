import cluster, { type Worker } from 'node:cluster';
import { IpcPrimaryHub } from './ipc-primary-hub.js';

const RESPAWN_DELAY_MS = 1000;
const SHUTDOWN_TIMEOUT_MS = 60_000;

/**
 * The cluster's primary process: forks `workers` copies of this program (each serves the same port; the
 * primary hands out connections), relays their change messages and keeps their shared rate-limit
 * counters, replaces a worker that dies, and on SIGTERM/SIGINT lets every worker finish its requests
 * before exiting. A worker that exits before it ever listened means the configuration cannot work
 * (port taken, database gone): the primary stops instead of restarting it forever.
 */
export function runClusterPrimary(workers: number, log: (msg: string) => void = (m) => console.log(m)): void {
  // The primary accepts and deals connections out in turn. Left to the kernel (SCHED_NONE), a burst of
  // new keep-alive connections often all land on whichever worker is awake: bench/relay.mjs saw one
  // worker serve all 64 while the other idled. Dealing costs only once per connection.
  cluster.schedulingPolicy = cluster.SCHED_RR;
  const hub = new IpcPrimaryHub();
  let stopping = false;
  let listened = false;

  const fork = () => {
    const worker = cluster.fork();
    const hubWorker = { id: worker.id, send: (m: object) => void worker.send(m) };
    hub.add(hubWorker);
    worker.on('message', (m: unknown) => void hub.handle(hubWorker, m));
    worker.once('listening', () => (listened = true));
    worker.once('exit', (code, signal) => {
      hub.remove(worker.id);
      if (stopping) return;
      if (!listened) {
        log(`worker ${worker.process.pid} exited (${signal ?? code}) before it could serve; stopping`);
        stopAll(1);
        return;
      }
      log(`worker ${worker.process.pid} exited (${signal ?? code}); starting a new one`);
      setTimeout(fork, RESPAWN_DELAY_MS).unref();
    });
  };

  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (alive.length === 0) process.exit(exitCode);
    let left = alive.length;
    for (const w of alive) {
      w.once('exit', () => {
        if (--left === 0) process.exit(exitCode);
      });
      w.process.kill('SIGTERM');
    }
    setTimeout(() => process.exit(exitCode), SHUTDOWN_TIMEOUT_MS).unref();
  };

  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));
  for (let i = 0; i < workers; i++) fork();
  log(`started ${workers} workers`);
}
