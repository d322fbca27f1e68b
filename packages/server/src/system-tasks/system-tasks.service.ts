import { hostname } from 'node:os';
import type { LogCleanupTask, SystemTask, SystemTaskListQuery, SystemTaskType } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { ConflictError, NotFoundError } from '../http/errors.js';
import { nowSeconds } from '../platform/clock.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import { systemTasksRepository, type SystemTaskPatch, type SystemTaskRow } from './system-tasks.repository.js';

/** What the log clean-up needs of the logs service. */
export interface LogDeleter {
  deleteBefore(before: number, afterBatch?: (deletedSoFar: number) => Promise<void>): Promise<number>;
}

export interface SystemTasksOptions {
  now?: () => number;
  /** How long a runner's claim lasts without renewal; a task whose claim lapsed is failed as abandoned. */
  leaseSeconds?: number;
  /** Rows per delete batch, reported in the task's payload (the logs service's own batch size). */
  batchSize?: number;
}

const ABANDONED = 'the process running this task stopped before it finished';
const SHUT_DOWN = 'the server shut down before this task finished';

/**
 * new-api's system tasks: the log clean-up runs in the background, batch by batch, with its progress in
 * the `system_tasks` table so any process of the site can report it. One task of a type at a time across
 * the site (the unique `active_key`); a runner renews its claim after each batch, and a task whose runner
 * died is failed when its claim lapses instead of blocking the next one forever.
 */
export class SystemTasksService {
  private readonly now: () => number;
  private readonly leaseSeconds: number;
  private readonly batchSize: number;
  private readonly owner = `${hostname()}:${process.pid}`;
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly logs: LogDeleter,
    opts: SystemTasksOptions = {},
  ) {
    this.now = opts.now ?? nowSeconds;
    this.leaseSeconds = opts.leaseSeconds ?? 120;
    this.batchSize = opts.batchSize ?? 1000;
  }

  /** Starts deleting the logs created before `target` (a future time: all of them); answers the new task at once. */
  async startLogCleanup(target: number): Promise<LogCleanupTask> {
    if (this.stopping) throw new ConflictError('the server is shutting down');
    const now = this.now();
    await systemTasksRepository.failAbandoned(this.db, now, ABANDONED);
    const row: Omit<SystemTaskRow, 'id'> = {
      task_id: randomAlphanumeric(24),
      type: 'log_cleanup',
      status: 'pending',
      active_key: 'log_cleanup',
      payload: JSON.stringify({ target_timestamp: target, batch_size: this.batchSize }),
      state: JSON.stringify({ total: 0, processed: 0, progress: 0, remaining: 0 }),
      result: null,
      error: null,
      locked_by: this.owner,
      locked_until: now + this.leaseSeconds,
      created_at: now,
      updated_at: now,
    };
    try {
      await systemTasksRepository.insert(this.db, row);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const active = await systemTasksRepository.findActive(this.db, 'log_cleanup');
      throw new ConflictError(`a log clean-up is already running${active ? ` (task ${active.task_id})` : ''}`);
    }
    const run = this.runLogCleanup(row.task_id, target).finally(() => this.running.delete(run));
    this.running.add(run);
    return (await this.get(row.task_id)) as LogCleanupTask;
  }

  async get(taskId: string): Promise<SystemTask> {
    const row = await systemTasksRepository.find(this.db, taskId);
    if (!row) throw new NotFoundError('task');
    return toSystemTask(row);
  }

  /** The task of a type that is pending or running now, or null. */
  async current(type: SystemTaskType): Promise<SystemTask | null> {
    await systemTasksRepository.failAbandoned(this.db, this.now(), ABANDONED);
    const row = await systemTasksRepository.findActive(this.db, type);
    return row ? toSystemTask(row) : null;
  }

  async list(query: SystemTaskListQuery): Promise<SystemTask[]> {
    await systemTasksRepository.failAbandoned(this.db, this.now(), ABANDONED);
    return (await systemTasksRepository.list(this.db, query, query.limit)).map(toSystemTask);
  }

  /** Resolves when this process runs no task (tests). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Stops the running tasks after their current batch, failing them with a clear reason, and waits. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.settled();
  }

  private async runLogCleanup(taskId: string, target: number): Promise<void> {
    const update = (patch: SystemTaskPatch) => systemTasksRepository.update(this.db, taskId, { ...patch, updated_at: this.now() });
    try {
      const total = await countLogsBefore(this.db, target);
      const stateOf = (processed: number) => JSON.stringify({ total, processed, progress: total > 0 ? Math.min(100, Math.floor((processed / total) * 100)) : 100, remaining: Math.max(0, total - processed) });
      await update({ status: 'running', state: stateOf(0), locked_until: this.now() + this.leaseSeconds });
      const deleted = await this.logs.deleteBefore(target, async (soFar) => {
        if (this.stopping) throw new Error(SHUT_DOWN);
        await update({ state: stateOf(soFar), locked_until: this.now() + this.leaseSeconds });
      });
      await update({
        status: 'succeeded',
        active_key: null,
        state: JSON.stringify({ total: Math.max(total, deleted), processed: deleted, progress: 100, remaining: 0 }),
        result: JSON.stringify({ deleted_count: deleted }),
      });
    } catch (err) {
      await update({ status: 'failed', active_key: null, error: err instanceof Error ? err.message : String(err) }).catch(() => undefined);
    }
  }
}

async function countLogsBefore(db: Db, target: number): Promise<number> {
  const row = await db.selectFrom('logs').select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '<', target).executeTakeFirst();
  return Number(row?.n ?? 0);
}

const parsed = (text: string | null): Record<string, unknown> | undefined => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

function toSystemTask(row: SystemTaskRow): SystemTask {
  return {
    id: row.id,
    task_id: row.task_id,
    type: row.type,
    status: row.status as SystemTask['status'],
    active_key: row.active_key ?? '',
    payload: parsed(row.payload),
    state: parsed(row.state),
    result: parsed(row.result),
    error: row.error ?? '',
    locked_by: row.locked_by,
    locked_until: Number(row.locked_until),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
