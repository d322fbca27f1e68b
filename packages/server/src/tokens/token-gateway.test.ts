import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenStatus } from '@gw/contracts';
import { chatCompletion, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';
import { signIn, type SignedIn } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

/** Tokens managed through the console take effect at the gateway at once, although the gateway caches keys. */
describe.each(testDialects())('API token changes reach the gateway at once (%s)', (dialect) => {
  let r: RelayContext;
  let model: string;
  let owner: SignedIn;

  beforeAll(async () => {
    r = await createRelayContext(dialect);
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok')));
    owner = await signIn(r.ctx.app, await r.createUser());
  });
  afterAll(() => r?.close());

  const api = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await r.ctx.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });
    return res.json();
  };
  const ask = (key: string) => r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }] });

  /** A token created through the console API, already used once (so the gateway has it cached). */
  async function usedToken(fields: object = {}) {
    const created = await api('POST', '/api/token/', { name: 'gw', unlimited_quota: true, ...fields });
    expect(created.success, created.message).toBe(true);
    const token = created.data[0];
    const first = await ask(`sk-${token.key}`);
    expect(first.status).toBe(200);
    return token;
  }

  it('refuses a key with 401 right after it is disabled, and serves it again right after it is enabled', async () => {
    const token = await usedToken();
    expect((await api('PUT', '/api/token/?status_only=true', { id: token.id, status: TokenStatus.Disabled })).success).toBe(true);
    const refused = await ask(`sk-${token.key}`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('token_disabled');
    expect((await api('PUT', '/api/token/?status_only=true', { id: token.id, status: TokenStatus.Enabled })).success).toBe(true);
    expect((await ask(`sk-${token.key}`)).status).toBe(200);
  });

  it('refuses a key with 401 right after it is deleted', async () => {
    const token = await usedToken();
    expect((await api('DELETE', `/api/token/${token.id}/`)).success).toBe(true);
    const refused = await ask(`sk-${token.key}`);
    expect(refused.status).toBe(401);
  });

  it('applies an edited IP allow-list and model list to the next request', async () => {
    const token = await usedToken();
    expect((await api('PUT', '/api/token/', { id: token.id, allow_ips: '10.1.2.3' })).success).toBe(true);
    expect((await ask(`sk-${token.key}`)).status).toBe(403);
    expect((await api('PUT', '/api/token/', { id: token.id, allow_ips: '127.0.0.1, ::1', model_limits_enabled: true, model_limits: 'some-other-model' })).success).toBe(true);
    expect((await ask(`sk-${token.key}`)).status).toBe(403);
    expect((await api('PUT', '/api/token/', { id: token.id, model_limits: model })).success).toBe(true);
    expect((await ask(`sk-${token.key}`)).status).toBe(200);
  });
});
