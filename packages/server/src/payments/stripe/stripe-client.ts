import type { UpstreamHttpClient } from '../../platform/http-client.js';
import { callProvider, objectField, providerFailure, stringField } from '../checkout/provider-call.js';

/** The configured secret key, refused before any call unless it is a Stripe secret (sk_) or restricted (rk_) key. */
export function stripeSecretKey(configured: string): string {
  if (!/^(sk|rk)_/.test(configured)) throw providerFailure('Stripe', 'the Stripe secret key must start with sk_ or rk_');
  return configured;
}

export interface StripeSessionRequest {
  secretKey: string;
  priceId: string;
  quantity: number;
  tradeNo: string;
  userId: number;
  successUrl: string;
  cancelUrl: string;
  allowPromotionCodes: boolean;
  /** Prefills the checkout page; empty when the user has none. */
  customerEmail: string;
}

/** The Checkout Session's form fields (Stripe's API takes form encoding with bracketed keys). */
export function stripeSessionForm(r: StripeSessionRequest): URLSearchParams {
  const form = new URLSearchParams({
    mode: 'payment',
    'line_items[0][price]': r.priceId,
    'line_items[0][quantity]': String(r.quantity),
    client_reference_id: r.tradeNo,
    'metadata[trade_no]': r.tradeNo,
    'metadata[user_id]': String(r.userId),
    success_url: r.successUrl,
    cancel_url: r.cancelUrl,
    allow_promotion_codes: String(r.allowPromotionCodes),
  });
  if (r.customerEmail) form.set('customer_email', r.customerEmail);
  return form;
}

/**
 * Creates a Checkout Session (`POST /v1/checkout/sessions` with the secret key) and answers its hosted
 * page. The order number is the idempotency key, so a retried call cannot open a second session.
 */
export async function createStripeCheckoutSession(http: UpstreamHttpClient, baseUrl: string, r: StripeSessionRequest): Promise<{ id: string; url: string }> {
  const answer = await callProvider(http, 'Stripe', {
    method: 'POST',
    url: `${baseUrl.replace(/\/+$/, '')}/v1/checkout/sessions`,
    headers: {
      authorization: `Bearer ${r.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': r.tradeNo,
    },
    body: stripeSessionForm(r).toString(),
  });
  if (answer.status < 200 || answer.status >= 300) {
    const message = stringField(objectField(answer.body, 'error'), 'message');
    throw providerFailure('Stripe', message ?? `Stripe answered HTTP ${answer.status}`);
  }
  const id = stringField(answer.body, 'id');
  const url = stringField(answer.body, 'url');
  if (!id || !url || !/^https?:\/\//i.test(url)) throw providerFailure('Stripe', 'Stripe answered without a checkout address');
  return { id, url };
}
