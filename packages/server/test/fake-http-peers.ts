import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a fake peer received, with its form-encoded body parsed. */
export interface FormRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

export interface FakePeer {
  url: string;
  requests: FormRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return raw;
}

async function startPeer(answer: (req: FormRequest) => { status: number; body: unknown }): Promise<FakePeer> {
  const requests: FormRequest[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const request: FormRequest = { method: req.method ?? '', path: req.url ?? '', form: Object.fromEntries(new URLSearchParams(raw)) };
      requests.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export interface FakeYunpian extends FakePeer {
  /** The texts sent to a number, newest last. */
  textsTo(mobile: string): string[];
  /** Makes the next sends fail the way Yunpian refuses a request (HTTP 400, code ≠ 0). */
  failWith(failure: { code: number; msg: string; detail: string } | null): void;
}

/** A local stand-in for Yunpian's `POST /v2/sms/single_send.json`, checking the API key like the real one. */
export async function startFakeYunpian(apiKey: string): Promise<FakeYunpian> {
  let failure: { code: number; msg: string; detail: string } | null = null;
  const peer = await startPeer((req) => {
    if (req.method !== 'POST' || req.path !== '/v2/sms/single_send.json') return { status: 404, body: { code: 404, msg: 'not found' } };
    if (req.form.apikey !== apiKey) return { status: 401, body: { code: -1, msg: '非法的apikey', detail: 'apikey is wrong' } };
    if (failure) return { status: 400, body: failure };
    return { status: 200, body: { code: 0, msg: '发送成功', count: 1, fee: 0.05, unit: 'RMB', mobile: req.form.mobile, sid: Date.now() } };
  });
  return {
    ...peer,
    textsTo: (mobile) => peer.requests.filter((r) => r.form.mobile === mobile && r.form.apikey === apiKey).map((r) => r.form.text),
    failWith: (f) => { failure = f; },
  };
}

export interface FakeTurnstile extends FakePeer {
  /** Issues a token the fake will accept once, as a real widget would produce. */
  issueToken(): string;
}

/** A local stand-in for Cloudflare's siteverify: a token is good once, and only with the right secret. */
export async function startFakeTurnstile(secret: string): Promise<FakeTurnstile> {
  const live = new Set<string>();
  let n = 0;
  const peer = await startPeer((req) => {
    if (req.form.secret !== secret) return { status: 200, body: { success: false, 'error-codes': ['invalid-input-secret'] } };
    if (!live.delete(req.form.response ?? '')) return { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } };
    return { status: 200, body: { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' } };
  });
  return {
    ...peer,
    issueToken: () => {
      const token = `turnstile-token-${++n}-${Math.random().toString(36).slice(2)}`;
      live.add(token);
      return token;
    },
  };
}
