import { CheckoutFailure, CheckoutMethod, ErrorCode, TopUpFailure, TopUpStatus, type CreemPayBody, type CreemPayResult } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { OptionsService } from '../../options/options.service.js';
import type { ChangeEvents } from '../../platform/change-events.js';
import { nowSeconds } from '../../platform/clock.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import { usersRepository } from '../../users/users.repository.js';
import { creemEnabled } from '../checkout/checkout-availability.js';
import { creditCheckoutOrder } from '../checkout/checkout-credit.js';
import { checkoutReturnUrls, newCheckoutTradeNo, placeCheckoutOrder } from '../checkout/checkout-order.js';
import { objectField, stringField } from '../checkout/provider-call.js';
import type { WebhookOutcome } from '../checkout/webhook-outcome.js';
import type { DelegatedCheckoutOrders } from '../checkout/delegated-orders.js';
import { topUpsRepository } from '../top-ups.repository.js';
import type { TopUpBuyer } from '../payments.service.js';
import { createCreemCheckout, creemApiBase, verifyCreemSignature } from './creem-client.js';

export interface CreemCheckoutDeps {
  db: Db;
  options: OptionsService;
  events: ChangeEvents;
  http: UpstreamHttpClient;
  /** Replaces Creem's API origin (config CREEM_API_BASE_URL); unset: production or test API by CreemTestMode. */
  baseUrl?: string;
  /** Orders of other areas paid through Creem (subscription plans); their checkouts are handed over. */
  delegated?: DelegatedCheckoutOrders;
  now?: () => number;
}

/**
 * Top-up through Creem (new-api's topup_creem.go): the buyer picks one of CreemProducts, pays on Creem's
 * checkout page, and the signed `checkout.completed` webhook credits the product's quota (the order's
 * `amount`, fixed when the order was placed) exactly once.
 */
export class CreemCheckoutService {
  private readonly now: () => number;

  constructor(private readonly deps: CreemCheckoutDeps) {
    this.now = deps.now ?? nowSeconds;
  }

  enabled(): boolean {
    return creemEnabled(this.deps.options);
  }

  /** POST /api/user/creem/pay: a pending order for the product and Creem's checkout address. */
  async createCheckout(buyer: TopUpBuyer, body: CreemPayBody, requestOrigin: string): Promise<CreemPayResult> {
    if (!this.enabled()) throw new AppError(ErrorCode.Forbidden, CheckoutFailure.CreemNotEnabled);
    if (body.payment_method && body.payment_method !== CheckoutMethod.Creem) throw new ValidationError(TopUpFailure.UnknownMethod, { field: 'payment_method' });
    const { db, options: o } = this.deps;
    const product = o.get('CreemProducts').find((p) => p.productId === body.product_id);
    if (!product) throw new ValidationError(CheckoutFailure.UnknownProduct, { field: 'product_id' });
    const tradeNo = newCheckoutTradeNo();
    const user = await usersRepository.findById(db, buyer.id);
    const row = { user_id: buyer.id, amount: product.quota, money: product.price, trade_no: tradeNo, payment_method: CheckoutMethod.Creem, create_time: this.now(), complete_time: 0, status: TopUpStatus.Pending };
    const checkout = await placeCheckoutOrder(db, row, () =>
      createCreemCheckout(this.deps.http, creemApiBase(o.get('CreemTestMode'), this.deps.baseUrl), {
        apiKey: o.get('CreemApiKey'),
        product,
        tradeNo,
        username: buyer.username,
        customerEmail: user?.email ?? '',
        successUrl: checkoutReturnUrls(o, requestOrigin, tradeNo).success,
      }),
    );
    return { checkout_url: checkout.url, order_id: tradeNo };
  }

  /** POST /api/creem/webhook: only a body whose `creem-signature` matches CreemWebhookSecret counts. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const secret = this.deps.options.get('CreemWebhookSecret');
    if (!secret) return 'not_configured';
    if (!verifyCreemSignature(rawBody, signature, secret)) return 'bad_signature';
    let event: unknown;
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return 'bad_payload';
    }
    const checkout = objectField(event, 'object');
    if (!checkout) return 'bad_payload';
    if (stringField(event, 'eventType') !== 'checkout.completed') return 'ignored';
    const creemOrder = objectField(checkout, 'order');
    if (stringField(creemOrder, 'status') !== 'paid') return 'not_paid';
    const tradeNo = stringField(checkout, 'request_id') ?? stringField(objectField(checkout, 'metadata'), 'reference_id') ?? '';
    const paidMinor = creemOrder?.amount_paid ?? creemOrder?.amount;
    const currency = stringField(creemOrder, 'currency') ?? '';
    const paidText = typeof paidMinor === 'number' ? `${(paidMinor / 100).toFixed(2)} ${currency.toUpperCase()}`.trim() : '';
    const details = { gateway_trade_no: stringField(creemOrder, 'id') ?? '', event_id: stringField(event, 'id') ?? '', checkout_id: stringField(checkout, 'id') ?? '', amount_paid: typeof paidMinor === 'number' ? paidMinor : null, currency };
    // A subscription plan's order: its checkout was opened by the plan's owner, whatever the product's billing type.
    if (tradeNo && this.deps.delegated?.owns(tradeNo)) return this.deps.delegated.complete(tradeNo, { provider: CheckoutMethod.Creem, paid: paidText, details });
    // Creem subscriptions are not top-ups.
    const orderType = stringField(creemOrder, 'type');
    if (orderType && orderType !== 'onetime') return 'ignored';
    const order = tradeNo ? await topUpsRepository.findByTradeNo(this.deps.db, tradeNo) : undefined;
    if (order?.payment_method !== CheckoutMethod.Creem) return 'unknown_order';
    const paid = paidText || order.money.toFixed(2);
    const productName = stringField(objectField(checkout, 'product'), 'name') ?? '';
    return creditCheckoutOrder(this.deps.db, this.deps.events, {
      order,
      quota: order.amount,
      now: this.now(),
      content: `online top-up: paid ${paid} via Creem${productName ? ` for ${productName}` : ''}, credited ${order.amount} quota (order ${order.trade_no})`,
      details,
    });
  }
}
