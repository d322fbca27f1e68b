import type { CreemPayResult, StripePayResult } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/user/stripe/amount: the money Stripe will charge for an amount, as "12.34". */
export const quoteStripe = (amount: number) => api.post<string>('/api/user/stripe/amount', { amount });

/** POST /api/user/stripe/pay: creates the order and its Stripe Checkout Session; answers the page to open. */
export const startStripeCheckout = (amount: number) => api.post<StripePayResult>('/api/user/stripe/pay', { amount, payment_method: 'stripe' });

/** POST /api/user/creem/pay: creates the order for a product and answers Creem's checkout page. */
export const startCreemCheckout = (productId: string) => api.post<CreemPayResult>('/api/user/creem/pay', { product_id: productId, payment_method: 'creem' });
