import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { TopUpStatus } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import type { TopUpsTable } from '../../db/schema.js';
import type { OptionsService } from '../../options/options.service.js';
import { topUpsRepository } from '../top-ups.repository.js';

/** Order number of a hosted checkout: `ref_` and 40 hex digits, the shape new-api gives Stripe and Creem orders. */
export function newCheckoutTradeNo(): string {
  return `ref_${randomBytes(20).toString('hex')}`;
}

/** Where the provider sends the browser back: the console's wallet page, which then waits for the webhook. */
export function checkoutReturnUrls(options: OptionsService, requestOrigin: string, tradeNo: string): { success: string; cancel: string } {
  const base = (options.get('ServerAddress').trim() || requestOrigin).replace(/\/+$/, '');
  return { success: `${base}/topup?trade_no=${encodeURIComponent(tradeNo)}`, cancel: `${base}/topup` };
}

/**
 * Records the pending order, then asks the provider for a checkout. The order exists before the buyer can
 * pay, so a webhook always finds it; when the provider refuses, the order is closed as failed.
 */
export async function placeCheckoutOrder<T>(db: Db, row: Insertable<TopUpsTable>, openCheckout: () => Promise<T>): Promise<T> {
  await topUpsRepository.insert(db, row);
  try {
    return await openCheckout();
  } catch (err) {
    await topUpsRepository.closePending(db, row.trade_no, TopUpStatus.Failed);
    throw err;
  }
}
