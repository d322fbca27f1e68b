import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonReply, startFakeUpstream, type FakeUpstream } from '../../../test/fake-upstream/index.js';
import { startHttpProxy, type FakeProxy } from '../../../test/fake-proxies.js';
import { UpstreamHttpClient } from '../../platform/http-client.js';
import { GoogleAuth } from './google-auth.js';

describe('GoogleAuth token exchange', () => {
  let tokenServer: FakeUpstream;
  let proxy: FakeProxy;
  let http: UpstreamHttpClient;
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const account = (email: string) => JSON.stringify({ client_email: email, private_key: privateKey, token_uri: `${tokenServer.url}/token` });

  beforeAll(async () => {
    tokenServer = await startFakeUpstream({ routes: { 'POST /token': jsonReply({ access_token: 'ya29.token', expires_in: 3600 }) } });
    proxy = await startHttpProxy({ credentials: { user: 'g', pass: 'g-secret' } });
    http = new UpstreamHttpClient();
  });
  afterAll(async () => {
    await http?.close();
    await Promise.all([tokenServer?.close(), proxy?.close()]);
  });

  it('exchanges through the channel\'s proxy when given one, and straight otherwise', async () => {
    const auth = new GoogleAuth(http);
    expect(await auth.accessToken(account('a@example.iam'), ['scope'], proxy.urlWith({ user: 'g', pass: 'g-secret' }))).toBe('ya29.token');
    expect(tokenServer.requests).toHaveLength(1);
    expect(proxy.carried(tokenServer.requests)).toBe(true);

    expect(await auth.accessToken(account('b@example.iam'), ['scope'])).toBe('ya29.token');
    expect(tokenServer.requests).toHaveLength(2);
    expect(proxy.carried(tokenServer.requests.slice(1))).toBe(false);
  });
});
