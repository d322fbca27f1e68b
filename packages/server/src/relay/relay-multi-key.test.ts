import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChannelStatus } from '../channels/channel-types.js';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply } from '../../test/fake-upstream/index.js';
import { readKeysInfo } from '../channels/multi-key/keys-info.js';
import { signIn } from '../../test/test-app.js';
import { Role } from '@gw/contracts';

/** Channels holding several keys: each request uses an enabled one, at random or in turn; a failing key goes alone. */
describe('multi-key channels in the relay', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    model = await r.uniqueModel();
  });
  afterAll(() => r?.close());
  afterEach(() => r.setOptions({ AutomaticDisableChannelEnabled: false, AutomaticEnableChannelEnabled: false }));

  const ask = async (key: string) => r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }] });
  const channelRow = (id: number) => r.ctx.db.selectFrom('channels').select(['status', 'channel_info', 'other_info']).where('id', '=', id).executeTakeFirstOrThrow();

  it('takes the keys in turn in polling mode', async () => {
    const { id, upstream } = await r.channelOnOwnUpstream(jsonReply(chatCompletion('ok', chatUsage(3, 3))), { models: model, key: 'ka\nkb\nkc' });
    await r.ctx.db.updateTable('channels').set({ channel_info: JSON.stringify({ multi_key_size: 3, multi_key_mode: 'polling' }) }).where('id', '=', id).execute();
    await r.ctx.services.routing.reload();
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    for (let i = 0; i < 6; i++) expect((await ask(token.key)).status).toBe(200);
    const used = upstream.requests.map((q) => String(q.headers.authorization).replace(/^Bearer /, ''));
    expect(used).toEqual(['ka', 'kb', 'kc', 'ka', 'kb', 'kc']);
    await r.settled();
    const logs = await r.logsOf(user.id, 2);
    expect(logs.map((l) => JSON.parse(l.other!).admin_info.multi_key_index)).toEqual([0, 1, 2, 0, 1, 2]);
    expect(JSON.parse(logs[0].other!).admin_info.is_multi_key).toBe(true);
    await r.ctx.db.deleteFrom('channels').where('id', '=', id).execute();
    await r.ctx.services.routing.reload();
  });

  it('disables only the key the upstream refused, keeps serving with the others, and the channel with its last key', async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: true });
    const { id, upstream } = await r.channelOnOwnUpstream(
      (q) => (String(q.headers.authorization) === 'Bearer bad-key' ? errorReply(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }) : jsonReply(chatCompletion('ok', chatUsage(3, 3)))),
      { models: model, key: 'good-key\nbad-key' },
    );
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    // Random picks: ask until the bad key was used once; the request itself is retried on the good key.
    for (let i = 0; i < 40 && !upstream.requests.some((q) => q.headers.authorization === 'Bearer bad-key'); i++) await ask(token.key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const info = readKeysInfo((await channelRow(id)).channel_info);
    expect(info.multi_key_status_list).toEqual({ '1': 3 });
    expect(info.multi_key_disabled_reason['1']).toContain('Incorrect API key');
    expect((await channelRow(id)).status).toBe(ChannelStatus.Enabled);

    upstream.requests.length = 0;
    for (let i = 0; i < 10; i++) expect((await ask(token.key)).status).toBe(200);
    expect(new Set(upstream.requests.map((q) => q.headers.authorization))).toEqual(new Set(['Bearer good-key']));

    // The last enabled key refused as well: the channel goes to status 3, saying why.
    upstream.setRoute('POST /v1/chat/completions', errorReply(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }));
    await ask(token.key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const row = await channelRow(id);
    expect(row.status).toBe(ChannelStatus.AutoDisabled);
    expect(readKeysInfo(row.channel_info).multi_key_status_list).toEqual({ '0': 3, '1': 3 });
    expect(JSON.parse(row.other_info!).status_reason).toContain('every key is disabled');

    // A passing channel test brings back the key it used (an automatically disabled one) and the channel
    // with it; the key an administrator disabled by hand stays off.
    await r.ctx.services.routing.editKeys(
      id,
      ({ keys, info }) => {
        info.multi_key_status_list['0'] = 2;
        return { keys, info };
      },
      { whenNoKeyLeft: ChannelStatus.AutoDisabled, reason: '' },
    );
    await r.setOptions({ AutomaticEnableChannelEnabled: true });
    upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(3, 3))));
    upstream.requests.length = 0;
    const root = await signIn(r.ctx.app, await r.createUser({ role: Role.Root }));
    const tested = await r.ctx.app.inject({ method: 'GET', url: `/api/channel/test/${id}?model=${model}`, headers: root.headers });
    expect(tested.json()).toMatchObject({ success: true });
    expect(upstream.requests.map((q) => q.headers.authorization)).toEqual(['Bearer bad-key']);
    const back = await channelRow(id);
    expect(back.status).toBe(ChannelStatus.Enabled);
    expect(readKeysInfo(back.channel_info).multi_key_status_list).toEqual({ '0': 2 });
    expect((await ask(token.key)).status).toBe(200);
    expect(upstream.requests.at(-1)?.headers.authorization).toBe('Bearer bad-key');
  });
});
