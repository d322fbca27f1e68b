import { CheckoutMethod } from '@gw/contracts';
import type { OptionsService } from '../../options/options.service.js';

/** Stripe Checkout is offered once the secret key, the webhook signing secret and the price id are set (new-api). */
export function stripeEnabled(o: OptionsService): boolean {
  return o.get('StripeApiSecret') !== '' && o.get('StripeWebhookSecret') !== '' && o.get('StripePriceId').trim() !== '';
}

/**
 * Creem is offered once the API key, at least one product and the webhook secret are set. new-api does not
 * ask for the secret (it skips verification in test mode); here no order is taken that could not be credited.
 */
export function creemEnabled(o: OptionsService): boolean {
  return o.get('CreemApiKey') !== '' && o.get('CreemWebhookSecret') !== '' && o.get('CreemProducts').length > 0;
}

/** Orders paid through a hosted checkout: only that provider's webhook may complete them. */
export function isCheckoutOrder(paymentMethod: string): boolean {
  return paymentMethod === CheckoutMethod.Stripe || paymentMethod === CheckoutMethod.Creem;
}
