import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A product the fake sells, as Creem describes it (price in cents). */
export interface FakeCreemProduct {
  id: string;
  name: string;
  price: number;
  currency: string;
}

export interface FakeCreemCheckout {
  id: string;
  checkout_url: string;
  request_id: string;
  product: FakeCreemProduct;
  success_url: string | null;
  customer: { email: string } | null;
  metadata: Record<string, string>;
}

export interface FakeCreem {
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** Every POST /v1/checkouts: its JSON body and API key header. */
  requests: { body: Record<string, unknown>; apiKey: string }[];
  checkouts: Map<string, FakeCreemCheckout>;
  checkoutFor(requestId: string): FakeCreemCheckout | undefined;
  /** Makes the next checkout requests answer this status and body, until cleared with null. */
  failWith(failure: { status: number; body: unknown } | null): void;
  /** The JSON body of a `checkout.completed` event; `order` fields overridable. */
  completedEvent(checkoutId: string, order?: Record<string, unknown>, eventType?: string): string;
  /** `creem-signature`: hex HMAC-SHA256 of the body, written independently of the gateway's code. */
  sign(body: string, secret?: string): string;
  deliver(webhookUrl: string, checkoutId: string, opts?: { order?: Record<string, unknown>; eventType?: string; secret?: string }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return raw;
}

/**
 * A local stand-in for Creem's API: `POST /v1/checkouts` checks `x-api-key` and the product id (403 / 404 with
 * Creem's `{message: [...]}` shape) and answers a checkout whose `checkout_url` is a page of this fake.
 */
export async function startFakeCreem(products: FakeCreemProduct[]): Promise<FakeCreem> {
  const apiKey = 'creem_test_fake_key';
  const webhookSecret = 'whsec_creem_fake_secret';
  const requests: FakeCreem['requests'] = [];
  const checkouts = new Map<string, FakeCreemCheckout>();
  let failure: { status: number; body: unknown } | null = null;
  let seq = 0;
  let origin = '';

  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/v1/checkouts') {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return json(400, { status: 400, error: 'Bad Request', message: ['body must be JSON'] });
        }
        const key = String(req.headers['x-api-key'] ?? '');
        requests.push({ body, apiKey: key });
        if (key !== apiKey) return json(403, { status: 403, error: 'Forbidden', message: ['Invalid API key'] });
        if (failure) return json(failure.status, failure.body);
        const product = products.find((p) => p.id === body.product_id);
        if (!product) return json(404, { status: 404, error: 'Not Found', message: ['Product not found'] });
        const id = `ch_fake_${++seq}`;
        const checkout: FakeCreemCheckout = {
          id,
          checkout_url: `${origin}/checkout/${id}`,
          request_id: String(body.request_id ?? ''),
          product,
          success_url: typeof body.success_url === 'string' ? body.success_url : null,
          customer: (body.customer as { email: string } | undefined) ?? null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        };
        checkouts.set(id, checkout);
        return json(200, { id, object: 'checkout', status: 'pending', checkout_url: checkout.checkout_url, request_id: checkout.request_id, product: product.id, mode: 'test' });
      }
      const page = /^\/checkout\/(ch_fake_\d+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && page && checkouts.has(page[1])) {
        const c = checkouts.get(page[1])!;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Fake Creem Checkout</title><h1>Buy ${c.product.name} for ${(c.product.price / 100).toFixed(2)} ${c.product.currency}</h1>`);
        return;
      }
      json(404, { status: 404, error: 'Not Found', message: ['Cannot ' + req.method + ' ' + req.url] });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (body: string, secret = webhookSecret) => createHmac('sha256', secret).update(body).digest('hex');
  const completedEvent = (checkoutId: string, order: Record<string, unknown> = {}, eventType = 'checkout.completed') => {
    const c = checkouts.get(checkoutId);
    if (!c) throw new Error(`the fake Creem has no checkout ${checkoutId}`);
    return JSON.stringify({
      id: `evt_${checkoutId}`,
      eventType,
      created_at: Date.now(),
      object: {
        id: c.id,
        object: 'checkout',
        request_id: c.request_id,
        order: { object: 'order', id: `ord_${checkoutId}`, customer: 'cust_1', product: c.product.id, amount: c.product.price, amount_paid: c.product.price, currency: c.product.currency, status: 'paid', type: 'onetime', mode: 'test', ...order },
        product: { id: c.product.id, object: 'product', name: c.product.name, price: c.product.price, currency: c.product.currency, billing_type: 'onetime' },
        customer: { id: 'cust_1', object: 'customer', email: c.customer?.email ?? 'buyer@example.com', name: 'Buyer' },
        status: 'completed',
        metadata: c.metadata,
        mode: 'test',
      },
    });
  };

  return {
    url: origin,
    apiKey,
    webhookSecret,
    requests,
    checkouts,
    checkoutFor: (requestId) => [...checkouts.values()].reverse().find((c) => c.request_id === requestId),
    failWith: (f) => {
      failure = f;
    },
    completedEvent,
    sign,
    async deliver(webhookUrl, checkoutId, o = {}) {
      const body = completedEvent(checkoutId, o.order, o.eventType);
      const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'creem-signature': sign(body, o.secret) }, body });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
