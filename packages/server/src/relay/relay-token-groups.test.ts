import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply } from '../../test/fake-upstream/index.js';

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

  it("bills a user group's special ratio in a group (GroupGroupRatio), other users the group's own", async () => {
    await r.setOptions({ GroupGroupRatio: { vip: { default: 0.5 } } });
    try {
      const vipUser = await r.createUser({ quota: 5_000_000, group: 'vip' });
      const plainUser = await r.createUser({ quota: 5_000_000 });
      await ask((await r.createApiKey(vipUser.id, { group: 'default' })).key);
      await ask((await r.createApiKey(plainUser.id)).key);
      await expect.poll(async () => [...(await r.logsOf(vipUser.id, 2)), ...(await r.logsOf(plainUser.id, 2))]).toHaveLength(2);
      const [[special], [plain]] = [await r.logsOf(vipUser.id, 2), await r.logsOf(plainUser.id, 2)];
      expect(plain.quota).toBe(r.quotaFor(model, { prompt: 100, completion: 40 }));
      expect(special).toMatchObject({ group: 'default', quota: r.quotaFor(model, { prompt: 100, completion: 40 }, 'default', 'vip') });
      expect(Math.abs(special.quota - plain.quota / 2)).toBeLessThanOrEqual(1);
      expect(JSON.parse(special.other!).group_ratio).toBe(0.5);
    } finally {
      await r.setOptions({ GroupGroupRatio: {} });
    }
  });
});

/** new-api's `auto` group: a key routes through the AutoGroups option's groups in turn, billed in the one that serves. */
describe('the auto token group', () => {
  let r: RelayContext;
  let vipOnly: string;
  let defaultOnly: string;
  let both: string;
  let nowhere: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    await r.setOptions({
      GroupRatio: { default: 1, vip: 2, svip: 3 },
      UserUsableGroups: { default: 'default', vip: 'vip', auto: 'pick for me' },
      AutoGroups: ['vip', 'svip', 'default'],
    });
    [vipOnly, defaultOnly, both, nowhere] = [await r.uniqueModel(1.25), await r.uniqueModel(1.25), await r.uniqueModel(1.25), await r.uniqueModel(1.25)];
    await r.createChannel({ name: 'vip-channel', models: `${vipOnly},${both}`, group: 'vip' });
    await r.createChannel({ name: 'default-channel', models: `${defaultOnly},${both}`, group: 'default' });
    // svip is an auto group the owner may not use: its channel must never serve an auto key.
    await r.createChannel({ name: 'svip-channel', models: nowhere, group: 'svip' });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 40))));
  });
  afterAll(() => r?.close());

  const ask = (key: string, model: string) => r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

  it('serves each model from the first auto group with a channel for it, billed and logged in that group', async () => {
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id, { group: 'auto' });
    await ask(token.key, both);
    await ask(token.key, defaultOnly);
    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(2);
    const [inVip, inDefault] = await r.logsOf(user.id, 2);
    expect(inVip).toMatchObject({ group: 'vip', channel_name: 'vip-channel', quota: 2 * r.quotaFor(both, { prompt: 100, completion: 40 }) });
    expect(JSON.parse(inVip.other!).group_ratio).toBe(2);
    expect(inDefault).toMatchObject({ group: 'default', channel_name: 'default-channel', quota: r.quotaFor(defaultOnly, { prompt: 100, completion: 40 }) });
  });

  it('lists the models of every auto group its owner may use, and finds no channel in a group the owner may not use', async () => {
    const user = await r.createUser();
    const token = await r.createApiKey(user.id, { group: 'auto' });
    const listed = (await r.openai(token.key).models.list()).data.map((m) => m.id);
    expect(listed).toEqual(expect.arrayContaining([vipOnly, defaultOnly, both]));
    expect(listed).not.toContain(nowhere);
    const before = r.upstream.requests.length;
    await expect(ask(token.key, nowhere)).rejects.toMatchObject({ status: 503, code: 'model_not_found', message: expect.stringContaining('under group auto') });
    expect(r.upstream.requests.length).toBe(before);
    expect(await r.quotaOf(user.id)).toMatchObject({ used_quota: 0 });
  });

  it('offers auto to token owners only while UserUsableGroups lists it', async () => {
    const user = await r.createUser();
    const token = await r.createApiKey(user.id, { group: 'auto' });
    await r.setOptions({ UserUsableGroups: { default: 'default', vip: 'vip' } });
    try {
      await expect(ask(token.key, both)).rejects.toMatchObject({ status: 403, code: 'group_forbidden' });
    } finally {
      await r.setOptions({ UserUsableGroups: { default: 'default', vip: 'vip', auto: 'pick for me' } });
    }
    await expect(ask(token.key, both)).resolves.toMatchObject({ choices: [{ message: { content: 'ok' } }] });
  });
});

/** new-api's `cross_group_retry`: an `auto` key whose group's channels all failed moves to its next auto group. */
describe('cross-group retry of an auto key', () => {
  let r: RelayContext;
  let model: string;
  let vipAnswer: 'fail' | 'refuse';
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    await r.setOptions({
      GroupRatio: { default: 1, vip: 2 },
      UserUsableGroups: { default: 'default', vip: 'vip', auto: 'pick for me' },
      AutoGroups: ['vip', 'default'],
      RetryTimes: 2,
    });
    model = await r.uniqueModel(1.25);
    await r.createChannel({ name: 'vip-broken', key: 'sk-vip-broken', models: model, group: 'vip' });
    await r.createChannel({ name: 'default-ok', key: 'sk-default-ok', models: model, group: 'default' });
    r.upstream.setRoute('POST /v1/chat/completions', (req) => {
      if (!String(req.headers.authorization).includes('vip-broken')) return jsonReply(chatCompletion('ok', chatUsage(100, 40)));
      return vipAnswer === 'fail' ? errorReply(500, { error: { message: 'upstream broke' } }) : errorReply(400, { error: { message: 'bad request' } });
    });
  });
  afterAll(() => r?.close());

  const ask = (key: string) => r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
  const upstreamCalls = () => r.upstream.requests.filter((q) => q.path === '/v1/chat/completions').length;

  it('moves to the next auto group when every channel of the first failed, billed and logged there, charged once', async () => {
    vipAnswer = 'fail';
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id, { group: 'auto', crossGroupRetry: true });
    const before = upstreamCalls();
    await expect(ask(token.key)).resolves.toMatchObject({ choices: [{ message: { content: 'ok' } }] });
    expect(upstreamCalls() - before).toBe(2);
    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(1);
    const [log] = await r.logsOf(user.id, 2);
    const quota = r.quotaFor(model, { prompt: 100, completion: 40 });
    expect(log).toMatchObject({ group: 'default', channel_name: 'default-ok', quota });
    expect(JSON.parse(log.other!).group_ratio).toBe(1);
    expect(await r.quotaOf(user.id)).toMatchObject({ quota: 5_000_000 - quota, used_quota: quota, request_count: 1 });
  });

  it('stays in the first group without the flag: the failure reaches the client and nothing is charged', async () => {
    vipAnswer = 'fail';
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id, { group: 'auto' });
    const before = upstreamCalls();
    await expect(ask(token.key)).rejects.toMatchObject({ status: 500 });
    expect(upstreamCalls() - before).toBe(1);
    expect(await r.quotaOf(user.id)).toMatchObject({ quota: 5_000_000, used_quota: 0 });
  });

  it("does not move on a failure that is the caller's fault", async () => {
    vipAnswer = 'refuse';
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id, { group: 'auto', crossGroupRetry: true });
    const before = upstreamCalls();
    await expect(ask(token.key)).rejects.toMatchObject({ status: 400 });
    expect(upstreamCalls() - before).toBe(1);
    expect(await r.quotaOf(user.id)).toMatchObject({ quota: 5_000_000, used_quota: 0 });
  });

  it('is bounded by RetryTimes like any retry: with no retries the first group answers', async () => {
    vipAnswer = 'fail';
    await r.setOptions({ RetryTimes: 0 });
    try {
      const user = await r.createUser({ quota: 5_000_000 });
      const token = await r.createApiKey(user.id, { group: 'auto', crossGroupRetry: true });
      const before = upstreamCalls();
      await expect(ask(token.key)).rejects.toMatchObject({ status: 500 });
      expect(upstreamCalls() - before).toBe(1);
    } finally {
      await r.setOptions({ RetryTimes: 2 });
    }
  });
});
