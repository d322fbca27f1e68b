import { createHmac } from 'node:crypto';
import { safeEqual } from '../../platform/crypto.js';

/** How far a webhook's signed timestamp may be from our clock (Stripe's libraries use 5 minutes). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

export type StripeSignatureCheck = 'valid' | 'malformed' | 'mismatch' | 'too_old';

/**
 * Checks a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex>[,v1=…]`): one v1 must be the HMAC-SHA256,
 * keyed with the endpoint's signing secret, of `<t>.<raw body>`, and `t` must be within the tolerance, so
 * a captured delivery cannot be replayed later.
 */
export function checkStripeSignature(rawBody: Buffer, header: string | undefined, secret: string, nowSeconds: number): StripeSignatureCheck {
  if (!header) return 'malformed';
  let timestamp = '';
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return 'malformed';
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  if (!signatures.some((s) => safeEqual(s.toLowerCase(), expected))) return 'mismatch';
  if (Math.abs(nowSeconds - Number(timestamp)) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) return 'too_old';
  return 'valid';
}
