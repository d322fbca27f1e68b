import { CheckoutMethod, TopUpStatus, type AdminTopUpOrderView, type PageParams } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { nowSeconds } from '../platform/clock.js';
import { creditCheckoutOrder } from './checkout/checkout-credit.js';
import { topUpQuota } from './top-up-price.js';
import { topUpsRepository, toTopUpOrderView, type TopUpRow } from './top-ups.repository.js';

/**
 * Every online top-up order for administrators, and new-api's manual completion: a pending order whose
 * payment arrived but whose notification never did is credited by hand, once, with a log row saying who.
 */
export class TopUpOrdersService {
  constructor(
    private readonly db: Db,
    private readonly options: OptionsService,
    private readonly events: ChangeEvents,
    private readonly now: () => number = nowSeconds,
  ) {}

  async list(filter: { keyword: string; status: string }, page: PageParams): Promise<{ items: AdminTopUpOrderView[]; total: number }> {
    const { rows, total } = await topUpsRepository.listAll(this.db, filter, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize });
    return { items: rows.map((r) => toAdminView(r, r.username ?? '')), total };
  }

  async complete(admin: { username: string }, tradeNo: string): Promise<AdminTopUpOrderView> {
    const order = await topUpsRepository.findByTradeNo(this.db, tradeNo);
    if (!order) throw new NotFoundError('order');
    if (order.status !== TopUpStatus.Pending) throw new ValidationError(`order ${tradeNo} is ${order.status}; only a pending order can be completed`);
    // A Creem order's amount is the product's quota; every other order's is in currency units.
    const quota = order.payment_method === CheckoutMethod.Creem ? order.amount : topUpQuota(order.amount, this.options.get('QuotaPerUnit'));
    const outcome = await creditCheckoutOrder(this.db, this.events, {
      order,
      quota,
      now: this.now(),
      content: `online top-up completed by administrator ${admin.username}: credited ${quota} quota (order ${tradeNo})`,
      details: { completed_by: admin.username },
    });
    if (outcome === 'already_credited') throw new ValidationError(`order ${tradeNo} was completed meanwhile`);
    const done = await topUpsRepository.findByTradeNo(this.db, tradeNo);
    return toAdminView(done ?? order, '');
  }
}

function toAdminView(r: TopUpRow, username: string): AdminTopUpOrderView {
  return { ...toTopUpOrderView(r), user_id: r.user_id, username };
}
