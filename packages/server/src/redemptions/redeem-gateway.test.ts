import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@gw/contracts';
import { chatCompletion, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';
import { signIn } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

/** A redeemed code's quota is usable at the gateway at once, although the gateway caches keys with their owner's balance. */
describe.each(testDialects())('redeemed quota reaches the gateway at once (%s)', (dialect) => {
  let r: RelayContext;
  let model: string;

  beforeAll(async () => {
    r = await createRelayContext(dialect);
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok')));
  });
  afterAll(() => r?.close());

  it('serves a user whose balance was empty right after they redeem a code', async () => {
    const user = await r.createUser({ quota: 0 });
    const key = (await r.createApiKey(user.id)).key;
    const ask = () => r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }] });
    expect((await ask()).status).toBe(429);

    const admin = await signIn(r.ctx.app, await r.createUser({ role: Role.Admin }));
    const created = await r.ctx.app.inject({ method: 'POST', url: '/api/redemption/', headers: admin.headers, payload: { name: 'refill', quota: 5_000_000 } });
    const [code] = created.json().data;
    const session = await signIn(r.ctx.app, user);
    const redeemed = await r.ctx.app.inject({ method: 'POST', url: '/api/user/topup', headers: session.headers, payload: { key: code } });
    expect(redeemed.json()).toMatchObject({ success: true, data: 5_000_000 });

    expect((await ask()).status).toBe(200);
  });
});
