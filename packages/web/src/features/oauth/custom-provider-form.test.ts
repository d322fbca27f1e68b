import { describe, expect, it } from 'vitest';
import type { CustomOAuthProviderView } from '@gw/contracts';
import { callbackUrl, formToBody, providerToForm, type CustomProviderFormValues } from './custom-provider-form';

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

  it('shows the address to register at the provider', () => {
    expect(callbackUrl('https://gw.example.com/', 'corp-sso')).toBe('https://gw.example.com/oauth/corp-sso');
    expect(callbackUrl('https://gw.example.com', '')).toBe('https://gw.example.com/oauth/<slug>');
  });
});
