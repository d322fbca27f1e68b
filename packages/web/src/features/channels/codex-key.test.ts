import { describe, expect, it } from 'vitest';
import { codexKeySummaries, withAuthorizedKey } from './codex-key';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'none' })}.${b64(claims)}.sig`;

describe('codexKeySummaries', () => {
  it('tells the account, e-mail and expiry of new-api’s key shape, the expiry read from the access token', () => {
    const key = JSON.stringify({ type: 'codex', access_token: jwt({ exp: 1_900_000_000 }), refresh_token: 'rt', account_id: 'acc-1', email: 'a@example.com' });
    expect(codexKeySummaries(key)).toEqual([{ accountId: 'acc-1', email: 'a@example.com', expiresAt: '2030-03-17T17:46:40.000Z' }]);
  });

  it('reads the Codex CLI’s auth.json, the account and e-mail from its id token', () => {
    const idToken = jwt({ email: 'cli@example.com', 'https://api.openai.com/auth': { chatgpt_account_id: 'acc-cli' } });
    const text = JSON.stringify({ tokens: { id_token: idToken, access_token: 'opaque', refresh_token: 'rt' }, last_refresh: '2026-01-01T00:00:00Z' }, null, 2);
    expect(codexKeySummaries(text)).toEqual([{ accountId: 'acc-cli', email: 'cli@example.com' }]);
  });

  it('lists each account of a JSON array, and nothing for text that is not Codex keys', () => {
    const keys = `[${JSON.stringify({ access_token: 'a', refresh_token: 'r', account_id: 'x', expired: '2030-01-01T00:00:00Z' })},${JSON.stringify({ refresh_token: 'r2', account_id: 'y' })}]`;
    expect(codexKeySummaries(keys)).toEqual([{ accountId: 'x', expiresAt: '2030-01-01T00:00:00Z' }, { accountId: 'y' }]);
    expect(codexKeySummaries('sk-plain')).toEqual([]);
    expect(codexKeySummaries('{"type":"service_account"}')).toEqual([]);
    expect(codexKeySummaries('{"access_token":')).toEqual([]);
    expect(codexKeySummaries(undefined)).toEqual([]);
  });
});

describe('withAuthorizedKey', () => {
  const key = '{"access_token":"new","refresh_token":"r","account_id":"n"}';

  it('replaces the field for a channel of one key, or fills an empty one', () => {
    expect(withAuthorizedKey('{"access_token":"old"}', key, false)).toBe(key);
    expect(withAuthorizedKey('', key, true)).toBe(key);
  });

  it('adds the key to the keys of a channel holding several, as a JSON array', () => {
    expect(JSON.parse(withAuthorizedKey('{"access_token":"old","account_id":"o"}', key, true)!)).toEqual([{ access_token: 'old', account_id: 'o' }, JSON.parse(key)]);
    expect(JSON.parse(withAuthorizedKey('[{"account_id":"a"},{"account_id":"b"}]', key, true)!)).toHaveLength(3);
  });

  it('leaves keys that are not JSON to the administrator', () => {
    expect(withAuthorizedKey('sk-a\nsk-b', key, true)).toBeNull();
  });
});
