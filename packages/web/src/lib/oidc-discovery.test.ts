import { describe, expect, it } from 'vitest';
import { isWellKnownUrl, readDiscovery, signInScopes } from './oidc-discovery';

describe('reading an OpenID discovery document', () => {
  it('keeps the endpoints, the issuer, the key set and the scopes', () => {
    expect(
      readDiscovery({
        issuer: 'https://id.example.com',
        authorization_endpoint: ' https://id.example.com/authorize ',
        token_endpoint: 'https://id.example.com/token',
        userinfo_endpoint: 'https://id.example.com/userinfo',
        jwks_uri: 'https://id.example.com/jwks',
        scopes_supported: ['openid', 42, 'email'],
        claims_supported: ['sub'],
      }),
    ).toEqual({
      issuer: 'https://id.example.com',
      authorization_endpoint: 'https://id.example.com/authorize',
      token_endpoint: 'https://id.example.com/token',
      userinfo_endpoint: 'https://id.example.com/userinfo',
      jwks_uri: 'https://id.example.com/jwks',
      scopes_supported: ['openid', 'email'],
    });
  });

  it('refuses what is not a usable document', () => {
    expect(readDiscovery(null)).toBeNull();
    expect(readDiscovery(['x'])).toBeNull();
    expect(readDiscovery({ issuer: 'x', authorization_endpoint: 'https://a' })).toBeNull();
  });

  it('suggests the sign-in scopes the provider supports', () => {
    expect(signInScopes(['email', 'openid', 'offline_access'])).toBe('openid email');
    expect(signInScopes([])).toBe('');
  });

  it('accepts only http(s) well-known addresses', () => {
    expect(isWellKnownUrl('https://id.example.com/.well-known/openid-configuration')).toBe(true);
    expect(isWellKnownUrl('id.example.com')).toBe(false);
  });
});
