import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent (headers and MIME parts). */
  raw: string;
  /** `raw` with quoted-printable undone, for finding codes and links. */
  text: string;
  /** Whether the session was encrypted (implicit TLS or STARTTLS). */
  secure: boolean;
  /** The SMTP AUTH user, when the client signed in. */
  user: string | undefined;
}

export interface SmtpInbox {
  host: string;
  port: number;
  /** PEM file of the server's self-signed certificate, to trust it as a CA (TLS inboxes only). */
  caFile: string | undefined;
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that matches, or a timeout error. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpInboxOptions {
  /** 'ssl' = implicit TLS from the first byte; 'starttls' = plain, upgraded by STARTTLS; 'plain' = no TLS at all. */
  tls?: 'ssl' | 'starttls' | 'plain';
  /** Require AUTH with these credentials. */
  auth?: { user: string; pass: string };
}

let certificate: { key: string; cert: string; certFile: string } | undefined;

/** A throwaway self-signed certificate for 127.0.0.1 / localhost, made once per test process. */
function testCertificate() {
  if (!certificate) {
    const dir = mkdtempSync(join(tmpdir(), 'gw-smtp-tls-'));
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ], { stdio: 'ignore' });
    certificate = { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
  }
  return certificate;
}

/** Undoes quoted-printable soft line breaks and =XX escapes (our mails are ASCII). */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it receives. */
export async function startSmtpInbox(opts: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const mode = opts.tls ?? 'plain';
  const tls = mode === 'plain' ? undefined : testCertificate();
  const messages: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    secure: mode === 'ssl',
    key: tls?.key,
    cert: tls?.cert,
    disabledCommands: [...(mode === 'plain' ? ['STARTTLS'] : []), ...(opts.auth ? [] : ['AUTH'])],
    authOptional: !opts.auth,
    allowInsecureAuth: mode === 'plain',
    logger: false,
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) return callback(null, { user: auth.username });
      return callback(new Error('invalid credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
          secure: session.secure,
          user: typeof session.user === 'string' ? session.user : undefined,
        };
        messages.push(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    caFile: tls?.certFile,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (m: ReceivedMail) => { clearTimeout(timer); resolve(m); } };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
