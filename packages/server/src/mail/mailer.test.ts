import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { OptionsService } from '../options/options.service.js';
import { MAIL_NOT_CONFIGURED, SmtpMailer } from './mailer.js';

const message = (to: string) => ({ to, subject: 'Hello', text: 'code: ABC234', html: '<p>code: <b>ABC234</b></p>' });

/** The mailer against real SMTP servers on loopback: implicit TLS, STARTTLS, and the failures. */
describe('SMTP mailer', () => {
  let t: TestDatabase;
  let options: OptionsService;
  let starttls: SmtpInbox;
  let ssl: SmtpInbox;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
    options = new OptionsService(t.db);
    await options.load();
    starttls = await startSmtpInbox({ tls: 'starttls', auth: { user: 'mailer@example.com', pass: 'smtp-secret' } });
    ssl = await startSmtpInbox({ tls: 'ssl' });
  });
  afterAll(async () => {
    await starttls?.close();
    await ssl?.close();
    await t?.drop();
  });
  const ca = () => readFileSync(starttls.caFile!, 'utf8');

  it('says the server is not configured when SMTPServer is empty', async () => {
    await expect(new SmtpMailer(options).send(message('a@example.com'))).rejects.toThrow(MAIL_NOT_CONFIGURED);
  });

  it('upgrades a plain connection with STARTTLS, signs in with SMTPAccount/SMTPToken and sends from SMTPFrom', async () => {
    await options.set({ SMTPServer: '127.0.0.1', SMTPPort: starttls.port, SMTPSSLEnabled: false, SMTPAccount: 'mailer@example.com', SMTPToken: 'smtp-secret', SMTPFrom: 'noreply@example.com', SystemName: 'Gateway' });
    await new SmtpMailer(options, ca()).send(message('alice@example.com'));
    const mail = await starttls.waitFor((m) => m.to.includes('alice@example.com'));
    expect(mail).toMatchObject({ secure: true, user: 'mailer@example.com', from: 'noreply@example.com' });
    expect(mail.raw).toMatch(/^From: Gateway <noreply@example\.com>/m);
    expect(mail.raw).toMatch(/^Subject: Hello/m);
    expect(mail.text).toContain('code: ABC234');
  });

  it('uses implicit TLS when SMTPSSLEnabled', async () => {
    await options.set({ SMTPServer: '127.0.0.1', SMTPPort: ssl.port, SMTPSSLEnabled: true, SMTPAccount: '', SMTPFrom: 'site@example.com' });
    await new SmtpMailer(options, ca()).send(message('bob@example.com'));
    const mail = await ssl.waitFor((m) => m.to.includes('bob@example.com'));
    expect(mail.secure).toBe(true);
    expect(mail.from).toBe('site@example.com');
  });

  it('sends from SMTPAccount when SMTPFrom is empty', async () => {
    await options.set({ SMTPServer: '127.0.0.1', SMTPPort: starttls.port, SMTPSSLEnabled: false, SMTPAccount: 'mailer@example.com', SMTPToken: 'smtp-secret', SMTPFrom: '' });
    await new SmtpMailer(options, ca()).send(message('frank@example.com'));
    expect((await starttls.waitFor((m) => m.to.includes('frank@example.com'))).from).toBe('mailer@example.com');
  });

  it('refuses a server whose certificate is not trusted', async () => {
    await options.set({ SMTPServer: '127.0.0.1', SMTPPort: ssl.port, SMTPSSLEnabled: true, SMTPFrom: 'site@example.com' });
    await expect(new SmtpMailer(options).send(message('carol@example.com'))).rejects.toThrow(/the e-mail could not be sent: .*certificate/i);
  });

  it('reports a wrong password readably, without the password', async () => {
    await options.set({ SMTPServer: '127.0.0.1', SMTPPort: starttls.port, SMTPSSLEnabled: false, SMTPAccount: 'mailer@example.com', SMTPToken: 'wrong-secret' });
    const err = await new SmtpMailer(options, ca()).send(message('dave@example.com')).catch((e: Error) => e);
    expect(String(err)).toMatch(/the e-mail could not be sent: .*(invalid credentials|Invalid login)/i);
    expect(String(err)).not.toContain('wrong-secret');
  });

  it('reports a server that does not answer', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    await options.set({ SMTPServer: '127.0.0.1', SMTPPort: closed, SMTPSSLEnabled: false, SMTPAccount: '' });
    await expect(new SmtpMailer(options).send(message('erin@example.com'))).rejects.toThrow(/the e-mail could not be sent: .*ECONNREFUSED/);
  });
});
