import { describe, expect, it } from 'vitest';
import { endpointsFromDiscovery, isWellKnownUrl } from './oidc-discovery';

describe('OIDC discovery', () => {
  it('reads the three endpoints from a well-known document', () => {
    const doc = {
      issuer: 'https://id.example.com',
      authorization_endpoint: 'https://id.example.com/authorize',
      token_endpoint: 'https://id.example.com/token',
      userinfo_endpoint: 'https://id.example.com/userinfo',
    };
    expect(endpointsFromDiscovery(doc)).toEqual({
      'oidc.authorization_endpoint': 'https://id.example.com/authorize',
      'oidc.token_endpoint': 'https://id.example.com/token',
      'oidc.user_info_endpoint': 'https://id.example.com/userinfo',
    });
  });

  it('refuses a document without the authorization or token endpoint', () => {
    expect(endpointsFromDiscovery({ issuer: 'x' })).toBeNull();
    expect(endpointsFromDiscovery('<html>')).toBeNull();
  });

  it('accepts only http(s) well-known addresses', () => {
    expect(isWellKnownUrl('https://id.example.com/.well-known/openid-configuration')).toBe(true);
    expect(isWellKnownUrl('id.example.com/.well-known')).toBe(false);
    expect(isWellKnownUrl('')).toBe(false);
  });
});
