import type { MailMessage } from './mailer.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message carrying an e-mail verification code. */
export function verificationCodeMail(to: string, systemName: string, code: string, validMinutes: number): MailMessage {
  const name = systemName || 'New API';
  return {
    to,
    subject: `${name} e-mail verification`,
    text: `Your verification code is: ${code}\nIt is valid for ${validMinutes} minutes. If you did not ask for it, ignore this message.`,
    html:
      `<p>Hello,</p><p>you are verifying your e-mail address at ${escapeHtml(name)}.</p>` +
      `<p>Your verification code is: <strong>${escapeHtml(code)}</strong></p>` +
      `<p>It is valid for ${validMinutes} minutes. If you did not ask for it, ignore this message.</p>`,
  };
}

/** The message carrying a password-reset link. */
export function passwordResetMail(to: string, systemName: string, link: string, validMinutes: number): MailMessage {
  const name = systemName || 'New API';
  return {
    to,
    subject: `${name} password reset`,
    text: `Open this link to reset your password:\n${link}\nIt is valid for ${validMinutes} minutes and can be used once. If you did not ask for it, ignore this message.`,
    html:
      `<p>Hello,</p><p>you asked to reset your password at ${escapeHtml(name)}.</p>` +
      `<p><a href="${escapeHtml(link)}">Click here to reset your password</a>.</p>` +
      `<p>If the link does not open, copy this address into your browser: <br>${escapeHtml(link)}</p>` +
      `<p>It is valid for ${validMinutes} minutes and can be used once. If you did not ask for it, ignore this message.</p>`,
  };
}
