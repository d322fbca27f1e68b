import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LogType, Role } from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { ChannelStatus } from '../../channels/channel-types.js';
import { createTestContext } from '../../../test/test-app.js';
import { ChannelType, FAKE_KEY, MJ_MODELS, createTaskTestContext, type TaskTestContext } from '../tasks.test-helpers.js';
import { keyHintOf } from '../task-channel.js';
import { errorReply } from '../../../test/fake-upstream/index.js';
import { PNG_BASE64, startFakeTaskUpstreams, type FakeTaskUpstreams } from '../fake-task-upstreams.test-helpers.js';
import { TaskPoller } from '../polling/task-poller.js';
import { failTaskAndRefund } from '../task-refund.js';

const PNG_URL = `data:image/png;base64,${PNG_BASE64}`;

describe.each(testDialects())('Midjourney relay (%s)', (dialect) => {
  let t: TaskTestContext;
  let channelId: number;

  beforeAll(async () => {
    t = await createTaskTestContext(dialect);
    channelId = await t.channel(ChannelType.MidjourneyProxy, MJ_MODELS);
  });
  afterAll(() => t?.close());

  const task = (mjId: string) => t.ctx.db.selectFrom('drawing_tasks').selectAll().where('mj_id', '=', mjId).executeTakeFirstOrThrow();
  async function customer(quota = 10_000_000) {
    const user = await t.user(quota);
    return { user, ...(await t.apiKey(user.id)) };
  }
  async function imagine(key: string, prompt = 'a cat in the rain') {
    const res = await t.post('/mj/submit/imagine', key, { prompt });
    expect(res.json()).toMatchObject({ code: 1 });
    return res.json().result as string;
  }
  async function finish(mjId: string) {
    for (let i = 0; i < 3; i++) await t.poll();
    return task(mjId);
  }

  it('submits an imagine task with the mj-api-secret header, charges it once and polls it to SUCCESS', async () => {
    const c = await customer();
    const res = await t.post('/mj/submit/imagine', c.key, { prompt: 'a cat --fast', notifyHook: 'http://evil.example/hook', accountFilter: { channelId: 'x' } }, { mjSecret: true });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ code: 1, description: '提交成功' });
    const price = t.priceOf('mj_imagine');
    expect(price).toBe(50_000);
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000 - price);
    const [log] = await t.logsOf(c.user.id, LogType.Consume);
    expect(log).toMatchObject({ model_name: 'mj_imagine', quota: price, channel_id: channelId });
    expect(log.content).toContain(`ID ${answer.result}`);

    // MjNotifyEnabled and MjAccountFilterEnabled are off by default: those fields never reach the proxy.
    const forwarded = t.fake.requests('/mj/submit/imagine').at(-1)!.body as Record<string, unknown>;
    expect(forwarded).toEqual({ prompt: 'a cat --fast' });

    expect(await task(answer.result)).toMatchObject({ status: 'SUBMITTED', code: 1, action: 'IMAGINE', prompt: 'a cat --fast', quota: price, channel_id: channelId, user_id: c.user.id });
    await t.poll();
    expect(await task(answer.result)).toMatchObject({ status: 'SUBMITTED', progress: '0%' });
    await t.poll();
    expect(await task(answer.result)).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    await t.poll();
    const done = await task(answer.result);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%', prompt_en: 'a cat --fast (en)', image_url: `${t.fake.url}/images/${answer.result}.png` });
    expect(done.finish_time).toBeGreaterThan(0);

    const fetched = await t.get(`/mj/task/${answer.result}/fetch`, c.key);
    expect(fetched.json()).toMatchObject({ id: answer.result, status: 'SUCCESS', progress: '100%', imageUrl: `/mj/image/${answer.result}`, action: 'IMAGINE' });
    expect(fetched.json().buttons).toHaveLength(1);
    const image = await t.ctx.app.inject({ method: 'GET', url: `/mj/image/${answer.result}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);

    // Finished tasks are not asked about again, and no refund ever happened.
    const fetchesBefore = t.fake.requests('/mj/task/list-by-condition').length;
    await t.poll();
    expect(t.fake.requests('/mj/task/list-by-condition').length).toBe(fetchesBefore);
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(0);
  });

  it('refuses every Midjourney call while DrawingEnabled is off, before charging or calling the upstream', async () => {
    const c = await customer();
    await t.ctx.services.options.update([{ key: 'DrawingEnabled', value: 'false' }]);
    try {
      const res = await t.post('/mj/submit/imagine', c.key, { prompt: 'a cat' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 4, description: 'drawing is turned off on this site' });
      expect((await t.ctx.db.selectFrom('users').select('used_quota').where('id', '=', c.user.id).executeTakeFirstOrThrow()).used_quota).toBe(0);
    } finally {
      await t.ctx.services.options.update([{ key: 'DrawingEnabled', value: 'true' }]);
    }
  });

  it('strips --fast/--relax/--turbo when MjModeClearEnabled is on, and passes notifyHook when MjNotifyEnabled is on', async () => {
    await t.ctx.services.options.set({ MjModeClearEnabled: true, MjNotifyEnabled: true });
    try {
      const c = await customer();
      await imagine(c.key, 'a dog --relax --v 6');
      expect(t.fake.requests('/mj/submit/imagine').at(-1)!.body).toEqual({ prompt: 'a dog --v 6' });
      await t.post('/mj/submit/imagine', c.key, { prompt: 'x', notifyHook: 'https://hook.example/x' });
      expect(t.fake.requests('/mj/submit/imagine').at(-1)!.body).toMatchObject({ notifyHook: 'https://hook.example/x' });
    } finally {
      await t.ctx.services.options.set({ MjModeClearEnabled: false, MjNotifyEnabled: false });
    }
  });

  it('forwards accountFilter to the proxy when MjAccountFilterEnabled is on', async () => {
    await t.ctx.services.options.set({ MjAccountFilterEnabled: true });
    try {
      const c = await customer();
      const accountFilter = { channelId: 'discord-1', instanceId: 'acc-7', modes: ['FAST'] };
      await t.post('/mj/submit/imagine', c.key, { prompt: 'a filtered cat', accountFilter });
      expect(t.fake.requests('/mj/submit/imagine').at(-1)!.body).toEqual({ prompt: 'a filtered cat', accountFilter });
    } finally {
      await t.ctx.services.options.set({ MjAccountFilterEnabled: false });
    }
  });

  it('shows the proxy’s own image address when MjForwardUrlEnabled is off', async () => {
    const c = await customer();
    const mjId = await imagine(c.key, 'an unforwarded cat');
    await finish(mjId);
    const original = `${t.fake.url}/images/${mjId}.png`;
    await t.ctx.services.options.set({ MjForwardUrlEnabled: false });
    try {
      expect((await t.get(`/mj/task/${mjId}/fetch`, c.key)).json()).toMatchObject({ id: mjId, status: 'SUCCESS', imageUrl: original });
      expect((await t.post('/mj/task/list-by-condition', c.key, { ids: [mjId] })).json()).toMatchObject([{ id: mjId, imageUrl: original }]);
    } finally {
      await t.ctx.services.options.set({ MjForwardUrlEnabled: true });
    }
    expect((await t.get(`/mj/task/${mjId}/fetch`, c.key)).json().imageUrl).toBe(`/mj/image/${mjId}`);
  });

  it('answers a 502 in the proxy shape when the image cannot be fetched for /mj/image', async () => {
    const c = await customer();
    const mjId = await imagine(c.key, 'a lost picture');
    await finish(mjId);
    t.fake.upstream.setRoute(`GET /images/${mjId}.png`, errorReply(500, 'storage is down'));
    const res = await t.ctx.app.inject({ method: 'GET', url: `/mj/image/${mjId}` });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 4, description: expect.stringContaining('HTTP 500'), result: '' });
  });

  it('refunds a failed task exactly once, even when two pollers race', async () => {
    const c = await customer();
    const mjId = await imagine(c.key, 'please fail this');
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000 - t.priceOf('mj_imagine'));
    // Both pollers read FAILURE (third and later fetches) and both try to fail the task.
    await t.pollRacing();
    expect(await task(mjId)).toMatchObject({ status: 'FAILURE', fail_reason: 'the prompt was banned', progress: '100%' });
    expect(await t.quotaOf(c.user.id)).toMatchObject({ quota: 10_000_000, used_quota: 0 });
    const refunds = await t.logsOf(c.user.id, LogType.Refund);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ quota: t.priceOf('mj_imagine'), model_name: 'mj_imagine' });
    expect(refunds[0].content).toContain('the prompt was banned');
    await t.poll();
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(1);
  });

  it('lets only one of many concurrent failers refund a task', async () => {
    const c = await customer();
    const mjId = await imagine(c.key);
    const row = await task(mjId);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        failTaskAndRefund(t.ctx.services.tasks.deps, { table: 'drawing_tasks', id: row.id, patch: {} }, { userId: c.user.id, tokenId: c.id, channelId, quota: row.quota, model: 'mj_imagine', upstreamId: mjId }, 'test'),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(1);
  });

  it('prices and relays describe, blend, shorten, upload, face swap and modal by their action', async () => {
    const c = await customer();
    let spent = 0;
    const expectCharged = async (model: string) => {
      spent += t.priceOf(model);
      expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000 - spent);
    };
    const describeId = (await t.post('/mj/submit/describe', c.key, { base64: PNG_URL })).json().result;
    expect(await task(describeId)).toMatchObject({ action: 'DESCRIBE' });
    await expectCharged('mj_describe');
    const blendId = (await t.post('/mj/submit/blend', c.key, { base64Array: [PNG_URL, PNG_BASE64], dimensions: 'SQUARE' })).json().result;
    expect(await task(blendId)).toMatchObject({ action: 'BLEND' });
    await expectCharged('mj_blend');
    expect((await t.post('/mj/submit/shorten', c.key, { prompt: 'a very long prompt' })).json()).toMatchObject({ code: 1 });
    await expectCharged('mj_shorten');
    const upload = await t.post('/mj/submit/upload-discord-images', c.key, { base64Array: [PNG_URL] });
    expect(upload.json()).toMatchObject({ code: 1, result: [`${t.fake.url}/images/upload.png`] });
    await expectCharged('mj_upload');
    const swapId = (await t.post('/mj/insight-face/swap', c.key, { sourceBase64: PNG_URL, targetBase64: PNG_URL })).json().result;
    expect(await task(swapId)).toMatchObject({ action: 'SWAP_FACE', prompt: 'InsightFace' });
    await expectCharged('swap_face');
    // A modal step may follow a task that is still running.
    const parent = await imagine(c.key, 'parent');
    await expectCharged('mj_imagine');
    const modal = await t.post('/mj/submit/modal', c.key, { taskId: parent, prompt: 'add a hat', maskBase64: PNG_URL });
    expect(modal.json()).toMatchObject({ code: 1 });
    expect(await task(modal.json().result)).toMatchObject({ action: 'MODAL', prompt: 'parent', channel_id: channelId });
    await expectCharged('mj_modal');
  });

  it('checks that the original task succeeded (MjActionCheckSuccessEnabled) and charges nothing for inpaint', async () => {
    const c = await customer();
    const mjId = await imagine(c.key);
    const before = await t.quotaOf(c.user.id);
    const early = await t.post('/mj/submit/change', c.key, { taskId: mjId, action: 'UPSCALE', index: 1 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ code: 4, description: expect.stringContaining('has not succeeded'), result: '' });
    expect(await t.quotaOf(c.user.id)).toEqual(before);
    await t.ctx.services.options.set({ MjActionCheckSuccessEnabled: false });
    try {
      expect((await t.post('/mj/submit/change', c.key, { taskId: mjId, action: 'UPSCALE', index: 1 })).json()).toMatchObject({ code: 1 });
    } finally {
      await t.ctx.services.options.set({ MjActionCheckSuccessEnabled: true });
    }
    await finish(mjId);
    const quota = (await t.quotaOf(c.user.id)).quota;
    const inpaint = await t.post('/mj/submit/action', c.key, { taskId: mjId, customId: `MJ::Inpaint::1::${mjId}::SOLO` });
    expect(inpaint.json()).toMatchObject({ code: 1 });
    expect(await task(inpaint.json().result)).toMatchObject({ action: 'INPAINT', quota: 0 });
    expect((await t.quotaOf(c.user.id)).quota).toBe(quota);
  });

  it('stores a refused submission (code 24) without charging, and answers queued (22) as submitted', async () => {
    const c = await customer();
    t.fake.mjSubmitOverride = { code: 24, description: 'banned prompt', properties: { bannedWord: 'x' } };
    try {
      const res = await t.post('/mj/submit/imagine', c.key, { prompt: 'x' });
      expect(res.json()).toMatchObject({ code: 24, description: 'banned prompt' });
      expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
      expect(await t.logsOf(c.user.id, LogType.Consume)).toHaveLength(0);
      const rows = await t.ctx.db.selectFrom('drawing_tasks').selectAll().where('user_id', '=', c.user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ code: 24, status: 'FAILURE', fail_reason: 'banned prompt', quota: 0 });

      t.fake.mjSubmitOverride = { code: 22, description: 'queued, 1 ahead', result: 'queued-task-1' };
      const queued = await t.post('/mj/submit/imagine', c.key, { prompt: 'y' });
      expect(queued.json()).toMatchObject({ code: 1, result: 'queued-task-1' });
      expect(await task('queued-task-1')).toMatchObject({ code: 22, status: 'SUBMITTED', quota: t.priceOf('mj_imagine') });
      expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000 - t.priceOf('mj_imagine'));
    } finally {
      t.fake.mjSubmitOverride = null;
    }
  });

  it('disables an auto-ban channel whose proxy has no account (code 3), charging nothing', async () => {
    // Its own app and fake: the channels here end up disabled.
    const own = await createTaskTestContext(dialect);
    try {
      const keep = await own.channel(ChannelType.MidjourneyProxy, MJ_MODELS, { autoBan: 0, priority: 10 });
      const ban = await own.channel(ChannelType.MidjourneyProxy, MJ_MODELS, { autoBan: 1 });
      await own.ctx.services.options.set({ AutomaticDisableChannelEnabled: true });
      own.fake.mjSubmitOverride = { code: 3, description: 'No available account instance' };
      const user = await own.user();
      const { id: tokenId, key } = await own.apiKey(user.id, { remainQuota: 1_000_000 });
      const statusOf = async (id: number) => (await own.ctx.db.selectFrom('channels').select(['status', 'other_info']).where('id', '=', id).executeTakeFirstOrThrow());
      const expectNothingCharged = async () => {
        expect(await own.quotaOf(user.id)).toEqual({ quota: 10_000_000, used_quota: 0 });
        expect(await own.tokenOf(tokenId)).toEqual({ remain_quota: 1_000_000, used_quota: 0 });
        expect(await own.logsOf(user.id, LogType.Consume)).toHaveLength(0);
      };

      // A channel with auto_ban off stays enabled.
      const first = await own.post('/mj/submit/imagine', key, { prompt: 'x' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ code: 3, description: 'No available account instance' });
      expect((await statusOf(keep)).status).toBe(ChannelStatus.Enabled);
      await expectNothingCharged();

      await own.ctx.db.updateTable('channels').set({ status: ChannelStatus.ManuallyDisabled }).where('id', '=', keep).execute();
      await own.ctx.services.routing.reload();
      const second = await own.post('/mj/submit/imagine', key, { prompt: 'y' });
      expect(second.json()).toMatchObject({ code: 3, description: 'No available account instance' });
      await vi.waitFor(async () => expect((await statusOf(ban)).status).toBe(ChannelStatus.AutoDisabled));
      expect(JSON.parse((await statusOf(ban)).other_info ?? '{}')).toMatchObject({ status_reason: 'No available account instance' });
      await expectNothingCharged();
      const rows = await own.ctx.db.selectFrom('drawing_tasks').select(['code', 'status', 'quota', 'channel_id']).where('user_id', '=', user.id).orderBy('id').execute();
      expect(rows).toEqual([
        { code: 3, status: 'FAILURE', quota: 0, channel_id: keep },
        { code: 3, status: 'FAILURE', quota: 0, channel_id: ban },
      ]);
      // With no channel left, the next task is refused before anything is held.
      const none = await own.post('/mj/submit/imagine', key, { prompt: 'z' });
      expect(none.statusCode).toBe(503);
      await expectNothingCharged();
    } finally {
      await own.close();
    }
  });

  describe('bad input answers in the proxy shape and charges nothing', () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['a missing prompt', '/mj/submit/imagine', {}, /prompt is required/],
      ['a blank prompt', '/mj/submit/imagine', { prompt: '   ' }, /prompt is required/],
      ['an unknown change action', '/mj/submit/change', { taskId: 'x', action: 'EXPLODE', index: 1 }, /unknown action "EXPLODE"/],
      ['an unknown button', '/mj/submit/action', { taskId: 'x', customId: 'MJ::JOB::dance::1::abc' }, /unknown action in customId/],
      ['a bad simple-change', '/mj/submit/simple-change', { content: 'abc U9' }, /content must be/],
      ['a change without index', '/mj/submit/change', { taskId: 'x', action: 'VARIATION' }, /index must be 1, 2, 3 or 4/],
      ['base64 that is not an image', '/mj/submit/describe', { base64: Buffer.from('hello, this is text').toString('base64') }, /base64 is not an image/],
      ['a data URL of another type', '/mj/submit/describe', { base64: 'data:text/plain;base64,aGVsbG8=' }, /not an image/],
      ['text that is not base64', '/mj/submit/describe', { base64: 'not base64 at all!' }, /not valid base64/],
      ['an image that is too large', '/mj/submit/describe', { base64: `data:image/png;base64,${'A'.repeat(15 * 1024 * 1024)}` }, /too large: 11\.3 MB/],
      ['a blend of one image', '/mj/submit/blend', { base64Array: [PNG_URL] }, /must hold 2 to 5 images/],
      ['a non-image among blend images', '/mj/submit/blend', { base64Array: [PNG_URL, Buffer.from('GIF? no').toString('base64')] }, /base64Array\[1\] is not an image/],
      ['face swap without a target', '/mj/insight-face/swap', { sourceBase64: PNG_URL }, /targetBase64 must be a base64-encoded image/],
    ];
    it.each(cases)('refuses %s', async (_name, path, body, message) => {
      const c = await customer();
      const submits = t.fake.requests('/mj/submit/').length;
      const res = await t.post(path, c.key, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 4, description: expect.stringMatching(message), result: '' });
      expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
      expect(t.fake.requests('/mj/submit/').length).toBe(submits);
    });

    it('refuses an action on a task id that is not the caller’s', async () => {
      const owner = await customer();
      const mjId = await imagine(owner.key);
      await finish(mjId);
      const intruder = await customer();
      const res = await t.post('/mj/submit/change', intruder.key, { taskId: mjId, action: 'UPSCALE', index: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 4, description: `task ${mjId} was not found among your tasks`, result: '' });
      expect((await t.quotaOf(intruder.user.id)).quota).toBe(10_000_000);
    });

    it('refuses a body that is not JSON, a missing key and an empty balance', async () => {
      const c = await customer();
      const broken = await t.ctx.app.inject({ method: 'POST', url: '/mj/submit/imagine', headers: { authorization: `Bearer ${c.key}`, 'content-type': 'application/json' }, payload: '{"prompt":' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ code: 4, result: '' });
      const anonymous = await t.ctx.app.inject({ method: 'POST', url: '/mj/submit/imagine', payload: { prompt: 'x' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 4, description: expect.stringContaining('no API key') });
      const poor = await customer(10_000);
      const res = await t.post('/mj/submit/imagine', poor.key, { prompt: 'x' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 4, description: expect.stringContaining('quota_not_enough') });
      expect((await t.quotaOf(poor.user.id)).quota).toBe(10_000);
    });
  });

  it('shows users only their own tasks through fetch and list-by-condition', async () => {
    const alice = await customer();
    const bob = await customer();
    const a = await imagine(alice.key);
    const b = await imagine(bob.key);
    expect((await t.get(`/mj/task/${b}/fetch`, alice.key)).statusCode).toBe(404);
    const listed = await t.post('/mj/task/list-by-condition', alice.key, { ids: [a, b] });
    expect(listed.json().map((x: { id: string }) => x.id)).toEqual([a]);
  });

  it('asks the proxy account that drew a task for its image seed, and only for the caller\'s own tasks', async () => {
    const alice = await customer();
    const bob = await customer();
    const a = await imagine(alice.key);
    const seed = await t.get(`/mj/task/${a}/image-seed`, alice.key);
    expect(seed.statusCode).toBe(200);
    expect(seed.json()).toEqual({ code: 1, description: 'success', result: `seed-of-${a}` });
    expect(t.fake.requests(`/mj/task/${a}/image-seed`).at(-1)!.headers['mj-api-secret']).toBeTruthy();
    const before = t.fake.requests('/mj/task/').length;
    const foreign = await t.get(`/mj/task/${a}/image-seed`, bob.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 4 });
    expect(t.fake.requests('/mj/task/').length).toBe(before);
  });

  it('serves the speed-prefixed routes (/mj-fast/mj/...), forwarding the prefix and charging like the plain ones', async () => {
    const c = await customer();
    const res = await t.post('/mj-fast/mj/submit/imagine', c.key, { prompt: 'a fast cat' });
    expect(res.json()).toMatchObject({ code: 1 });
    const id = res.json().result as string;
    expect(t.fake.requests('/mj-fast/mj/submit/imagine').at(-1)!.body).toMatchObject({ prompt: 'a fast cat' });
    expect((await task(id)).quota).toBeGreaterThan(0);
    expect((await t.get(`/mj-relax/mj/task/${id}/fetch`, c.key)).json()).toMatchObject({ id, prompt: 'a fast cat' });
    expect((await t.post('/mj-turbo/mj/task/list-by-condition', c.key, { ids: [id] })).json().map((x: { id: string }) => x.id)).toEqual([id]);
    expect((await t.post('/mj-slow/mj/submit/imagine', c.key, { prompt: 'x' })).statusCode).toBe(404);
  });

  it('counts submissions toward the per-user request limit: over it, a 429 in the proxy shape, no charge, no upstream call', async () => {
    const options = t.ctx.services.options;
    await options.set({ ModelRequestRateLimitEnabled: true, ModelRequestRateLimitCount: 2, ModelRequestRateLimitDurationMinutes: 1 });
    try {
      const c = await customer();
      const first = await t.post('/mj/submit/imagine', c.key, { prompt: 'one' });
      expect(first.headers['x-ratelimit-limit-requests']).toBe('2');
      expect(first.headers['x-ratelimit-remaining-requests']).toBe('1');
      await t.post('/mj/submit/imagine', c.key, { prompt: 'two' });
      const sent = t.fake.requests('/mj/submit/imagine').length;
      const before = await t.ctx.db.selectFrom('users').select('quota').where('id', '=', c.user.id).executeTakeFirstOrThrow();
      const third = await t.post('/mj/submit/imagine', c.key, { prompt: 'three' });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 4 });
      expect(t.fake.requests('/mj/submit/imagine').length).toBe(sent);
      expect(await t.ctx.db.selectFrom('users').select('quota').where('id', '=', c.user.id).executeTakeFirstOrThrow()).toEqual(before);
    } finally {
      await options.set({ ModelRequestRateLimitEnabled: false });
    }
  });

  it('holds one of the key\'s in-flight slots per submission (TokenConcurrencyPolicy): at the limit a 429 in the proxy shape, no charge, no upstream call', async () => {
    const options = t.ctx.services.options;
    await options.set({ TokenConcurrencyPolicy: { default: { limit: 1 } } });
    try {
      const c = await customer();
      // One after the other, each submission frees its slot.
      await imagine(c.key, 'one');
      await imagine(c.key, 'two');
      // A slot the key holds elsewhere (a stream still running) leaves none.
      const held = await t.ctx.services.tokenConcurrency.enter(c.id, 'default')!;
      try {
        const sent = t.fake.requests('/mj/submit/imagine').length;
        const before = await t.quotaOf(c.user.id);
        const refused = await t.post('/mj/submit/imagine', c.key, { prompt: 'three' });
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 4, description: expect.stringContaining('token_concurrency_limit_reached') });
        expect(t.fake.requests('/mj/submit/imagine').length).toBe(sent);
        expect(await t.quotaOf(c.user.id)).toEqual(before);
      } finally {
        held.release();
      }
      await imagine(c.key, 'four');
    } finally {
      await options.set({ TokenConcurrencyPolicy: {} });
    }
  });

  it('fails and refunds a task stuck beyond TaskTimeoutMinutes', async () => {
    const c = await customer();
    const mjId = await imagine(c.key);
    await t.ctx.db.updateTable('drawing_tasks').set({ submit_time: Date.now() - 3 * 60_000 }).where('mj_id', '=', mjId).execute();
    await t.ctx.services.options.set({ TaskTimeoutMinutes: 2 });
    try {
      await t.poll();
    } finally {
      await t.ctx.services.options.set({ TaskTimeoutMinutes: 1440 });
    }
    expect(await task(mjId)).toMatchObject({ status: 'FAILURE', fail_reason: 'the task did not finish within 2 minutes' });
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(1);
  });

  it('lists drawing tasks in the console: users see their own, administrators everyone’s with filters', async () => {
    const alice = await customer();
    const bob = await customer();
    const a = await imagine(alice.key, 'alice picture');
    const b = await imagine(bob.key, 'bob picture');
    const aliceSession = await t.signIn(alice.user);
    const mine = await t.ctx.app.inject({ method: 'GET', url: '/api/mj/self/?p=1&page_size=10', headers: aliceSession.headers });
    expect(mine.json()).toMatchObject({ success: true, data: { total: 1, page: 1, page_size: 10 } });
    expect(mine.json().data.items[0]).toMatchObject({ mj_id: a, user_id: alice.user.id, prompt: 'alice picture', action: 'IMAGINE', code: 1, status: 'SUBMITTED', channel_id: channelId });
    // channel_id is ignored on /self, and another user's id finds nothing.
    const other = await t.ctx.app.inject({ method: 'GET', url: `/api/mj/self/?mj_id=${b}&channel_id=999`, headers: aliceSession.headers });
    expect(other.json().data).toMatchObject({ total: 0, items: [] });
    expect((await t.ctx.app.inject({ method: 'GET', url: '/api/mj/', headers: aliceSession.headers })).statusCode).toBe(403);

    const admin = await t.signIn(await t.user(0, Role.Admin));
    const byId = await t.ctx.app.inject({ method: 'GET', url: `/api/mj/?mj_id=${b}`, headers: admin.headers });
    expect(byId.json().data.items.map((i: { user_id: number }) => i.user_id)).toEqual([bob.user.id]);
    const all = await t.ctx.app.inject({ method: 'GET', url: `/api/mj/?channel_id=${channelId}&page_size=100`, headers: admin.headers });
    expect(all.json().data.items.map((i: { mj_id: string }) => i.mj_id)).toEqual(expect.arrayContaining([a, b]));
    const submitted = (await task(a)).submit_time;
    const window = await t.ctx.app.inject({ method: 'GET', url: `/api/mj/?start_timestamp=${submitted + 3_600_000}`, headers: admin.headers });
    expect(window.json().data.total).toBe(0);
    const bad = await t.ctx.app.inject({ method: 'GET', url: '/api/mj/?start_timestamp=yesterday', headers: admin.headers });
    expect(bad.json()).toMatchObject({ success: false, message: expect.stringContaining('start_timestamp') });
  });
});

describe.each(testDialects())('Midjourney follow-up routing (%s)', (dialect) => {
  let t: TaskTestContext;
  let second: FakeTaskUpstreams;

  beforeAll(async () => {
    t = await createTaskTestContext(dialect);
    second = await startFakeTaskUpstreams();
  });
  afterAll(async () => {
    await t?.close();
    await second?.close();
  });

  it('sends upscale, variation and button actions to the channel that ran the original task', async () => {
    const first = await t.channel(ChannelType.MidjourneyProxy, MJ_MODELS);
    const user = await t.user();
    const { key } = await t.apiKey(user.id);
    const mjId = (await t.post('/mj/submit/imagine', key, { prompt: 'origin' })).json().result as string;
    for (let i = 0; i < 3; i++) await t.poll();
    // A higher-priority Plus channel appears: new tasks go there, follow-ups still go to the first.
    const preferred = await t.channel(ChannelType.MidjourneyProxyPlus, MJ_MODELS, { baseUrl: second.url, priority: 10 });
    const change = await t.post('/mj/submit/change', key, { taskId: mjId, action: 'UPSCALE', index: 2 });
    const simple = await t.post('/mj/submit/simple-change', key, { content: `${mjId} V1` });
    const button = await t.post('/mj/submit/action', key, { taskId: mjId, customId: `MJ::JOB::variation::3::${mjId}` });
    const rows = await t.ctx.db.selectFrom('drawing_tasks').select(['mj_id', 'action', 'channel_id', 'prompt', 'quota']).where('mj_id', 'in', [change.json().result, simple.json().result, button.json().result]).orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.channel_id, r.prompt])).toEqual([
      ['UPSCALE', first, 'origin'],
      ['VARIATION', first, 'origin'],
      ['VARIATION', first, 'origin'],
    ]);
    expect(rows[0].quota).toBe(t.priceOf('mj_upscale'));
    expect(second.requests('/mj/submit/')).toHaveLength(0);
    expect(['/mj/submit/change', '/mj/submit/simple-change', '/mj/submit/action'].map((p) => t.fake.requests(p).length)).toEqual([1, 1, 1]);
    const fresh = (await t.post('/mj/submit/imagine', key, { prompt: 'new' })).json().result as string;
    expect((await t.ctx.db.selectFrom('drawing_tasks').select('channel_id').where('mj_id', '=', fresh).executeTakeFirstOrThrow()).channel_id).toBe(preferred);

    // The original channel disabled: its follow-ups are refused (nothing charged), never sent elsewhere.
    await t.ctx.db.updateTable('channels').set({ status: 2 }).where('id', '=', first).execute();
    await t.ctx.services.routing.reload();
    const quota = (await t.quotaOf(user.id)).quota;
    const refused = await t.post('/mj/submit/change', key, { taskId: mjId, action: 'UPSCALE', index: 3 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 4, description: expect.stringContaining(`#${first}`) });
    expect((await t.quotaOf(user.id)).quota).toBe(quota);
    expect(second.requests('/mj/submit/change')).toHaveLength(0);
  });

  it('never polls on a slave node (NODE_TYPE=slave)', async () => {
    const slave = await createTestContext(dialect, { nodeType: 'slave' });
    try {
      await slave.services.tasks.poller.stop();
      expect(await slave.services.tasks.poller.tick()).toBe(false);
    } finally {
      await slave.close();
    }
  });

  it('skips a polling round while another process holds the job lock', async () => {
    const lock = t.ctx.services.jobLock;
    const poller = new TaskPoller(t.ctx.services.tasks.deps, lock);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const other = lock.tryRun('task-polling', 60_000, async () => {
      entered();
      await held;
    });
    await inside;
    expect(await poller.tick()).toBe(false);
    release();
    expect(await other).toBe(true);
    expect(await poller.tick()).toBe(true);
  });

  it('polls each task and sends its follow-ups with the key of a multi-key channel that ran it', async () => {
    const keys = [`${FAKE_KEY}-a`, `${FAKE_KEY}-b`];
    const multi = await t.channel(ChannelType.MidjourneyProxy, MJ_MODELS, { key: keys.join('\n'), priority: 20 });
    try {
      const user = await t.user();
      const { key } = await t.apiKey(user.id);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await t.post('/mj/submit/imagine', key, { prompt: `account ${i}` })).json().result as string);
      const ownerOf = (id: string) => t.fake.tasks.get(id)!.owner;
      for (let i = 0; i < 3; i++) await t.poll();
      for (const id of ids) {
        const row = await t.ctx.db.selectFrom('drawing_tasks').select(['channel_id', 'channel_key_hint', 'status']).where('mj_id', '=', id).executeTakeFirstOrThrow();
        // Polled with another account's key, the proxy would not know the task and it would never finish.
        expect(row).toEqual({ channel_id: multi, channel_key_hint: keyHintOf(ownerOf(id)), status: 'SUCCESS' });
        const action = await t.post('/mj/submit/action', key, { taskId: id, customId: `MJ::JOB::upsample::1::${id}` });
        expect(action.json()).toMatchObject({ code: 1 });
        expect(ownerOf(action.json().result as string)).toBe(ownerOf(id));
      }
    } finally {
      await t.ctx.services.routing.disableChannel(multi);
    }
  });
});
