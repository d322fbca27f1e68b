import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchPolicy } from '../../platform/fetch-guard/fetch-policy.js';
import { GuardedHttpClient } from '../../platform/fetch-guard/guarded-http-client.js';
import { encodeJwt, signHmacJwt, startJwtIssuer, type JwtIssuer } from '../testing/jwt-issuer.test-helpers.js';
import { JwksCache, JwksUnavailableError } from './jwks-cache.js';
import { KeyError, parsePemPublicKey } from './jwt-keys.js';
import { JwtRejectedError, verifyJwt, type JwtExpectations } from './jwt-verifier.js';

const open: FetchPolicy = { enabled: true, allowPrivateIp: true, domainAllowList: false, domains: [], ipAllowList: false, ips: [], ports: [], ipFilterForDomains: true };
const strict: FetchPolicy = { ...open, allowPrivateIp: false };
const AUD = 'gateway-client';
const SECRET = 'a-shared-secret-of-at-least-32-chars!';

describe('JWT verification', () => {
  let idp: JwtIssuer;
  let http: GuardedHttpClient;
  let jwks: JwksCache;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    idp = await startJwtIssuer();
    http = new GuardedHttpClient(() => open);
  });
  afterAll(async () => {
    await http?.close();
    await idp?.close();
  });

  const viaJwks = (): JwtExpectations => ({ issuer: idp.url, audience: AUD, key: { kind: 'jwks', url: idp.jwksUrl } });
  const viaPem = (): JwtExpectations => ({ issuer: idp.url, audience: AUD, key: { kind: 'pem', pem: idp.publicKeyPem() } });
  const viaSecret = (): JwtExpectations => ({ issuer: idp.url, audience: AUD, key: { kind: 'hmac', secret: SECRET } });
  const check = (token: string, expect: JwtExpectations, cache = (jwks ??= new JwksCache(http))) => verifyJwt(token, expect, { jwks: cache, now: now() });
  const refused = async (token: string, expectations: JwtExpectations, message: RegExp | string) => {
    const err = await check(token, expectations).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(JwtRejectedError);
    expect((err as Error).message).toMatch(message);
    // The reason never repeats the token.
    const payload = token.split('.')[1] ?? '';
    if (payload.length > 16) expect((err as Error).message).not.toContain(payload);
  };

  it('accepts RS256, PS256, ES256 and EdDSA tokens signed by a published key, and answers the claims', async () => {
    for (const alg of ['RS256', 'ES256', 'EdDSA'] as const) {
      const claims = await check(idp.sign(idp.claims(`user-${alg}`, AUD, { email: 'a@corp.test' }), { alg }), viaJwks());
      expect(claims).toMatchObject({ sub: `user-${alg}`, email: 'a@corp.test' });
    }
    // The RSA key is published for RS256 only, so a PS256 token cannot use it; the PEM key has no such label.
    await refused(idp.sign(idp.claims('pss', AUD), { alg: 'PS256' }), viaJwks(), 'cannot verify PS256 signatures');
    expect(await check(idp.sign(idp.claims('pss', AUD), { alg: 'PS256' }), viaPem())).toMatchObject({ sub: 'pss' });
    // Without a kid, the published keys that fit the algorithm are tried.
    expect(await check(idp.sign(idp.claims('no-kid', AUD), { kid: null }), viaJwks())).toMatchObject({ sub: 'no-kid' });
  });

  it('accepts a token signed by the configured PEM key, and HS256/384/512 tokens signed with the shared secret', async () => {
    expect(await check(idp.sign(idp.claims('pem', AUD)), viaPem())).toMatchObject({ sub: 'pem' });
    for (const alg of ['HS256', 'HS384', 'HS512'] as const) {
      expect(await check(signHmacJwt(SECRET, idp.claims(`hmac-${alg}`, AUD), {}, alg), viaSecret())).toMatchObject({ sub: `hmac-${alg}` });
    }
  });

  it('checks expiry, not-before and issue time with a minute of clock skew, and requires exp', async () => {
    const t = now();
    await refused(idp.sign(idp.claims('old', AUD, { exp: t - 120 })), viaJwks(), 'the token has expired');
    expect(await check(idp.sign(idp.claims('skewed', AUD, { exp: t - 30 })), viaJwks())).toMatchObject({ sub: 'skewed' });
    await refused(idp.sign(idp.claims('early', AUD, { nbf: t + 600 })), viaJwks(), 'the token is not valid yet (nbf)');
    await refused(idp.sign(idp.claims('future', AUD, { iat: t + 600 })), viaJwks(), 'the token was issued in the future (iat)');
    await refused(idp.sign({ iss: idp.url, aud: AUD, sub: 'forever' }), viaJwks(), 'the token has no expiry (exp)');
    await refused(idp.sign(idp.claims('text-exp', AUD, { exp: String(t + 60) })), viaJwks(), "the token's exp is not a number");
  });

  it('requires the configured issuer and audience', async () => {
    await refused(idp.sign(idp.claims('x', AUD, { iss: 'https://evil.test' })), viaJwks(), 'the token was not issued by the configured issuer');
    await refused(idp.sign(idp.claims('x', 'another-app')), viaJwks(), 'the token is not meant for this site (audience)');
    await refused(idp.sign(idp.claims('x', AUD, { aud: undefined })), viaJwks(), 'audience');
    expect(await check(idp.sign(idp.claims('many', AUD, { aud: ['other', AUD] })), viaJwks())).toMatchObject({ sub: 'many' });
  });

  it('refuses a tampered payload or a signature by another key', async () => {
    const good = idp.sign(idp.claims('victim', AUD));
    const [h, , s] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify(idp.claims('admin', AUD))).toString('base64url')}.${s}`;
    await refused(forged, viaJwks(), 'the token signature is invalid');
    await refused(signHmacJwt('another-secret-of-at-least-32-characters', idp.claims('x', AUD)), viaSecret(), 'the token signature is invalid');
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { sign } = await import('node:crypto');
    const alien = encodeJwt({ alg: 'RS256', kid: 'rsa-1' }, idp.claims('x', AUD), (data) => sign('sha256', Buffer.from(data), stranger.privateKey));
    await refused(alien, viaJwks(), 'the token signature is invalid');
  });

  it('refuses unsigned tokens (alg none) in any spelling, with or without a signature part', async () => {
    for (const alg of ['none', 'None', 'NONE']) {
      await refused(encodeJwt({ alg }, idp.claims('x', AUD), () => ''), viaJwks(), 'unsigned tokens (alg none) are refused');
      await refused(encodeJwt({ alg }, idp.claims('x', AUD), () => 'c2ln'), viaSecret(), 'unsigned tokens (alg none) are refused');
    }
    await refused(encodeJwt({ typ: 'JWT' }, idp.claims('x', AUD), () => 'c2ln'), viaJwks(), 'names no signing algorithm');
    await refused(encodeJwt({ alg: 'RS256' }, idp.claims('x', AUD), () => ''), viaJwks(), 'the token has no signature');
  });

  it('never lets the token choose the algorithm family (no RS/HS confusion)', async () => {
    // The classic attack: an HS256 token keyed with the provider's public key.
    const confused = signHmacJwt(idp.publicKeyPem(), idp.claims('attacker', AUD));
    await refused(confused, viaPem(), 'HS256 tokens are refused: this provider signs with a public key');
    await refused(confused, viaJwks(), 'HS256 tokens are refused');
    await refused(idp.sign(idp.claims('x', AUD)), viaSecret(), 'RS256 tokens are refused: this provider signs with a shared secret');
    await refused(idp.sign(idp.claims('x', AUD), { alg: 'ES256' }), viaPem(), 'the configured public key cannot verify ES256 signatures');
    // A kid naming a key of another type is not used for this algorithm.
    await refused(idp.sign(idp.claims('x', AUD), { kid: 'ec-1' }), viaJwks(), 'cannot verify RS256 signatures');
    await refused(encodeJwt({ alg: 'XS999' }, idp.claims('x', AUD), () => 'c2ln'), viaJwks(), 'XS999 tokens are refused');
  });

  it('refuses critical extensions and ignores the token\'s own key hints', async () => {
    await refused(idp.sign(idp.claims('x', AUD), { header: { crit: ['exp'] } }), viaJwks(), 'crit');
    // A jku pointing elsewhere changes nothing: the configured JWKS decides.
    const withJku = idp.sign(idp.claims('hinted', AUD), { header: { jku: 'http://evil.invalid/jwks', x5u: 'http://evil.invalid/x5' } });
    expect(await check(withJku, viaJwks())).toMatchObject({ sub: 'hinted' });
  });

  it('refuses what is not a JWT', async () => {
    await refused('not-a-jwt', viaJwks(), 'the token is not a JWT');
    await refused('a.b', viaJwks(), 'the token is not a JWT');
    await refused(`${Buffer.from('{oops').toString('base64url')}.e30.c2ln`, viaJwks(), "the token's header is not valid JSON");
    await refused(`${Buffer.from('[1]').toString('base64url')}.e30.c2ln`, viaJwks(), "the token's header is not a JSON object");
    await refused('x'.repeat(20_000), viaJwks(), 'the token is too long');
  });

  it('fetches the keys again for an unknown kid (key rotation), at most once per cooldown', async () => {
    let clock = Date.now();
    const cache = new JwksCache(http, () => clock);
    await check(idp.sign(idp.claims('before', AUD)), viaJwks(), cache);
    const fetched = idp.jwksFetches();
    idp.rotate();
    // Within the cooldown after a fetch, even a real new kid waits.
    await expect(check(idp.sign(idp.claims('too-soon', AUD)), viaJwks(), cache)).rejects.toThrow("no signing key with the token's kid");
    expect(idp.jwksFetches()).toBe(fetched);
    clock += 31_000;
    expect(await check(idp.sign(idp.claims('after', AUD)), viaJwks(), cache)).toMatchObject({ sub: 'after' });
    expect(idp.jwksFetches()).toBe(fetched + 1);
    // Forged kids right after do not reach the provider again.
    for (let i = 0; i < 3; i++) {
      const err = await check(idp.sign(idp.claims('x', AUD), { kid: `forged-${i}` }), viaJwks(), cache).catch((e: Error) => e);
      expect((err as Error).message).toBe("no signing key with the token's kid is published at the provider's jwks_url");
    }
    expect(idp.jwksFetches()).toBe(fetched + 1);
  });

  it('reports an unreachable or refused JWKS address without the token', async () => {
    const unreachable = new JwksCache(http);
    const expectations: JwtExpectations = { issuer: idp.url, audience: AUD, key: { kind: 'jwks', url: 'http://127.0.0.1:1/jwks' } };
    await expect(verifyJwt(idp.sign(idp.claims('x', AUD)), expectations, { jwks: unreachable, now: now() })).rejects.toThrow(JwksUnavailableError);
    const guarded = new GuardedHttpClient(() => strict);
    try {
      const err = await verifyJwt(idp.sign(idp.claims('x', AUD)), viaJwks(), { jwks: new JwksCache(guarded), now: now() }).catch((e: Error) => e);
      expect(err).toBeInstanceOf(JwksUnavailableError);
      expect((err as Error).message).toMatch(/refused by the SSRF protection: 127\.0\.0\.1 is a private or internal address/);
    } finally {
      await guarded.close();
    }
  });

  it('reads only usable PEM public keys', () => {
    expect(() => parsePemPublicKey(idp.publicKeyPem())).not.toThrow();
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(() => parsePemPublicKey(weak)).toThrow(KeyError);
    expect(() => parsePemPublicKey('-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----')).toThrow('public_key is not a readable PEM public key');
  });
});
