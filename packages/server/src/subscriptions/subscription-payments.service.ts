import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  CheckoutMethod, ErrorCode, LogType, SUBSCRIPTION_CHECKOUT_PREFIX, SUBSCRIPTION_EPAY_PREFIX, TopUpFailure,
  type CreemPayResult, type PageParams, type StripePayResult, type SubscriptionOrderSearchQuery, type SubscriptionOrderView, type TopUpPayForm,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { SubscriptionOrdersTable } from '../db/schema.js';
import { inTransaction } from '../billing/transaction.js';
import { AppError, NotFoundError, ValidationError } from '../http/errors.js';
import { logsRepository } from '../logs/logs.repository.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { nowSeconds } from '../platform/clock.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import type { UpstreamHttpClient } from '../platform/http-client.js';
import { usersRepository } from '../users/users.repository.js';
import { isCheckoutOrder } from '../payments/checkout/checkout-availability.js';
import type { DelegatedCheckoutOrders, DelegatedPayment } from '../payments/checkout/delegated-orders.js';
import type { WebhookOutcome } from '../payments/checkout/webhook-outcome.js';
import { createCreemCheckout, creemApiBase } from '../payments/creem/creem-client.js';
import { EPAY_TRADE_SUCCESS, epayPurchaseForm, verifyEpaySign, type EpayParams } from '../payments/epay.js';
import { epayConfigured } from '../payments/payments.service.js';
import { createStripeCheckoutSession, stripeSecretKey } from '../payments/stripe/stripe-client.js';
import { centsOf, centsText } from '../payments/top-up-price.js';
import { subscriptionsRepository } from './subscriptions.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import type { PlanRow } from './subscription-views.js';
import { SubscriptionOrderStatus, subscriptionPaymentsRepository as repo, toSubscriptionOrderView, type SubscriptionOrderRow } from './subscription-payments.repository.js';

/** Why a plan cannot be paid online (the call's message). */
export const SubscriptionPaymentFailure = {
  EpayNotConfigured: 'online payment is not available: the EPay gateway is not configured',
  StripeNotConfigured: 'Stripe payment is not available: its secret key and webhook signing secret are not configured',
  CreemNotConfigured: 'Creem payment is not available: its API key and webhook secret are not configured',
  FreePlan: 'this plan is free and cannot be paid online; buy it with the balance',
  TooLow: 'the plan price is too low to be paid online',
  NoStripePrice: 'this plan cannot be paid with Stripe: it has no Stripe price id (stripe_price_id)',
  NoCreemProduct: 'this plan cannot be paid with Creem: it has no Creem product id (creem_product_id)',
} as const;

/** What became of an EPay notification (for the operational log; the gateway only sees success/fail). */
export type SubscriptionNotifyOutcome = 'credited' | 'already_credited' | 'bad_signature' | 'not_paid' | 'unknown_order' | 'amount_mismatch' | 'not_configured';

export interface SubscriptionPaymentsDeps {
  db: Db;
  options: OptionsService;
  events: ChangeEvents;
  subscriptions: SubscriptionsService;
  http: UpstreamHttpClient;
  /** Stripe's API origin (config STRIPE_API_BASE_URL). */
  stripeBaseUrl: string;
  /** Replaces Creem's API origin (config CREEM_API_BASE_URL). */
  creemBaseUrl?: string;
  now?: () => number;
}

/** The buyer of a plan. */
export interface PlanBuyer {
  id: number;
  username: string;
}

/**
 * Buying a subscription plan online (new-api's /api/subscription/{epay,stripe,creem}/pay): a pending
 * subscription order, then the gateway's signed notification (EPay) or the provider's webhook (Stripe and
 * Creem, handed over by the wallet's webhook endpoints for order numbers starting `sub_ref_`) completes it
 * exactly once: one transaction marks the order paid with a conditional UPDATE, creates the subscription
 * and writes a top-up log row.
 */
export class SubscriptionPaymentsService implements DelegatedCheckoutOrders {
  private readonly db: Db;
  private readonly options: OptionsService;
  private readonly now: () => number;

  constructor(private readonly deps: SubscriptionPaymentsDeps) {
    this.db = deps.db;
    this.options = deps.options;
    this.now = deps.now ?? nowSeconds;
  }

  /** POST /api/subscription/epay/pay: a pending order and the signed form the browser posts to the gateway. */
  async createEpayOrder(buyer: PlanBuyer, body: { plan_id: number; payment_method: string }, requestOrigin: string): Promise<{ url: string; params: TopUpPayForm; tradeNo: string }> {
    const o = this.options;
    if (!epayConfigured(o)) throw new AppError(ErrorCode.Forbidden, SubscriptionPaymentFailure.EpayNotConfigured);
    const plan = await this.deps.subscriptions.purchasablePlan(buyer.id, body.plan_id);
    const cents = onlinePriceCents(plan);
    const method = body.payment_method;
    if (!o.get('PayMethods').includes(method) || isCheckoutOrder(method)) throw new ValidationError(TopUpFailure.UnknownMethod, { field: 'payment_method' });
    const now = this.now();
    const tradeNo = `${SUBSCRIPTION_EPAY_PREFIX}${buyer.id}NO${randomAlphanumeric(6)}${now}`;
    await repo.insert(this.db, this.orderRow(buyer.id, plan, tradeNo, method, cents));
    const callbackBase = (o.get('CustomCallbackAddress').trim() || this.serverBase(requestOrigin)).replace(/\/+$/, '');
    const form = epayPurchaseForm({
      payAddress: o.get('PayAddress'),
      pid: o.get('EpayId').trim(),
      key: o.get('EpayKey'),
      type: method,
      outTradeNo: tradeNo,
      name: `SUB:${plan.title}`,
      money: centsText(cents),
      notifyUrl: `${callbackBase}/api/subscription/epay/notify`,
      returnUrl: `${callbackBase}/api/subscription/epay/return`,
    });
    return { ...form, tradeNo };
  }

  /** An EPay notification (or the browser's signed return): signature and merchant id, paid status, then the amount. */
  async handleEpayNotify(params: EpayParams): Promise<SubscriptionNotifyOutcome> {
    const o = this.options;
    if (!epayConfigured(o)) return 'not_configured';
    if (!verifyEpaySign(params, o.get('EpayKey')) || params.pid !== o.get('EpayId').trim()) return 'bad_signature';
    if (params.trade_status !== EPAY_TRADE_SUCCESS) return 'not_paid';
    const order = await repo.findByTradeNo(this.db, params.out_trade_no ?? '');
    if (!order || isCheckoutOrder(order.payment_method)) return 'unknown_order';
    const cents = centsOf(Number(order.money).toFixed(2));
    if (centsOf(params.money ?? '') !== cents) return 'amount_mismatch';
    if (order.status === SubscriptionOrderStatus.Success) return 'already_credited';
    const { sign: _sign, ...signed } = params;
    const outcome = await this.completeOrder(order, `${centsText(cents)} via ${order.payment_method}`, { gateway_trade_no: params.trade_no ?? '', notification: signed });
    return outcome === 'ignored' ? 'unknown_order' : outcome;
  }

  /** Where the browser goes after the gateway's return: the console's top-up page, saying how the payment went. */
  returnAddress(outcome: SubscriptionNotifyOutcome, tradeNo: string, requestOrigin: string): string {
    const pay = outcome === 'credited' || outcome === 'already_credited' ? 'success' : outcome === 'not_paid' ? 'pending' : 'fail';
    return `${this.serverBase(requestOrigin)}/topup?${new URLSearchParams(tradeNo ? { pay, trade_no: tradeNo } : { pay })}`;
  }

  /** POST /api/subscription/stripe/pay: a pending order and a Checkout Session for the plan's Stripe price. */
  async createStripeCheckout(buyer: PlanBuyer, planId: number, requestOrigin: string): Promise<StripePayResult> {
    const o = this.options;
    if (o.get('StripeApiSecret') === '' || o.get('StripeWebhookSecret') === '') throw new AppError(ErrorCode.Forbidden, SubscriptionPaymentFailure.StripeNotConfigured);
    const plan = await this.deps.subscriptions.purchasablePlan(buyer.id, planId);
    const priceId = plan.stripe_price_id.trim();
    if (!priceId) throw new ValidationError(SubscriptionPaymentFailure.NoStripePrice, { field: 'plan_id' });
    const cents = onlinePriceCents(plan);
    const secretKey = stripeSecretKey(o.get('StripeApiSecret'));
    const tradeNo = newSubscriptionCheckoutTradeNo();
    const user = await usersRepository.findById(this.db, buyer.id);
    const urls = this.checkoutReturnUrls(requestOrigin, tradeNo);
    // One unit of the plan's price, paid once ("payment" mode): the order buys one subscription.
    const session = await this.placeCheckoutOrder(this.orderRow(buyer.id, plan, tradeNo, CheckoutMethod.Stripe, cents), () =>
      createStripeCheckoutSession(this.deps.http, this.deps.stripeBaseUrl, {
        secretKey,
        priceId,
        quantity: 1,
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

  /** POST /api/subscription/creem/pay: a pending order and a Creem checkout for the plan's Creem product. */
  async createCreemCheckout(buyer: PlanBuyer, planId: number, requestOrigin: string): Promise<CreemPayResult> {
    const o = this.options;
    if (o.get('CreemApiKey') === '' || o.get('CreemWebhookSecret') === '') throw new AppError(ErrorCode.Forbidden, SubscriptionPaymentFailure.CreemNotConfigured);
    const plan = await this.deps.subscriptions.purchasablePlan(buyer.id, planId);
    const productId = plan.creem_product_id.trim();
    if (!productId) throw new ValidationError(SubscriptionPaymentFailure.NoCreemProduct, { field: 'plan_id' });
    const cents = onlinePriceCents(plan);
    const tradeNo = newSubscriptionCheckoutTradeNo();
    const user = await usersRepository.findById(this.db, buyer.id);
    const checkout = await this.placeCheckoutOrder(this.orderRow(buyer.id, plan, tradeNo, CheckoutMethod.Creem, cents), () =>
      createCreemCheckout(this.deps.http, creemApiBase(o.get('CreemTestMode'), this.deps.creemBaseUrl), {
        apiKey: o.get('CreemApiKey'),
        product: { productId, name: plan.title, price: cents / 100, currency: plan.currency, quota: 0 },
        tradeNo,
        username: buyer.username,
        customerEmail: user?.email ?? '',
        successUrl: this.checkoutReturnUrls(requestOrigin, tradeNo).success,
      }),
    );
    return { checkout_url: checkout.url, order_id: tradeNo };
  }

  /** Subscription orders paid through Stripe or Creem carry `sub_ref_` order numbers. */
  owns(tradeNo: string): boolean {
    return tradeNo.startsWith(SUBSCRIPTION_CHECKOUT_PREFIX);
  }

  /** The Stripe or Creem webhook's settled payment for one of our orders. */
  async complete(tradeNo: string, payment: DelegatedPayment): Promise<WebhookOutcome> {
    const order = await repo.findByTradeNo(this.db, tradeNo);
    if (!order || order.payment_method !== payment.provider) return 'unknown_order';
    if (order.status === SubscriptionOrderStatus.Success) return 'already_credited';
    const paid = `${payment.paid || Number(order.money).toFixed(2)} via ${payment.provider === CheckoutMethod.Stripe ? 'Stripe' : 'Creem'}`;
    return this.completeOrder(order, paid, payment.details);
  }

  /** The checkout expired or its payment failed: the pending order expires (a paid one stays paid). */
  async close(tradeNo: string, provider: DelegatedPayment['provider']): Promise<WebhookOutcome> {
    const order = await repo.findByTradeNo(this.db, tradeNo);
    if (!order || order.payment_method !== provider) return 'unknown_order';
    return (await repo.expirePending(this.db, tradeNo)) ? 'closed' : 'ignored';
  }

  /** GET /api/subscription/admin/orders: every order, newest first, filtered by order number or buyer and status. */
  async listOrders(filter: SubscriptionOrderSearchQuery, page: PageParams): Promise<{ items: SubscriptionOrderView[]; total: number }> {
    const { rows, total } = await repo.list(this.db, { keyword: filter.keyword ?? '', status: filter.status ?? '' }, pageWindow(page));
    return { items: rows.map(toSubscriptionOrderView), total };
  }

  /** GET /api/subscription/self/orders: the user's own orders, newest first. */
  async listUserOrders(userId: number, page: PageParams): Promise<{ items: SubscriptionOrderView[]; total: number }> {
    const { rows, total } = await repo.list(this.db, { userId }, pageWindow(page));
    return { items: rows.map(toSubscriptionOrderView), total };
  }

  /**
   * POST /api/subscription/admin/orders/complete: an administrator marks a pending order paid (the payment
   * arrived but its notification did not); the subscription is created as if the provider had confirmed it.
   */
  async completeByAdmin(admin: { username: string }, tradeNo: string): Promise<SubscriptionOrderView> {
    const order = await repo.findByTradeNo(this.db, tradeNo);
    if (!order) throw new NotFoundError('order');
    if (order.status !== SubscriptionOrderStatus.Pending) throw new ValidationError(`order ${tradeNo} is ${order.status}; only a pending order can be completed`, { field: 'trade_no' });
    const outcome = await this.completeOrder(order, `${Number(order.money).toFixed(2)} via ${order.payment_method}, completed by administrator ${admin.username}`, { completed_by: admin.username });
    if (outcome !== 'credited') throw new ValidationError(`order ${tradeNo} changed meanwhile; reload the order list`, { field: 'trade_no' });
    const { rows } = await repo.list(this.db, { tradeNo }, { offset: 0, limit: 1 });
    return toSubscriptionOrderView(rows[0]!);
  }

  /**
   * Moves a pending order to success, creates its subscription and writes a top-up log row in one
   * transaction. The conditional status update lets exactly one of any number of replayed or concurrent
   * deliveries win; the others answer `already_credited` and change nothing. An order that expired
   * meanwhile is left alone (`ignored`).
   */
  private async completeOrder(order: SubscriptionOrderRow, paid: string, details: Record<string, unknown>): Promise<'credited' | 'already_credited' | 'ignored'> {
    if (order.status !== SubscriptionOrderStatus.Pending && order.status !== SubscriptionOrderStatus.Success) return 'ignored';
    const userId = Number(order.user_id);
    const now = this.now();
    const subscriptionId = await inTransaction(this.db, async (trx) => {
      if (!(await repo.completePending(trx, order.trade_no, now, JSON.stringify(details)))) return 0;
      const plan = await subscriptionsRepository.findPlan(trx, Number(order.plan_id));
      if (!plan) throw new Error(`cannot complete subscription order ${order.trade_no}: plan ${order.plan_id} no longer exists`);
      const id = await this.deps.subscriptions.createForOrder(trx, userId, plan);
      await logsRepository.insertForUser(trx, {
        user_id: userId,
        type: LogType.TopUp,
        quota: 0,
        created_at: now,
        content: `bought the subscription plan "${plan.title}" online: paid ${paid} (order ${order.trade_no})`,
        other: JSON.stringify({ trade_no: order.trade_no, payment_method: order.payment_method, money: Number(order.money), subscription_id: id, subscription_plan_id: Number(plan.id), ...details }),
      });
      return id;
    });
    if (!subscriptionId) return 'already_credited';
    this.deps.events.changed('user', userId);
    return 'credited';
  }

  private orderRow(userId: number, plan: PlanRow, tradeNo: string, method: string, cents: number): Insertable<SubscriptionOrdersTable> {
    return { user_id: userId, plan_id: Number(plan.id), money: cents / 100, trade_no: tradeNo, payment_method: method, status: SubscriptionOrderStatus.Pending, create_time: this.now(), complete_time: 0 };
  }

  /**
   * Records the pending order, then asks the provider for a checkout. The order exists before the buyer can
   * pay, so a webhook always finds it; when the provider refuses, the order expires.
   */
  private async placeCheckoutOrder<T>(row: Insertable<SubscriptionOrdersTable>, openCheckout: () => Promise<T>): Promise<T> {
    await repo.insert(this.db, row);
    try {
      return await openCheckout();
    } catch (err) {
      await repo.expirePending(this.db, row.trade_no);
      throw err;
    }
  }

  private serverBase(requestOrigin: string): string {
    return (this.options.get('ServerAddress').trim() || requestOrigin).replace(/\/+$/, '');
  }

  /** Where Stripe and Creem send the browser back: the console's top-up page, which shows the subscriptions. */
  private checkoutReturnUrls(requestOrigin: string, tradeNo: string): { success: string; cancel: string } {
    const base = this.serverBase(requestOrigin);
    const order = encodeURIComponent(tradeNo);
    return { success: `${base}/topup?pay=success&trade_no=${order}`, cancel: `${base}/topup?pay=cancel&trade_no=${order}` };
  }
}

function pageWindow(page: PageParams): { offset: number; limit: number } {
  return { offset: (page.page - 1) * page.pageSize, limit: page.pageSize };
}

/** A hosted checkout's order number for a plan: `sub_ref_` and 40 hex digits (new-api's shape). */
function newSubscriptionCheckoutTradeNo(): string {
  return `${SUBSCRIPTION_CHECKOUT_PREFIX}${randomBytes(20).toString('hex')}`;
}

/** The plan's price in cents; a free plan (or one too cheap to charge) is not paid online. */
function onlinePriceCents(plan: PlanRow): number {
  const price = Number(plan.price_amount);
  if (!(price > 0)) throw new ValidationError(SubscriptionPaymentFailure.FreePlan, { field: 'plan_id' });
  const cents = centsOf(price);
  if (!(cents >= 1)) throw new ValidationError(SubscriptionPaymentFailure.TooLow, { field: 'plan_id' });
  return cents;
}
