import type { CheckoutMethod } from '@gw/contracts';
import type { WebhookOutcome } from './webhook-outcome.js';

/** A settled payment the Stripe or Creem webhook hands to the order's owner. */
export interface DelegatedPayment {
  provider: (typeof CheckoutMethod)[keyof typeof CheckoutMethod];
  /** What the provider says was paid, for the log ("8.00 USD"); empty when it did not say. */
  paid: string;
  /** Provider ids and amounts, kept with the order and its log row. */
  details: Record<string, unknown>;
}

/**
 * Orders of another area paid through the same Stripe and Creem checkouts (subscription plans), so the
 * existing webhook endpoints serve them too. The webhooks check the signature and the event, then hand
 * every order whose number `owns` to its owner, which completes it exactly once — the wallet's top-up
 * orders never reach it.
 */
export interface DelegatedCheckoutOrders {
  owns(tradeNo: string): boolean;
  /** The payment settled: complete the order (once) or say why not. */
  complete(tradeNo: string, payment: DelegatedPayment): Promise<WebhookOutcome>;
  /** The checkout expired or its payment failed: close the pending order. */
  close(tradeNo: string, provider: DelegatedPayment['provider']): Promise<WebhookOutcome>;
}
