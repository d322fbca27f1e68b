import { createHmac } from 'node:crypto';
import type { CreemProduct } from '@gw/contracts';
import { safeEqual } from '../../platform/crypto.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import { callProvider, providerFailure, stringField } from '../checkout/provider-call.js';

const CREEM_API = 'https://api.creem.io';
const CREEM_TEST_API = 'https://test-api.creem.io';

/** Creem's API origin: the configured override (a mock), else the test or production API. */
export function creemApiBase(testMode: boolean, override?: string): string {
  return override ?? (testMode ? CREEM_TEST_API : CREEM_API);
}

/** `creem-signature`: lower-case hex HMAC-SHA256 of the raw webhook body, keyed with the webhook secret. */
export function verifyCreemSignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest('hex');
  return safeEqual(signature.trim().toLowerCase(), expected);
}

export interface CreemCheckoutRequest {
  apiKey: string;
  product: CreemProduct;
  tradeNo: string;
  username: string;
  /** Prefills the checkout page; empty when the user has none. */
  customerEmail: string;
  successUrl: string;
}

/**
 * Creates a checkout (`POST /v1/checkouts`, key in `x-api-key`). `request_id` carries our order number and
 * comes back in the `checkout.completed` webhook.
 */
export async function createCreemCheckout(http: UpstreamHttpClient, baseUrl: string, r: CreemCheckoutRequest): Promise<{ id: string; url: string }> {
  const body: Record<string, unknown> = {
    product_id: r.product.productId,
    request_id: r.tradeNo,
    success_url: r.successUrl,
    metadata: { username: r.username, reference_id: r.tradeNo, product_name: r.product.name, quota: String(r.product.quota) },
  };
  if (r.customerEmail) body.customer = { email: r.customerEmail };
  const answer = await callProvider(http, 'Creem', {
    method: 'POST',
    url: `${baseUrl.replace(/\/+$/, '')}/v1/checkouts`,
    headers: { 'content-type': 'application/json', 'x-api-key': r.apiKey },
    body: JSON.stringify(body),
  });
  if (answer.status < 200 || answer.status >= 300) {
    throw providerFailure('Creem', creemErrorMessage(answer.body) ?? `Creem answered HTTP ${answer.status}`);
  }
  const url = stringField(answer.body, 'checkout_url');
  if (!url || !/^https?:\/\//i.test(url)) throw providerFailure('Creem', 'Creem answered without a checkout address');
  return { id: stringField(answer.body, 'id') ?? '', url };
}

/** Creem's error body: `message` is a text or a list of texts, `error` the status's name. */
function creemErrorMessage(body: unknown): string | undefined {
  const message = body && typeof body === 'object' ? (body as Record<string, unknown>).message : undefined;
  if (Array.isArray(message)) {
    const texts = message.filter((m): m is string => typeof m === 'string');
    if (texts.length > 0) return texts.join('; ');
  }
  return stringField(body, 'message') ?? stringField(body, 'error');
}
