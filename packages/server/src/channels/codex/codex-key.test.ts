import { describe, expect, it } from 'vitest';
import { accessToken, fakeJwt, idToken } from '../../../test/fake-codex.js';
import { ChannelConfigError } from '../channel-config-error.js';
import { accountInfoOf, keyFromTokens, needsRefresh, parseCodexKey, serializeCodexKey, tokenExpiry } from './codex-key.js';
import { readCallback } from './codex-callback.js';

describe('Codex channel keys', () => {
  it('reads new-api’s key shape', () => {
    const access = accessToken({ accountId: 'acc-from-token', expiresIn: 3600 });
    const key = parseCodexKey(JSON.stringify({ type: 'codex', access_token: access, refresh_token: 'rt-1', account_id: 'acc-1', email: 'a@example.com', last_refresh: '2026-01-02T03:04:05Z' }));
    expect(key).toMatchObject({ accessToken: access, refreshToken: 'rt-1', accountId: 'acc-1', email: 'a@example.com', lastRefresh: '2026-01-02T03:04:05Z' });
    // The token's own exp wins over any field of the key.
    expect(key.expiresAt).toBe(tokenExpiry(access));
    expect(Math.abs(key.expiresAt! - (Date.now() + 3600_000))).toBeLessThan(5000);
  });

  it('reads the Codex CLI’s auth.json, finding the account and e-mail in the tokens', () => {
    const text = JSON.stringify(
      { OPENAI_API_KEY: null, tokens: { id_token: idToken({ accountId: 'acc-cli', email: 'cli@example.com' }), access_token: 'opaque-access', refresh_token: 'rt-cli' }, last_refresh: '2026-02-03T04:05:06.789Z' },
      null,
      2,
    );
    expect(parseCodexKey(text)).toMatchObject({ accessToken: 'opaque-access', refreshToken: 'rt-cli', accountId: 'acc-cli', email: 'cli@example.com', lastRefresh: '2026-02-03T04:05:06.789Z' });
  });

  it('takes the expiry from new-api’s `expired` or an `expires_at` in seconds or milliseconds when the token is no JWT', () => {
    expect(parseCodexKey('{"access_token":"a","refresh_token":"r","account_id":"x","expired":"2030-01-01T00:00:00Z"}').expiresAt).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect(parseCodexKey('{"access_token":"a","refresh_token":"r","account_id":"x","expires_at":1900000000}').expiresAt).toBe(1_900_000_000_000);
    expect(parseCodexKey('{"access_token":"a","refresh_token":"r","account_id":"x","expires_at":1900000000123}').expiresAt).toBe(1_900_000_000_123);
    expect(parseCodexKey('{"access_token":"a","refresh_token":"r","account_id":"x"}').expiresAt).toBeUndefined();
  });

  it('refuses a key that is not a JSON object or holds no token, as the channel’s configuration error', () => {
    const refusal = (text: string) => {
      try {
        parseCodexKey(text);
      } catch (err) {
        expect(err).toBeInstanceOf(ChannelConfigError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal('sk-plain-api-key')).toBe('the Codex channel key must be a JSON object with access_token, refresh_token and account_id (or the Codex CLI auth.json)');
    expect(refusal('{"access_token": "a",')).toBe('the Codex channel key is not valid JSON');
    expect(refusal('{"account_id": "acc"}')).toBe('the Codex channel key holds neither access_token nor refresh_token');
  });

  it('writes keys back in new-api’s shape, read again unchanged', () => {
    const key = { accessToken: 'a', refreshToken: 'r', idToken: 'i', accountId: 'acc', email: 'e@x', expiresAt: Date.parse('2030-01-01T00:00:00Z'), lastRefresh: '2029-12-22T00:00:00Z' };
    const text = serializeCodexKey(key);
    expect(JSON.parse(text)).toEqual({ type: 'codex', access_token: 'a', refresh_token: 'r', id_token: 'i', account_id: 'acc', email: 'e@x', expired: '2030-01-01T00:00:00Z', last_refresh: '2029-12-22T00:00:00Z' });
    expect(parseCodexKey(text)).toEqual(key);
    expect(accountInfoOf(key)).toEqual({ account_id: 'acc', email: 'e@x', expires_at: '2030-01-01T00:00:00Z', last_refresh: '2029-12-22T00:00:00Z' });
  });

  it('builds the refreshed key: new tokens, the old refresh and id tokens when none came, the account kept', () => {
    const old = parseCodexKey(JSON.stringify({ access_token: 'old', refresh_token: 'rt-old', id_token: 'id-old', account_id: 'workspace-2' }));
    const now = Date.parse('2030-01-01T00:00:00Z');
    const next = keyFromTokens({ accessToken: accessToken({ accountId: 'personal' }), expiresIn: 60 }, now, old);
    expect(next).toMatchObject({ refreshToken: 'rt-old', idToken: 'id-old', accountId: 'workspace-2', lastRefresh: '2030-01-01T00:00:00Z' });
    const opaque = keyFromTokens({ accessToken: 'opaque', refreshToken: 'rt-new', expiresIn: 60 }, now);
    expect(opaque).toMatchObject({ refreshToken: 'rt-new', accountId: '', expiresAt: now + 60_000 });
  });

  it('refreshes a missing token or one expiring within the margin, and keeps one whose expiry is unknown', () => {
    const now = 1_000_000;
    expect(needsRefresh({ accessToken: '', refreshToken: 'r', accountId: 'a' }, now, 0)).toBe(true);
    expect(needsRefresh({ accessToken: 'a', refreshToken: 'r', accountId: 'a', expiresAt: now + 299_000 }, now, 300_000)).toBe(true);
    expect(needsRefresh({ accessToken: 'a', refreshToken: 'r', accountId: 'a', expiresAt: now + 301_000 }, now, 300_000)).toBe(false);
    expect(needsRefresh({ accessToken: 'a', refreshToken: 'r', accountId: 'a' }, now, 300_000)).toBe(false);
    expect(tokenExpiry(fakeJwt({ sub: 'no exp' }))).toBeUndefined();
  });
});

describe('the pasted sign-in callback', () => {
  it('reads the code and state of the callback address, its query alone, or new-api’s code#state', () => {
    expect(readCallback('http://localhost:1455/auth/callback?code=ac_123&scope=openid&state=st_9')).toEqual({ wasAddress: true, code: 'ac_123', state: 'st_9' });
    expect(readCallback('  localhost:1455/auth/callback?code=ac_1&state=s  ')).toMatchObject({ code: 'ac_1', state: 's' });
    expect(readCallback('code=ac_2&state=s2')).toMatchObject({ wasAddress: true, code: 'ac_2', state: 's2' });
    expect(readCallback('http://localhost:1455/auth/callback#code=ac_3&state=s3')).toMatchObject({ code: 'ac_3', state: 's3' });
    expect(readCallback('ac_4#s4')).toEqual({ wasAddress: false, code: 'ac_4', state: 's4' });
    expect(readCallback('ac_5')).toEqual({ wasAddress: false, code: 'ac_5' });
  });

  it('tells an address without a code, and the provider’s refusal', () => {
    expect(readCallback('https://chatgpt.com/')).toEqual({ wasAddress: true });
    expect(readCallback('http://localhost:1455/auth/callback?error=access_denied&error_description=User%20cancelled&state=s')).toMatchObject({ error: 'access_denied: User cancelled', state: 's' });
    expect(readCallback('   ')).toEqual({ wasAddress: false });
  });
});
