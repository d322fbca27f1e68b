import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Db } from '../db/database.js';
import { inTransaction } from '../billing/transaction.js';
import { LogType } from '../logs/log-types.js';
import { logsRepository } from '../logs/logs.repository.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { nowSeconds } from '../platform/clock.js';
import { drawingTasksRepository, type DrawingTaskPatch } from './drawing-tasks.repository.js';
import { tasksRepository, type TaskPatch } from './tasks.repository.js';
import { TaskStatus } from './task-status.js';

/** A task to fail: which table, what to write, and what was paid for it. */
export type FailingTask =
  | { table: 'drawing_tasks'; id: number; patch: DrawingTaskPatch }
  | { table: 'tasks'; id: number; patch: TaskPatch };

/** Who paid how much for the task, and under which pricing name (for the refund log). */
export interface TaskPayment {
  userId: number;
  tokenId: number;
  channelId: number;
  quota: number;
  model: string;
  /** The upstream's task id, named in the refund log. */
  upstreamId: string;
}

/**
 * Marks an unfinished task FAILURE and gives back what it cost — exactly once. The conditional status
 * update is the guard: it and the credits commit together, so of two pollers (or a poller and the
 * timeout sweep) reaching the same task, only the one whose update changed the row refunds; the other
 * sees a finished task and does nothing. Returns whether this call failed the task.
 *
 * The refund is the inverse of the charge: the user's quota and used quota, the paying key's remaining
 * and used quota (when it is a limited key) and the channel's used quota; a refund log (type 6) says why.
 * Lock order as in billing: task row → token → user → channel.
 */
export async function failTaskAndRefund(deps: { db: Db; events: ChangeEvents }, task: FailingTask, payment: TaskPayment, reason: string): Promise<boolean> {
  const refunded = await inTransaction(deps.db, async (trx) => {
    const failed = task.table === 'drawing_tasks'
      ? await drawingTasksRepository.updateIfUnfinished(trx, task.id, { ...task.patch, status: TaskStatus.Failure, fail_reason: reason })
      : await tasksRepository.updateIfUnfinished(trx, task.id, { ...task.patch, status: TaskStatus.Failure, fail_reason: reason });
    if (!failed) return false;
    if (payment.quota > 0) await creditPayment(trx, payment, reason);
    return true;
  });
  if (refunded && payment.quota > 0) {
    deps.events.changed('user', payment.userId);
    if (payment.tokenId > 0) deps.events.changed('token', payment.tokenId);
  }
  return refunded;
}

async function creditPayment(trx: Transaction<Database>, p: TaskPayment, reason: string): Promise<void> {
  const q = p.quota;
  let tokenName = '';
  if (p.tokenId > 0) {
    await trx
      .updateTable('tokens')
      .set((eb) => ({
        remain_quota: eb('remain_quota', '+', eb.case().when('unlimited_quota', '=', 1).then(0).else(q).end()),
        used_quota: eb('used_quota', '-', q),
      }))
      .where('id', '=', p.tokenId)
      .execute();
    tokenName = (await trx.selectFrom('tokens').select('name').where('id', '=', p.tokenId).executeTakeFirst())?.name ?? '';
  }
  await trx
    .updateTable('users')
    .set((eb) => ({ quota: eb('quota', '+', q), used_quota: eb('used_quota', '-', q) }))
    .where('id', '=', p.userId)
    .execute();
  if (p.channelId > 0) {
    await trx.updateTable('channels').set((eb) => ({ used_quota: eb('used_quota', '-', q) })).where('id', '=', p.channelId).execute();
  }
  const username = (await trx.selectFrom('users').select('username').where('id', '=', p.userId).executeTakeFirst())?.username ?? '';
  await logsRepository.insert(trx, {
    user_id: p.userId,
    username,
    token_id: p.tokenId,
    token_name: tokenName,
    type: LogType.Refund,
    model_name: p.model,
    quota: q,
    channel_id: p.channelId,
    content: `task ${p.upstreamId} failed (${reason.slice(0, 500)}); refunded ${q} quota`,
    created_at: nowSeconds(),
  });
}
