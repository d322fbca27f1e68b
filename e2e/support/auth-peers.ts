import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps the messages it receives (quoted-printable undone). */
export interface Inbox {
  port: number;
  waitFor(to: string, match: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  close(): Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const texts: { to: string[]; text: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
        texts.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    async waitFor(to, match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        for (const m of texts) {
          const found = m.to.includes(to) ? match.exec(m.text) : null;
          if (found) return found;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to} matching ${match} within ${timeoutMs} ms`);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A local stand-in for Yunpian's single-send API; answers success and remembers each text. */
export interface FakeSms {
  url: string;
  lastCodeTo(mobile: string): string | undefined;
  close(): Promise<void>;
}

export async function startFakeSms(apiKey: string): Promise<FakeSms> {
  const sent: { mobile: string; text: string }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const ok = req.url === '/v2/sms/single_send.json' && form.get('apikey') === apiKey;
      if (ok) sent.push({ mobile: form.get('mobile') ?? '', text: form.get('text') ?? '' });
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { code: 0, msg: '发送成功', count: 1 } : { code: 2, msg: '请求参数格式错误' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lastCodeTo: (mobile) => /验证码是(\d{6})/.exec(sent.filter((s) => s.mobile === mobile).at(-1)?.text ?? '')?.[1],
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
