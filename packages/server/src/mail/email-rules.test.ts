import { describe, expect, it } from 'vitest';
import type { OptionsService } from '../options/options.service.js';
import { optionRegistry } from '../options/option-registry.js';
import { EMAIL_ALIAS_NOT_ALLOWED, EMAIL_BLACKLISTED, EMAIL_DOMAIN_NOT_ALLOWED, INVALID_EMAIL, emailRuleViolation } from './email-rules.js';

type Overrides = Partial<Record<'EmailDomainRestrictionEnabled' | 'EmailBlacklistEnabled' | 'EmailAliasRestrictionEnabled', boolean> & Record<'EmailDomainWhitelist' | 'EmailBlacklist', string[]>>;

/** Options with the registry defaults and the given overrides. */
function optionsWith(overrides: Overrides): Pick<OptionsService, 'get'> {
  const values: Record<string, unknown> = { ...overrides };
  const get = ((key: keyof typeof optionRegistry) => (key in values ? values[key] : optionRegistry[key].default)) as OptionsService['get'];
  return { get };
}

describe('e-mail rules', () => {
  it('allows any well-formed address when no rule is on, and refuses malformed ones', () => {
    const o = optionsWith({});
    expect(emailRuleViolation('a+b@gmail.com', o)).toBeNull();
    expect(emailRuleViolation('first.last@example.org', o)).toBeNull();
    for (const bad of ['', 'plain', 'a@b', 'a b@example.com', '@example.com']) expect(emailRuleViolation(bad, o)).toBe(INVALID_EMAIL);
  });

  it('accepts only whitelisted domains when the domain restriction is on', () => {
    const o = optionsWith({ EmailDomainRestrictionEnabled: true, EmailDomainWhitelist: ['example.com', ' QQ.com '] });
    expect(emailRuleViolation('me@example.com', o)).toBeNull();
    expect(emailRuleViolation('Me@Qq.Com', o)).toBeNull();
    expect(emailRuleViolation('me@sub.example.com', o)).toBe(EMAIL_DOMAIN_NOT_ALLOWED);
    expect(emailRuleViolation('me@example.net', o)).toBe(EMAIL_DOMAIN_NOT_ALLOWED);
  });

  it('uses the default whitelist of common providers', () => {
    const o = optionsWith({ EmailDomainRestrictionEnabled: true });
    expect(emailRuleViolation('me@gmail.com', o)).toBeNull();
    expect(emailRuleViolation('me@unknown-host.io', o)).toBe(EMAIL_DOMAIN_NOT_ALLOWED);
  });

  it('refuses blacklisted addresses and domains (with their subdomains) only when the blacklist is on', () => {
    const list = ['spam.test', 'someone@example.com', '@trash.io'];
    expect(emailRuleViolation('x@spam.test', optionsWith({ EmailBlacklist: list }))).toBeNull();
    const o = optionsWith({ EmailBlacklistEnabled: true, EmailBlacklist: list });
    expect(emailRuleViolation('x@spam.test', o)).toBe(EMAIL_BLACKLISTED);
    expect(emailRuleViolation('x@mail.spam.test', o)).toBe(EMAIL_BLACKLISTED);
    expect(emailRuleViolation('Someone@Example.com', o)).toBe(EMAIL_BLACKLISTED);
    expect(emailRuleViolation('x@trash.io', o)).toBe(EMAIL_BLACKLISTED);
    expect(emailRuleViolation('other@example.com', o)).toBeNull();
    expect(emailRuleViolation('x@notspam.test', o)).toBeNull();
  });

  it('refuses plus aliases everywhere and dotted Gmail local parts when the alias restriction is on', () => {
    const o = optionsWith({ EmailAliasRestrictionEnabled: true });
    expect(emailRuleViolation('a+b@example.com', o)).toBe(EMAIL_ALIAS_NOT_ALLOWED);
    expect(emailRuleViolation('a.b@gmail.com', o)).toBe(EMAIL_ALIAS_NOT_ALLOWED);
    expect(emailRuleViolation('a.b@googlemail.com', o)).toBe(EMAIL_ALIAS_NOT_ALLOWED);
    expect(emailRuleViolation('a.b@example.com', o)).toBeNull();
    expect(emailRuleViolation('ab@gmail.com', o)).toBeNull();
  });
});
