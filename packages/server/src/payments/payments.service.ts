import { ErrorCode, TopUpFailure, TopUpStatus, type TopUpInfo, type TopUpOrderView, type TopUpPayForm } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { AppError, ValidationError } from '../http/errors.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { nowSeconds } from '../platform/clock.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import { ALIPAY_PAID, alipayPagePayForm, alipayPrivateKey, alipayPublicKey, verifyAlipayNotification, type AlipayParams } from './alipay.js';
import { EPAY_TRADE_SUCCESS, epayPurchaseForm, verifyEpaySign, type EpayParams } from './epay.js';
import { centsOf, centsText, topUpGroupRatio, topUpPriceCents, topUpQuota } from './top-up-price.js';
import { creemEnabled, isCheckoutOrder, stripeEnabled } from './checkout/checkout-availability.js';
import { topUpsRepository, toTopUpOrderView, type TopUpRow } from './top-ups.repository.js';
import { creditCheckoutOrder } from './checkout/checkout-credit.js';

/** The buyer of a top-up. */
export interface TopUpBuyer {
  id: number;
  username: string;
  group: string;
}

/** What became of a gateway notification (for the operational log; the gateway only sees success/fail). */
export type NotifyOutcome = 'credited' | 'already_credited' | 'bad_signature' | 'not_paid' | 'unknown_order' | 'amount_mismatch' | 'not_configured';

/** The EPay gateway's address, merchant id and key are all set (top-ups and subscription plans use it). */
export function epayConfigured(o: OptionsService): boolean {
  return o.get('PayAddress').trim() !== '' && o.get('EpayId').trim() !== '' && o.get('EpayKey') !== '';
}

/** `payment_method` of orders paid directly with Alipay (EPay orders keep the gateway's type, e.g. "alipay"). */
export const ALIPAY_DIRECT = 'alipay_direct';
/** Most recent orders shown on the wallet page. */
const RECENT_ORDERS = 20;

/**
 * Online top-up (new-api §6.7): price an amount, create an order and the signed form the browser posts to
 * the gateway (EPay, or Alipay itself when its keys are configured), and credit the order when the
 * gateway's signed notification arrives — exactly once, whatever the number of replays or concurrent
 * deliveries.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly options: OptionsService,
    private readonly events: ChangeEvents,
    private readonly now: () => number = nowSeconds,
  ) {}

  /** EPay is used when the gateway address, merchant id and key are all set. */
  epayEnabled(): boolean {
    return epayConfigured(this.options);
  }

  /** Direct Alipay is used when the app id and both keys are set. */
  alipayEnabled(): boolean {
    const o = this.options;
    return o.get('alipay.app_id').trim() !== '' && o.get('alipay.private_key') !== '' && o.get('alipay.public_key').trim() !== '';
  }

  info(buyer: TopUpBuyer): TopUpInfo {
    const o = this.options;
    const methods = this.epayEnabled() ? [...o.get('PayMethods')] : [];
    if (this.alipayEnabled() && !methods.includes('alipay')) methods.unshift('alipay');
    return {
      enable_online_topup: this.epayEnabled() || this.alipayEnabled(),
      min_topup: o.get('MinTopUp'),
      pay_methods: methods,
      price: o.get('Price'),
      group_ratio: topUpGroupRatio(o.get('TopupGroupRatio'), buyer.group),
      quota_per_unit: o.get('QuotaPerUnit'),
      enable_stripe_topup: stripeEnabled(o),
      stripe_min_topup: o.get('StripeMinTopUp'),
      stripe_unit_price: o.get('StripeUnitPrice'),
      enable_creem_topup: creemEnabled(o),
      creem_products: JSON.stringify(o.get('CreemProducts')),
    };
  }

  /** POST /api/user/amount: the money to pay for `amount`, as "12.34". */
  quote(buyer: TopUpBuyer, amount: number): string {
    return centsText(this.priceCents(buyer, amount));
  }

  /**
   * Creates a pending order and the signed gateway form for it. With `preferAlipay` (POST /pay/alipay) and
   * Alipay configured, the order goes to Alipay itself; otherwise to the EPay gateway.
   */
  async createOrder(buyer: TopUpBuyer, amount: number, method: string | undefined, requestOrigin: string, preferAlipay = false): Promise<{ url: string; params: TopUpPayForm; tradeNo: string }> {
    const direct = preferAlipay && this.alipayEnabled();
    if (!direct && !this.epayEnabled()) throw new AppError(ErrorCode.Forbidden, TopUpFailure.NotEnabled);
    const o = this.options;
    const methods = o.get('PayMethods');
    const type = direct ? ALIPAY_DIRECT : method || methods[0];
    if (!direct && (!type || !methods.includes(type))) throw new ValidationError(TopUpFailure.UnknownMethod, { field: 'payment_method' });
    const cents = this.priceCents(buyer, amount);
    const now = this.now();
    const tradeNo = `USR${buyer.id}NO${randomAlphanumeric(6)}${now}`;
    await topUpsRepository.insert(this.db, {
      user_id: buyer.id,
      amount,
      money: cents / 100,
      trade_no: tradeNo,
      payment_method: type,
      create_time: now,
      complete_time: 0,
      status: TopUpStatus.Pending,
    });
    const serverBase = (o.get('ServerAddress').trim() || requestOrigin).replace(/\/+$/, '');
    const callbackBase = (o.get('CustomCallbackAddress').trim() || serverBase).replace(/\/+$/, '');
    const returnUrl = `${serverBase}/topup?trade_no=${encodeURIComponent(tradeNo)}`;
    const form = direct
      ? alipayPagePayForm({
          gateway: o.get('alipay.gateway'),
          appId: o.get('alipay.app_id').trim(),
          privateKey: alipayPrivateKey(o.get('alipay.private_key')),
          outTradeNo: tradeNo,
          totalAmount: centsText(cents),
          subject: `TUC${amount}`,
          notifyUrl: `${callbackBase}/api/user/alipay/notify`,
          returnUrl,
          now: new Date(now * 1000),
        })
      : epayPurchaseForm({
          payAddress: o.get('PayAddress'),
          pid: o.get('EpayId').trim(),
          key: o.get('EpayKey'),
          type,
          outTradeNo: tradeNo,
          name: `TUC${amount}`,
          money: centsText(cents),
          notifyUrl: `${callbackBase}/api/user/epay/notify`,
          returnUrl,
        });
    return { ...form, tradeNo };
  }

  /** An EPay notification: signature and merchant id, paid status, then the amount against the order. */
  async handleEpayNotify(params: EpayParams): Promise<NotifyOutcome> {
    if (!this.epayEnabled()) return 'not_configured';
    const o = this.options;
    if (!verifyEpaySign(params, o.get('EpayKey')) || params.pid !== o.get('EpayId').trim()) return 'bad_signature';
    if (params.trade_status !== EPAY_TRADE_SUCCESS) return 'not_paid';
    const order = await topUpsRepository.findByTradeNo(this.db, params.out_trade_no ?? '');
    if (!order || order.payment_method === ALIPAY_DIRECT || isCheckoutOrder(order.payment_method)) return 'unknown_order';
    return this.credit(order, params.money ?? '', params.trade_no ?? '');
  }

  /** An Alipay notification: RSA2 signature with Alipay's public key and our app id, then as for EPay. */
  async handleAlipayNotify(params: AlipayParams): Promise<NotifyOutcome> {
    if (!this.alipayEnabled()) return 'not_configured';
    const o = this.options;
    if (!verifyAlipayNotification(params, alipayPublicKey(o.get('alipay.public_key'))) || params.app_id !== o.get('alipay.app_id').trim()) return 'bad_signature';
    if (!ALIPAY_PAID.has(params.trade_status ?? '')) return 'not_paid';
    const order = await topUpsRepository.findByTradeNo(this.db, params.out_trade_no ?? '');
    if (!order || order.payment_method !== ALIPAY_DIRECT) return 'unknown_order';
    return this.credit(order, params.total_amount ?? '', params.trade_no ?? '');
  }

  async recentOrders(userId: number): Promise<TopUpOrderView[]> {
    return (await topUpsRepository.listByUser(this.db, userId, RECENT_ORDERS)).map(toTopUpOrderView);
  }

  /**
   * Checks the paid amount against the order, then moves the order pending → success and credits the
   * quota with a top-up log in one transaction: the conditional status update lets exactly one delivery win.
   */
  private async credit(order: TopUpRow, paidMoney: string, gatewayTradeNo: string): Promise<NotifyOutcome> {
    const money = centsOf(order.money.toFixed(2));
    if (centsOf(paidMoney) !== money) return 'amount_mismatch';
    if (order.status === TopUpStatus.Success) return 'already_credited';
    const quota = topUpQuota(order.amount, this.options.get('QuotaPerUnit'));
    return creditCheckoutOrder(this.db, this.events, {
      order,
      quota,
      now: this.now(),
      content: `online top-up: paid ${centsText(money)} via ${order.payment_method}, credited ${quota} quota (order ${order.trade_no})`,
      details: { gateway_trade_no: gatewayTradeNo },
    });
  }

  private priceCents(buyer: TopUpBuyer, amount: number): number {
    const o = this.options;
    if (amount < o.get('MinTopUp')) throw new ValidationError(TopUpFailure.BelowMinimum, { field: 'amount' });
    const cents = topUpPriceCents(amount, o.get('Price'), topUpGroupRatio(o.get('TopupGroupRatio'), buyer.group));
    if (cents <= 1) throw new ValidationError(TopUpFailure.TooLow, { field: 'amount' });
    return cents;
  }
}
