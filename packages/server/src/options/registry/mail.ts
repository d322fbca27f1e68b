import { bool, commaList, int, secret, str } from '../option-def.js';

/** Outgoing mail (SMTP) and e-mail address restrictions for registration. */
export const mailOptions = {
  SMTPServer: str(),
  SMTPPort: int(587, 1, 65535),
  SMTPAccount: str(),
  SMTPFrom: str(),
  SMTPToken: secret(),
  SMTPSSLEnabled: bool(false),

  EmailDomainRestrictionEnabled: bool(false),
  EmailDomainWhitelist: commaList(['gmail.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'yahoo.com', 'qq.com', '163.com', '126.com', 'foxmail.com']),
  EmailBlacklistEnabled: bool(false),
  EmailBlacklist: commaList(),
  EmailAliasRestrictionEnabled: bool(false),
};
