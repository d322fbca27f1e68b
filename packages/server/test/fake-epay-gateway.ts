import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EpayForm = Record<string, string>;

/** EPay's signature, written independently of the server's code: md5(sorted non-empty `k=v` joined by & + key). */
export function fakeEpaySign(params: EpayForm, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(text + key).digest('hex');
}

export interface FakeEpayGateway {
  /** The gateway address (the PayAddress option). */
  url: string;
  pid: string;
  key: string;
  /** Orders the merchant's form created, by out_trade_no. */
  orders: Map<string, EpayForm>;
  /**
   * Tells the merchant an order was paid: posts (or GETs) the signed notification to the order's
   * notify_url and answers the merchant's reply ("success" / "fail"). `overrides` change fields before
   * signing; `signWith` signs with another key (a forged notification).
   */
  notify(outTradeNo: string, opts?: { overrides?: Partial<EpayForm>; signWith?: string; method?: 'GET' | 'POST' }): Promise<string>;
  close(): Promise<void>;
}

/**
 * A local stand-in for an EPay gateway: `POST /submit.php` takes the merchant's signed form (refusing a bad
 * signature, as the real one does) and answers a page with a "Pay" button; paying sends the signed
 * notification like the real gateway, then sends the browser to the order's return_url.
 */
export async function startFakeEpayGateway(pid = '1001', key = 'epay-test-key'): Promise<FakeEpayGateway> {
  const orders = new Map<string, EpayForm>();

  async function notify(outTradeNo: string, opts: { overrides?: Partial<EpayForm>; signWith?: string; method?: 'GET' | 'POST' } = {}): Promise<string> {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`the gateway has no order ${outTradeNo}`);
    const fields: EpayForm = {
      pid,
      trade_no: `GW${outTradeNo}`,
      out_trade_no: outTradeNo,
      type: order.type,
      name: order.name,
      money: order.money,
      trade_status: 'TRADE_SUCCESS',
      ...Object.fromEntries(Object.entries(opts.overrides ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string')),
    };
    const signed = new URLSearchParams({ ...fields, sign: fakeEpaySign(fields, opts.signWith ?? key), sign_type: 'MD5' });
    const res =
      opts.method === 'GET'
        ? await fetch(`${order.notify_url}?${signed.toString()}`)
        : await fetch(order.notify_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: signed.toString() });
    return res.text();
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://gateway');
      if (req.method === 'POST' && url.pathname === '/submit.php') {
        const form = Object.fromEntries(new URLSearchParams(raw));
        if (form.pid !== pid || form.sign !== fakeEpaySign(form, key)) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('signature check failed');
          return;
        }
        orders.set(form.out_trade_no, form);
        const tradeNo = encodeURIComponent(form.out_trade_no);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
          `<!doctype html><title>Fake EPay</title><h1>Pay ${form.money} for ${form.name}</h1>` +
            `<form method="post" action="/pay?trade=${tradeNo}"><button type="submit">Pay now</button></form>`,
        );
        return;
      }
      if (req.method === 'POST' && url.pathname === '/pay') {
        const tradeNo = url.searchParams.get('trade') ?? '';
        const order = orders.get(tradeNo);
        if (!order) {
          res.writeHead(404).end();
          return;
        }
        notify(tradeNo)
          .then((reply) => {
            if (reply !== 'success') res.writeHead(500, { 'content-type': 'text/plain' }).end(`merchant answered ${reply}`);
            else res.writeHead(302, { location: order.return_url }).end();
          })
          .catch((err: Error) => res.writeHead(502, { 'content-type': 'text/plain' }).end(err.message));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pid,
    key,
    orders,
    notify,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
