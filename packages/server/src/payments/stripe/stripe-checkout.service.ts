import { CheckoutFailure, CheckoutMethod, ErrorCode, TopUpFailure, TopUpStatus, type StripePayBody, type StripePayResult } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { OptionsService } from '../../options/options.service.js';
import type { ChangeEvents } from '../../platform/change-events.js';
import { nowSeconds } from '../../platform/clock.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import { usersRepository } from '../../users/users.repository.js';
import { stripeEnabled } from '../checkout/checkout-availability.js';
import { creditCheckoutOrder } from '../checkout/checkout-credit.js';
import { checkoutReturnUrls, newCheckoutTradeNo, placeCheckoutOrder } from '../checkout/checkout-order.js';
import { objectField, stringField } from '../checkout/provider-call.js';
import type { WebhookOutcome } from '../checkout/webhook-outcome.js';
import type { DelegatedCheckoutOrders } from '../checkout/delegated-orders.js';
import { centsText, topUpPriceCents, topUpQuota } from '../top-up-price.js';
import { topUpsRepository } from '../top-ups.repository.js';
import type { TopUpBuyer } from '../payments.service.js';
import { createStripeCheckoutSession, stripeSecretKey } from './stripe-client.js';
import { checkStripeSignature } from './stripe-signature.js';

export interface StripeCheckoutDeps {
  db: Db;
  options: OptionsService;
  events: ChangeEvents;
  http: UpstreamHttpClient;
  /** Stripe's API origin (config STRIPE_API_BASE_URL). */
  baseUrl: string;
  /** Orders of other areas paid through Stripe Checkout (subscription plans); their sessions are handed over. */
  delegated?: DelegatedCheckoutOrders;
  now?: () => number;
}

/** A paid session, or one that needs no payment (a 100% promotion code the administrator allowed). */
const SETTLED_PAYMENT = new Set(['paid', 'no_payment_required']);
/** Currencies Stripe counts in whole units (its amounts have no cents). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/**
 * Top-up through Stripe Checkout (new-api's topup_stripe.go). An order buys `amount` units of the
 * StripePriceId price, so Stripe charges amount × that price; the quote is amount × StripeUnitPrice, which
 * the administrator sets to the price's amount. (new-api also multiplies the quote by the top-up group ratio,
 * which Stripe's fixed price never charges; here the quote is what the buyer pays.) The webhook credits
 * amount × QuotaPerUnit once the session is paid.
 */
export class StripeCheckoutService {
  private readonly now: () => number;

  constructor(private readonly deps: StripeCheckoutDeps) {
    this.now = deps.now ?? nowSeconds;
  }

  enabled(): boolean {
    return stripeEnabled(this.deps.options);
  }

  /** POST /api/user/stripe/amount: the money to pay for `amount`, as "12.34". */
  quote(amount: number): string {
    return centsText(this.priceCents(amount));
  }

  /** POST /api/user/stripe/pay: a pending order and its Checkout Session's address. */
  async createCheckout(buyer: TopUpBuyer, body: StripePayBody, requestOrigin: string): Promise<StripePayResult> {
    if (!this.enabled()) throw new AppError(ErrorCode.Forbidden, CheckoutFailure.StripeNotEnabled);
    if (body.payment_method && body.payment_method !== CheckoutMethod.Stripe) throw new ValidationError(TopUpFailure.UnknownMethod, { field: 'payment_method' });
    const { db, options: o } = this.deps;
    const cents = this.priceCents(body.amount);
    const secretKey = stripeSecretKey(o.get('StripeApiSecret'));
    const tradeNo = newCheckoutTradeNo();
    const urls = checkoutReturnUrls(o, requestOrigin, tradeNo);
    const user = await usersRepository.findById(db, buyer.id);
    const row = { user_id: buyer.id, amount: body.amount, money: cents / 100, trade_no: tradeNo, payment_method: CheckoutMethod.Stripe, create_time: this.now(), complete_time: 0, status: TopUpStatus.Pending };
    const session = await placeCheckoutOrder(db, row, () =>
      createStripeCheckoutSession(this.deps.http, this.deps.baseUrl, {
        secretKey,
        priceId: o.get('StripePriceId').trim(),
        quantity: body.amount,
        tradeNo,
        userId: buyer.id,
        successUrl: urls.success,
        cancelUrl: urls.cancel,
        allowPromotionCodes: o.get('StripePromotionCodesEnabled'),
        customerEmail: user?.email ?? '',
      }),
    );
    return { pay_link: session.url };
  }

  /**
   * POST /api/stripe/webhook. Only a delivery signed with StripeWebhookSecret counts. A completed (or,
   * for delayed methods, async-succeeded) paid session credits its order; an expired or failed one closes it.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const secret = this.deps.options.get('StripeWebhookSecret');
    if (!secret) return 'not_configured';
    if (checkStripeSignature(rawBody, signature, secret, this.now()) !== 'valid') return 'bad_signature';
    let event: unknown;
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return 'bad_payload';
    }
    const type = stringField(event, 'type');
    const session = objectField(objectField(event, 'data'), 'object');
    if (!type || !session) return 'bad_payload';
    switch (type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.credit(session, stringField(event, 'id') ?? '');
      case 'checkout.session.expired':
        return this.close(session, TopUpStatus.Expired);
      case 'checkout.session.async_payment_failed':
        return this.close(session, TopUpStatus.Failed);
      default:
        return 'ignored';
    }
  }

  private async credit(session: Record<string, unknown>, eventId: string): Promise<WebhookOutcome> {
    if (!SETTLED_PAYMENT.has(stringField(session, 'payment_status') ?? '')) return 'not_paid';
    const amountTotal = typeof session.amount_total === 'number' ? session.amount_total : null;
    const currency = (stringField(session, 'currency') ?? '').toLowerCase();
    const paidText = amountTotal === null ? '' : `${formatMinorUnits(amountTotal, currency)} ${currency.toUpperCase()}`.trim();
    const details = { gateway_trade_no: stringField(session, 'id') ?? '', event_id: eventId, amount_total: amountTotal, currency };
    const delegated = this.delegatedTradeNo(session);
    if (delegated) return this.deps.delegated!.complete(delegated, { provider: CheckoutMethod.Stripe, paid: paidText, details });
    const order = await this.stripeOrder(session);
    if (!order) return 'unknown_order';
    const quota = topUpQuota(order.amount, this.deps.options.get('QuotaPerUnit'));
    const paid = paidText || centsText(Math.round(order.money * 100));
    return creditCheckoutOrder(this.deps.db, this.deps.events, {
      order,
      quota,
      now: this.now(),
      content: `online top-up: paid ${paid} via Stripe, credited ${quota} quota (order ${order.trade_no})`,
      details,
    });
  }

  private async close(session: Record<string, unknown>, status: typeof TopUpStatus.Expired | typeof TopUpStatus.Failed): Promise<WebhookOutcome> {
    const delegated = this.delegatedTradeNo(session);
    if (delegated) return this.deps.delegated!.close(delegated, CheckoutMethod.Stripe);
    const order = await this.stripeOrder(session);
    if (!order) return 'unknown_order';
    return (await topUpsRepository.closePending(this.deps.db, order.trade_no, status)) ? 'closed' : 'ignored';
  }

  /** The order number a session carries (its client_reference_id, or metadata.trade_no). */
  private tradeNoOf(session: Record<string, unknown>): string {
    return stringField(session, 'client_reference_id') ?? stringField(objectField(session, 'metadata'), 'trade_no') ?? '';
  }

  /** The session's order number when the order belongs to another area (a subscription plan order). */
  private delegatedTradeNo(session: Record<string, unknown>): string | undefined {
    const tradeNo = this.tradeNoOf(session);
    return tradeNo && this.deps.delegated?.owns(tradeNo) ? tradeNo : undefined;
  }

  /** The Stripe top-up order a session belongs to. */
  private async stripeOrder(session: Record<string, unknown>) {
    const tradeNo = this.tradeNoOf(session);
    if (!tradeNo) return undefined;
    const order = await topUpsRepository.findByTradeNo(this.deps.db, tradeNo);
    return order?.payment_method === CheckoutMethod.Stripe ? order : undefined;
  }

  private priceCents(amount: number): number {
    const o = this.deps.options;
    if (amount < o.get('StripeMinTopUp')) throw new ValidationError(`${TopUpFailure.BelowMinimum} (${o.get('StripeMinTopUp')})`, { field: 'amount' });
    const cents = topUpPriceCents(amount, o.get('StripeUnitPrice'), 1);
    if (cents <= 1) throw new ValidationError(TopUpFailure.TooLow, { field: 'amount' });
    return cents;
  }
}

function formatMinorUnits(amount: number, currency: string): string {
  return ZERO_DECIMAL.has(currency) ? String(amount) : (amount / 100).toFixed(2);
}
