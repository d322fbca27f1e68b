import { LogType } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { logsRepository } from '../../logs/logs.repository.js';
import type { ChangeEvents } from '../../platform/change-events.js';
import { usersRepository } from '../../users/users.repository.js';
import { topUpsRepository, type TopUpRow } from '../top-ups.repository.js';

export interface CheckoutCredit {
  order: TopUpRow;
  quota: number;
  /** The log row's text. */
  content: string;
  /** The log row's `other` details (provider ids, amount paid). */
  details: Record<string, unknown>;
  now: number;
}

/**
 * Moves a pending order to success and credits its quota with a top-up log row, in one transaction. The
 * conditional status update lets exactly one of any number of replayed or concurrent webhooks win; the
 * others answer `already_credited` and change nothing.
 */
export async function creditCheckoutOrder(db: Db, events: ChangeEvents, credit: CheckoutCredit): Promise<'credited' | 'already_credited'> {
  const { order, quota, now } = credit;
  const credited = await db.transaction().execute(async (trx) => {
    if (!(await topUpsRepository.completePending(trx, order.trade_no, now))) return false;
    if (!(await usersRepository.addQuota(trx, order.user_id, quota))) throw new Error(`cannot credit order ${order.trade_no}: the user no longer exists`);
    await logsRepository.insertForUser(trx, {
      user_id: order.user_id,
      type: LogType.TopUp,
      quota,
      created_at: now,
      content: credit.content,
      other: JSON.stringify({ trade_no: order.trade_no, payment_method: order.payment_method, amount: order.amount, money: order.money, ...credit.details }),
    });
    return true;
  });
  if (!credited) return 'already_credited';
  events.changed('user', order.user_id);
  return 'credited';
}
