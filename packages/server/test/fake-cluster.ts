import { IpcPrimaryHub } from '../src/platform/cluster/ipc-primary-hub.js';
import type { IpcChannel } from '../src/platform/cluster/ipc-worker.js';
import type { PrimaryToWorker, WorkerToPrimary } from '../src/platform/cluster/ipc-protocol.js';

export interface FakeClusterOptions {
  /** The primary's hub (a new one by default), to look into or to make a worker leave. */
  hub?: IpcPrimaryHub;
  /** The primary never hears from the workers. */
  dropToPrimary?: boolean;
  /** The primary's answers reach the workers this much later. */
  delayToWorkerMs?: number;
  /** Set to true to stop delivering to the workers (their apps are closing). */
  closed?: { value: boolean };
}

/** In-memory cluster "workers" (ids 1, 2, …) wired to a real IpcPrimaryHub, delivering asynchronously like process IPC. */
export function fakeCluster(workers = 2, opts: FakeClusterOptions = {}): IpcChannel[] {
  const hub = opts.hub ?? new IpcPrimaryHub();
  const open = () => !opts.closed?.value;
  const later = (fn: () => void) => (opts.delayToWorkerMs ? void setTimeout(fn, opts.delayToWorkerMs) : void setImmediate(fn));
  return Array.from({ length: workers }, (_, i) => {
    const listeners = new Set<(m: unknown) => void>();
    const hubWorker = { id: i + 1, send: (m: PrimaryToWorker) => later(() => open() && listeners.forEach((l) => l(structuredClone(m)))) };
    hub.add(hubWorker);
    return {
      send: (m: WorkerToPrimary) => {
        if (!opts.dropToPrimary) setImmediate(() => void hub.handle(hubWorker, structuredClone(m)));
      },
      onMessage: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
  });
}
