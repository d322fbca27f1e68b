import type { OptionsService } from '../options/options.service.js';

export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL = 'email is not a valid e-mail address';
export const EMAIL_DOMAIN_NOT_ALLOWED = 'the administrator only allows e-mail addresses of certain domains, and this one is not among them';
export const EMAIL_BLACKLISTED = 'this e-mail address is not allowed';
export const EMAIL_ALIAS_NOT_ALLOWED = 'e-mail aliases are not allowed: use your address without "+…" (and without dots for Gmail)';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The administrator's e-mail rules (spec 2 §3 mail options), checked on the server wherever an address is
 * accepted from a user: the domain whitelist, the blacklist (entries are whole addresses or domains; a
 * domain entry also covers its subdomains) and the alias restriction (`a+b@…`, dotted Gmail local parts,
 * both of which deliver to an existing mailbox). Answers the reason for refusing, or null.
 */
export function emailRuleViolation(email: string, options: Pick<OptionsService, 'get'>): string | null {
  const address = email.trim().toLowerCase();
  if (!EMAIL_FORMAT.test(address)) return INVALID_EMAIL;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);

  if (options.get('EmailDomainRestrictionEnabled')) {
    const allowed = options.get('EmailDomainWhitelist').map(normalizeEntry).filter(Boolean);
    if (!allowed.includes(domain)) return EMAIL_DOMAIN_NOT_ALLOWED;
  }
  if (options.get('EmailBlacklistEnabled')) {
    for (const entry of options.get('EmailBlacklist').map(normalizeEntry).filter(Boolean)) {
      if (entry.includes('@') ? entry === address : domain === entry || domain.endsWith(`.${entry}`)) return EMAIL_BLACKLISTED;
    }
  }
  if (options.get('EmailAliasRestrictionEnabled')) {
    if (local.includes('+') || (GMAIL_DOMAINS.has(domain) && local.includes('.'))) return EMAIL_ALIAS_NOT_ALLOWED;
  }
  return null;
}

const normalizeEntry = (entry: string) => entry.trim().toLowerCase().replace(/^@/, '');
