import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';

describe('token groups', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    await r.setOptions({ GroupRatio: { default: 1, vip: 2, svip: 3 }, UserUsableGroups: { default: 'default', vip: 'vip' } });
    model = await r.uniqueModel(1.25);
    await r.createChannel({ models: model, group: 'default,vip,svip' });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 40))));
  });
  afterAll(() => r?.close());

  const ask = (key: string) => r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

  it('refuses with 403 a key whose group its owner may not use, before any upstream call', async () => {
    const user = await r.createUser();
    const token = await r.createApiKey(user.id, { group: 'svip' });
    const before = r.upstream.requests.length;
    await expect(ask(token.key)).rejects.toMatchObject({ status: 403, code: 'group_forbidden' });
    expect(r.upstream.requests.length).toBe(before);
    expect(await r.quotaOf(user.id)).toMatchObject({ used_quota: 0, request_count: 0 });
  });

  it('bills a key in a group with ratio 2 twice what the default group pays', async () => {
    const user = await r.createUser({ quota: 5_000_000 });
    const plain = await r.createApiKey(user.id);
    const vip = await r.createApiKey(user.id, { group: 'vip' });
    await ask(plain.key);
    await ask(vip.key);
    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(2);
    const [base, doubled] = await r.logsOf(user.id, 2);
    expect(base.quota).toBe(r.quotaFor(model, { prompt: 100, completion: 40 }));
    expect(doubled.quota).toBe(2 * base.quota);
    expect(doubled.group).toBe('vip');
    expect(JSON.parse(doubled.other!).group_ratio).toBe(2);
    expect(await r.tokenOf(vip.id)).toMatchObject({ used_quota: doubled.quota });
  });
});
