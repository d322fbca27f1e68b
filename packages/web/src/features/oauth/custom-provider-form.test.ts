import { describe, expect, it } from 'vitest';
import { CUSTOM_OAUTH_DEFAULTS, type CustomOAuthProviderView } from '@gw/contracts';
import { callbackUrl, discoveryToForm, externalLoginUrl, formToBody, providerToForm, type CustomProviderFormValues } from './custom-provider-form';

const filled = (extra: Partial<CustomProviderFormValues> = {}): CustomProviderFormValues => ({
  ...providerToForm(),
  name: 'Corp SSO',
  slug: 'Corp-SSO',
  client_id: 'cid',
  client_secret: ' s3cret ',
  authorization_endpoint: 'https://sso.corp.test/authorize',
  token_endpoint: 'https://sso.corp.test/token',
  user_info_endpoint: 'https://sso.corp.test/userinfo',
  ...extra,
});

const saved: CustomOAuthProviderView = {
  ...CUSTOM_OAUTH_DEFAULTS,
  id: 4,
  name: 'Corp SSO',
  slug: 'corp-sso',
  enabled: true,
  client_id: 'cid',
  client_secret_set: true,
  authorization_endpoint: 'https://sso.corp.test/authorize',
  token_endpoint: 'https://sso.corp.test/token',
  user_info_endpoint: 'https://sso.corp.test/userinfo',
  scopes: 'openid',
  use_pkce: false,
  auth_style: 2,
  user_id_field: 'id',
  username_field: '',
  display_name_field: 'name',
  email_field: 'email',
  created_at: 1,
  updated_at: 2,
};

describe('the custom OAuth provider editor', () => {
  it('starts a new provider with new-api’s defaults: an OpenID userinfo answer, disabled', () => {
    expect(providerToForm()).toMatchObject({ enabled: false, scopes: 'openid profile email', user_id_field: 'sub', username_field: 'preferred_username', auth_style: 0, use_pkce: false });
  });

  it('edits a saved provider without ever holding its secret', () => {
    const values = providerToForm(saved);
    expect(values).toMatchObject({ slug: 'corp-sso', auth_style: 2, client_secret: '' });
    expect(values).not.toHaveProperty('client_secret_set');
    expect(values).not.toHaveProperty('id');
  });

  it('sends a typed secret, trimmed, and a normalised slug', () => {
    const check = formToBody(filled());
    expect(check.ok && check.body).toMatchObject({ slug: 'corp-sso', client_secret: 's3cret' });
  });

  it('keeps the saved secret when the field is left empty, and leaves it out of the body', () => {
    const check = formToBody({ ...providerToForm(saved), name: 'Renamed' }, saved);
    expect(check.ok).toBe(true);
    expect(check.ok && check.body).not.toHaveProperty('client_secret');
    expect(check.ok && check.body.name).toBe('Renamed');
  });

  it('asks for a secret on a new provider unless it is a public client with PKCE', () => {
    const missing = formToBody(filled({ client_secret: '' }));
    expect(!missing.ok && missing.error.issues.map((i) => [i.path[0], i.message])).toEqual([['client_secret', 'client_secret is required unless use_pkce is on (a public client)']]);
    expect(formToBody(filled({ client_secret: '', use_pkce: true })).ok).toBe(true);
  });

  it('names the field of each problem', () => {
    const check = formToBody(filled({ slug: 'wechat', token_endpoint: 'ftp://x', user_id_field: '' }));
    expect(!check.ok && check.error.issues.map((i) => i.path[0])).toEqual(['slug', 'token_endpoint', 'user_id_field']);
  });

  it('shows the trusted proxies one per line and sends them as the server keeps them', () => {
    const proxy: CustomOAuthProviderView = { ...saved, kind: 'trusted_header', trusted_proxy_cidrs: '["10.0.0.0/8","127.0.0.1"]', external_id_header: 'X-Auth-User' };
    const values = providerToForm(proxy);
    expect(values.trusted_proxy_cidrs).toBe('10.0.0.0/8\n127.0.0.1');
    const check = formToBody({ ...values, trusted_proxy_cidrs: `${values.trusted_proxy_cidrs}\n192.168.1.0/24` }, proxy);
    expect(check.ok && check.body.trusted_proxy_cidrs).toBe('["10.0.0.0/8","127.0.0.1","192.168.1.0/24"]');
    const everyone = formToBody({ ...values, trusted_proxy_cidrs: '0.0.0.0/0' }, proxy);
    expect(!everyone.ok && everyone.error.issues[0].message).toMatch(/would trust every address/);
  });

  it('keeps a saved HMAC key of a JWT provider when the secret field is left empty', () => {
    const jwt: CustomOAuthProviderView = { ...saved, kind: 'jwt_direct', client_id: '', issuer: 'https://id.test', audience: 'gw', client_secret_set: true };
    const check = formToBody({ ...providerToForm(jwt), name: 'Renamed' }, jwt);
    expect(check.ok).toBe(true);
    expect(check.ok && check.body).not.toHaveProperty('client_secret');
    const short = formToBody({ ...providerToForm(jwt), client_secret: 'short' }, jwt);
    expect(!short.ok && short.error.issues[0].path[0]).toBe('client_secret');
  });

  it('fills the fields a discovery document provides, by kind', () => {
    const found = {
      issuer: 'https://id.test',
      authorization_endpoint: 'https://id.test/authorize',
      token_endpoint: 'https://id.test/token',
      userinfo_endpoint: 'https://id.test/userinfo',
      jwks_uri: 'https://id.test/jwks',
      scopes_supported: ['openid', 'email', 'offline_access'],
    };
    expect(discoveryToForm(found, 'oauth_code')).toEqual({
      authorization_endpoint: 'https://id.test/authorize',
      token_endpoint: 'https://id.test/token',
      user_info_endpoint: 'https://id.test/userinfo',
      scopes: 'openid email',
    });
    expect(discoveryToForm({ ...found, scopes_supported: [] }, 'oauth_code')).not.toHaveProperty('scopes');
    expect(discoveryToForm(found, 'jwt_direct')).toEqual({ issuer: 'https://id.test', jwks_url: 'https://id.test/jwks' });
  });

  it('shows the sign-in address of a provider without a redirect', () => {
    expect(externalLoginUrl('https://gw.example.com/', 'corp', 'jwt_direct')).toBe('https://gw.example.com/api/auth/external/corp/jwt/login');
    expect(externalLoginUrl('https://gw.example.com', 'corp', 'trusted_header')).toBe('https://gw.example.com/api/auth/external/corp/header/login');
  });

  it('shows the address to register at the provider', () => {
    expect(callbackUrl('https://gw.example.com/', 'corp-sso')).toBe('https://gw.example.com/oauth/corp-sso');
    expect(callbackUrl('https://gw.example.com', '')).toBe('https://gw.example.com/oauth/<slug>');
  });
});
