import nodemailer from 'nodemailer';
import { ErrorCode } from '@gw/contracts';
import { AppError } from '../http/errors.js';
import type { OptionsService } from '../options/options.service.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one message; throws an AppError with a readable reason when it cannot. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAIL_NOT_CONFIGURED = 'the administrator has not configured an SMTP server, so no e-mail can be sent';

/**
 * Mail through the SMTP server of the SMTP* options, read at each send so a change in the settings applies
 * at once. SMTPSSLEnabled means implicit TLS (usually port 465); otherwise the connection starts plain and
 * is upgraded with STARTTLS whenever the server offers it (usually port 587).
 */
export class SmtpMailer implements Mailer {
  constructor(
    private readonly options: OptionsService,
    /** Extra trusted CA certificates (PEM), for a mail server with a private certificate. */
    private readonly tlsCa?: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const o = this.options;
    const host = o.get('SMTPServer').trim();
    if (!host) throw new AppError(ErrorCode.DeliveryFailed, MAIL_NOT_CONFIGURED);
    const account = o.get('SMTPAccount').trim();
    const from = o.get('SMTPFrom').trim() || account;
    const transport = nodemailer.createTransport({
      host,
      port: o.get('SMTPPort'),
      secure: o.get('SMTPSSLEnabled'),
      auth: account ? { user: account, pass: o.get('SMTPToken') } : undefined,
      tls: this.tlsCa ? { ca: this.tlsCa } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    try {
      await transport.sendMail({
        from: { name: o.get('SystemName') || 'New API', address: from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (err) {
      throw new AppError(ErrorCode.DeliveryFailed, `the e-mail could not be sent: ${reasonOf(err)}`);
    } finally {
      transport.close();
    }
  }
}

/** The SMTP reply or socket error, without anything the options hold (never the password). */
function reasonOf(err: unknown): string {
  const e = err as { response?: string; code?: string; message?: string };
  return (e.response || e.message || e.code || 'unknown error').split('\n')[0].slice(0, 200);
}
