import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Checkout Session as the fake keeps it (the fields the gateway reads from Stripe's events). */
export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  allow_promotion_codes: boolean;
  quantity: number;
  price: string;
}

export interface FakeStripe {
  /** The fake's origin (the STRIPE_API_BASE_URL the gateway is given). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** The form bodies of every POST /v1/checkout/sessions, with the headers that matter. */
  requests: { form: Record<string, string>; authorization: string; idempotencyKey: string }[];
  sessions: Map<string, FakeStripeSession>;
  /** The latest session created for an order number. */
  sessionFor(tradeNo: string): FakeStripeSession | undefined;
  /** Makes the next session requests answer this status and body (Stripe's error shape), until cleared with null. */
  failWith(failure: { status: number; body: unknown } | null): void;
  /** The JSON body of a webhook event for a session (fields of the session overridable). */
  event(type: string, sessionId: string, overrides?: Partial<FakeStripeSession>): string;
  /** A `Stripe-Signature` header for a body, written independently of the gateway's code. */
  sign(body: string, opts?: { secret?: string; timestamp?: number }): string;
  /** Posts a signed event to a webhook address and answers the HTTP status and body. */
  deliver(webhookUrl: string, type: string, sessionId: string, opts?: { overrides?: Partial<FakeStripeSession>; secret?: string; timestamp?: number }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return raw;
}

/**
 * A local stand-in for Stripe's API: `POST /v1/checkout/sessions` checks the secret key and the price the way
 * Stripe does (401 / 400 with `{error: {message}}`), honours the idempotency key, and answers a session whose
 * `url` is a page of this fake. Events are built and signed here for the tests to deliver.
 */
export async function startFakeStripe(opts: { unitAmountCents?: number; currency?: string } = {}): Promise<FakeStripe> {
  const secretKey = 'sk_test_fake_4242';
  const webhookSecret = 'whsec_fake_signing_secret';
  const priceId = 'price_fake_unit';
  const unitAmount = opts.unitAmountCents ?? 800;
  const currency = opts.currency ?? 'usd';
  const requests: FakeStripe['requests'] = [];
  const sessions = new Map<string, FakeStripeSession>();
  const byIdempotencyKey = new Map<string, string>();
  let failure: { status: number; body: unknown } | null = null;
  let seq = 0;
  let origin = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const form = Object.fromEntries(new URLSearchParams(raw));
        const authorization = String(req.headers.authorization ?? '');
        const idempotencyKey = String(req.headers['idempotency-key'] ?? '');
        requests.push({ form, authorization, idempotencyKey });
        if (authorization !== `Bearer ${secretKey}`) return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_****' } });
        if (failure) return json(res, failure.status, failure.body);
        if (form['line_items[0][price]'] !== priceId) return json(res, 400, { error: { type: 'invalid_request_error', message: `No such price: '${form['line_items[0][price]']}'` } });
        const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (known) return json(res, 200, sessions.get(known));
        const quantity = Number(form['line_items[0][quantity]']);
        const id = `cs_test_${++seq}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const session: FakeStripeSession = {
          id,
          object: 'checkout.session',
          url: `${origin}/c/pay/${id}`,
          mode: form.mode,
          client_reference_id: form.client_reference_id ?? null,
          metadata,
          amount_total: quantity * unitAmount,
          currency,
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          customer_email: form.customer_email ?? null,
          allow_promotion_codes: form.allow_promotion_codes === 'true',
          quantity,
          price: form['line_items[0][price]'],
        };
        sessions.set(id, session);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
        return json(res, 200, session);
      }
      const page = /^\/c\/pay\/(cs_test_\d+)$/.exec(path);
      if (req.method === 'GET' && page && sessions.has(page[1])) {
        const s = sessions.get(page[1])!;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Fake Stripe Checkout</title><h1>Pay ${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}</h1><p data-session="${s.id}">${s.quantity} × ${s.price}</p>`);
        return;
      }
      json(res, 404, { error: { message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign: FakeStripe['sign'] = (body, o = {}) => {
    const t = o.timestamp ?? Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', o.secret ?? webhookSecret).update(`${t}.${body}`).digest('hex');
    return `t=${t},v1=${v1}`;
  };
  const event: FakeStripe['event'] = (type, sessionId, overrides = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`the fake Stripe has no session ${sessionId}`);
    const settled = type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded';
    const object = { ...session, ...(settled ? { status: 'complete', payment_status: 'paid' } : {}), ...(type === 'checkout.session.expired' ? { status: 'expired' } : {}), ...overrides };
    return JSON.stringify({ id: `evt_${sessionId}_${type}`, object: 'event', type, api_version: '2024-06-20', created: Math.floor(Date.now() / 1000), data: { object } });
  };

  return {
    url: origin,
    secretKey,
    webhookSecret,
    priceId,
    requests,
    sessions,
    sessionFor: (tradeNo) => [...sessions.values()].reverse().find((s) => s.client_reference_id === tradeNo),
    failWith: (f) => {
      failure = f;
    },
    event,
    sign,
    async deliver(webhookUrl, type, sessionId, o = {}) {
      const body = event(type, sessionId, o.overrides);
      const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(body, o) }, body });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
