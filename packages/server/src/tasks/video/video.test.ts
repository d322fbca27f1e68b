import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { errorReply, resetReply } from '../../../test/fake-upstream/index.js';
import { failPlatformTask } from '../task-rows.js';
import { VIDEO_BYTES } from '../fake-task-upstreams.test-helpers.js';
import { ChannelType, FAKE_KEY, createTaskTestContext, type TaskTestContext } from '../tasks.test-helpers.js';
import { keyHintOf } from '../task-channel.js';

describe.each(testDialects())('video generation relay (%s)', (dialect) => {
  let t: TaskTestContext;
  let channelId: number;

  beforeAll(async () => {
    t = await createTaskTestContext(dialect);
    channelId = await t.channel(ChannelType.OpenAI, 'sora-2');
  });
  afterAll(() => t?.close());

  const task = (taskId: string) => t.ctx.db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
  async function customer() {
    const user = await t.user();
    return { user, ...(await t.apiKey(user.id)) };
  }
  async function submit(key: string, prompt = 'a sunrise'): Promise<string> {
    const res = await t.post('/v1/video/generations', key, { model: 'sora-2', prompt });
    expect(res.statusCode).toBe(200);
    return res.json().task_id as string;
  }
  const content = (taskId: string, key: string, headers: Record<string, string> = {}) =>
    t.ctx.app.inject({ method: 'GET', url: `/v1/videos/${taskId}/content`, headers: { authorization: `Bearer ${key}`, ...headers } });
  const hidesKey = (res: { body: string; headers: Record<string, unknown> }) => !res.body.includes(FAKE_KEY) && !JSON.stringify(res.headers).includes(FAKE_KEY);

  it('runs an auto key\'s job in the first auto group with a channel for the model, at that group\'s price', async () => {
    await t.ctx.services.options.set({ GroupRatio: { default: 1, vip: 2 }, UserUsableGroups: { default: 'default', vip: 'vip', auto: 'auto' }, AutoGroups: ['vip', 'default'] });
    try {
      const vipChannel = await t.channel(ChannelType.OpenAI, 'sora-2-pro', { group: 'vip' });
      const user = await t.user();
      const { key } = await t.apiKey(user.id, { group: 'auto' });
      // sora-2 has channels only in default; sora-2-pro in vip, the first auto group.
      const inDefault = await t.post('/v1/video/generations', key, { model: 'sora-2', prompt: 'a sunrise' });
      const inVip = await t.post('/v1/video/generations', key, { model: 'sora-2-pro', prompt: 'a sunset' });
      expect([inDefault.statusCode, inVip.statusCode]).toEqual([200, 200]);
      expect(await t.logsOf(user.id, LogType.Consume)).toMatchObject([
        { model_name: 'sora-2', quota: t.priceOf('sora-2'), channel_id: channelId },
        { model_name: 'sora-2-pro', quota: 2 * t.priceOf('sora-2-pro'), channel_id: vipChannel },
      ]);
    } finally {
      await t.ctx.services.options.set({ GroupRatio: { default: 1, vip: 1, svip: 1 }, UserUsableGroups: { default: 'default', vip: 'vip' }, AutoGroups: ['default'] });
    }
  });

  it('submits a video job to an OpenAI channel, charges the per-call price and polls it to completion', async () => {
    const c = await customer();
    const res = await t.post('/v1/video/generations', c.key, { model: 'sora-2', prompt: 'a sunrise', seconds: '4' });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued', progress: 0, url: null, error: null });
    expect(job.id).toBe(job.task_id);
    expect(t.fake.requests('/v1/videos').at(-1)!.body).toEqual({ model: 'sora-2', prompt: 'a sunrise', seconds: '4' });
    const price = t.priceOf('sora-2');
    expect(price).toBe(150_000);
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000 - price);
    expect(await t.logsOf(c.user.id, LogType.Consume)).toMatchObject([{ model_name: 'sora-2', quota: price, channel_id: channelId }]);

    await t.poll();
    await t.poll();
    expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json()).toMatchObject({ status: 'in_progress', progress: 50, url: null });
    await t.poll();
    // OpenAI's finished job has no link; clients get the gateway's download route instead.
    const done = (await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json();
    expect(done).toMatchObject({ status: 'completed', progress: 100, completed_at: 4, url: `/v1/videos/${job.task_id}/content` });
    await t.ctx.services.options.set({ ServerAddress: 'https://gateway.example/' });
    try {
      expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json().url).toBe(`https://gateway.example/v1/videos/${job.task_id}/content`);
    } finally {
      await t.ctx.services.options.set({ ServerAddress: '' });
    }
  });

  it('streams a finished video from the upstream’s content route with the channel’s key, never showing the key', async () => {
    const c = await customer();
    const id = await submit(c.key);
    for (let i = 0; i < 3; i++) await t.poll();
    const res = await content(id, c.key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(VIDEO_BYTES.length));
    expect(res.rawPayload.equals(VIDEO_BYTES)).toBe(true);
    expect(t.fake.requests(`/v1/videos/${id}/content`).at(-1)!.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(hidesKey(res)).toBe(true);

    // A player seeking asks for a byte range; the upstream's partial answer is passed on.
    const part = await content(id, c.key, { range: 'bytes=4-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-7/${VIDEO_BYTES.length}`);
    expect(part.rawPayload.equals(VIDEO_BYTES.subarray(4, 8))).toBe(true);
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(0);
  });

  it('serves a video only to its owner, only once finished, and answers upstream failures with a 502', async () => {
    const owner = await customer();
    const id = await submit(owner.key);
    const asked = t.fake.requests(`/v1/videos/${id}/content`).length;
    const early = await content(id, owner.key);
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({ code: 'video_not_ready', type: 'invalid_request_error', message: expect.stringContaining('not completed yet') });
    for (let i = 0; i < 3; i++) await t.poll();

    const intruder = await customer();
    const foreign = await content(id, intruder.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: { message: `video task ${id} was not found among your tasks`, type: 'invalid_request_error', param: null, code: 'task_not_found' } });
    expect((await content('no-such-video', owner.key)).statusCode).toBe(404);
    const anonymous = await t.ctx.app.inject({ method: 'GET', url: `/v1/videos/${id}/content` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toMatchObject({ message: expect.stringContaining('no API key') });
    expect(t.fake.requests(`/v1/videos/${id}/content`).length).toBe(asked);

    t.fake.upstream.setRoute(`GET /v1/videos/${id}/content`, errorReply(500, { error: { message: 'storage is down' } }));
    const failed = await content(id, owner.key);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatchObject({ code: 'upstream_error', type: 'upstream_error', message: expect.stringContaining('HTTP 500') });
    expect(hidesKey(failed)).toBe(true);
    t.fake.upstream.setRoute(`GET /v1/videos/${id}/content`, resetReply());
    const dropped = await content(id, owner.key);
    expect(dropped.statusCode).toBe(502);
    expect(dropped.json().error).toMatchObject({ code: 'do_request_failed', type: 'upstream_error' });
  });

  it('keeps the link of an upstream that puts one in the job, and downloads from it without the key', async () => {
    const c = await customer();
    t.fake.videoUrlInJob = true;
    let id: string;
    try {
      id = await submit(c.key);
      for (let i = 0; i < 3; i++) await t.poll();
    } finally {
      t.fake.videoUrlInJob = false;
    }
    const link = `${t.fake.url}/videos/${id}.mp4`;
    expect((await t.get(`/v1/video/generations/${id}`, c.key)).json()).toMatchObject({ status: 'completed', url: link });
    const res = await content(id, c.key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.equals(VIDEO_BYTES)).toBe(true);
    expect(t.fake.requests(`/videos/${id}.mp4`).at(-1)!.headers.authorization).toBeUndefined();
    expect(t.fake.requests(`/v1/videos/${id}/content`)).toHaveLength(0);
  });

  it('refunds a failed job once and reports its error', async () => {
    const c = await customer();
    const job = (await t.post('/v1/video/generations', c.key, { model: 'sora-2', prompt: 'this will fail' })).json();
    for (let i = 0; i < 4; i++) await t.poll();
    const failed = (await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json();
    expect(failed).toMatchObject({ status: 'failed', url: null, error: { message: 'the video was blocked' } });
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(1);
    expect((await content(job.task_id, c.key)).statusCode).toBe(400);
  });

  it('refunds a failed job exactly once when two pollers race to fail it', async () => {
    const c = await customer();
    const id = await submit(c.key, 'please fail this');
    const price = t.priceOf('sora-2');
    // Both pollers read FAILURE (third and later fetches) and both try to fail the task.
    await t.pollRacing();
    expect(await task(id)).toMatchObject({ status: 'FAILURE', fail_reason: 'the video was blocked', progress: '100%' });
    expect(await t.quotaOf(c.user.id)).toMatchObject({ quota: 10_000_000, used_quota: 0 });
    const refunds = await t.logsOf(c.user.id, LogType.Refund);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ quota: price, model_name: 'sora-2', channel_id: channelId });
    expect(refunds[0].content).toContain('the video was blocked');
    await t.poll();
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(1);
  });

  it('lets only one of many concurrent failers refund a video task', async () => {
    const c = await customer();
    const row = await task(await submit(c.key));
    const results = await Promise.all(Array.from({ length: 6 }, () => failPlatformTask(t.ctx.services.tasks.deps, row, {}, 'test')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(1);
  });

  it('fails and refunds a video task stuck beyond TaskTimeoutMinutes', async () => {
    const c = await customer();
    const id = await submit(c.key, 'slow');
    await t.ctx.db.updateTable('tasks').set({ submit_time: Math.floor(Date.now() / 1000) - 3 * 60 }).where('task_id', '=', id).execute();
    await t.ctx.services.options.set({ TaskTimeoutMinutes: 2 });
    try {
      await t.poll();
    } finally {
      await t.ctx.services.options.set({ TaskTimeoutMinutes: 1440 });
    }
    expect(await task(id)).toMatchObject({ status: 'FAILURE', fail_reason: 'the task did not finish within 2 minutes', progress: '100%' });
    expect((await t.get(`/v1/video/generations/${id}`, c.key)).json()).toMatchObject({ status: 'failed', error: { message: 'the task did not finish within 2 minutes' } });
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
    const refunds = await t.logsOf(c.user.id, LogType.Refund);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ quota: t.priceOf('sora-2'), model_name: 'sora-2' });
    // The upstream was never asked about it again, and a later round changes nothing.
    const reads = t.fake.requests(`/v1/videos/${id}`).length;
    await t.poll();
    expect(t.fake.requests(`/v1/videos/${id}`).length).toBe(reads);
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(1);
  });

  it('refuses bad input in the OpenAI error shape without charging, and hides other users’ jobs', async () => {
    const c = await customer();
    for (const [body, message] of [
      [{ prompt: 'x' }, 'model is required'],
      [{ model: 'sora-2' }, 'prompt is required'],
      [{ model: 'no-such-video-model', prompt: 'x' }, 'no available channel'],
    ] as const) {
      const res = await t.post('/v1/video/generations', c.key, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json().error.message).toContain(message);
    }
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
    const other = await customer();
    const job = (await t.post('/v1/video/generations', other.key, { model: 'sora-2', prompt: 'mine' })).json();
    const res = await t.get(`/v1/video/generations/${job.task_id}`, c.key);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'task_not_found' });
  });

  it('polls and downloads each job with the key of a multi-key channel that accepted it', async () => {
    const keys = [`${FAKE_KEY}-a`, `${FAKE_KEY}-b`];
    const multi = await t.channel(ChannelType.OpenAI, 'sora-2', { key: keys.join('\n'), priority: 10 });
    try {
      const c = await customer();
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await submit(c.key, `account ${i}`));
      const ownerOf = (id: string) => t.fake.tasks.get(id)!.owner;
      for (const id of ids) {
        expect(keys).toContain(ownerOf(id));
        const row = await task(id);
        expect(row.channel_id).toBe(multi);
        expect(row.channel_key_hint).toBe(keyHintOf(ownerOf(id)));
        expect(row.channel_key_hint).not.toContain(FAKE_KEY);
      }
      for (let i = 0; i < 3; i++) await t.poll();
      for (const id of ids) {
        // Asked with another account's key, the upstream would not know the job and it would be failed.
        expect((await t.get(`/v1/video/generations/${id}`, c.key)).json()).toMatchObject({ status: 'completed' });
        expect((await content(id, c.key)).statusCode).toBe(200);
        const calls = t.fake.requests(`/v1/videos/${id}`);
        expect(calls.length).toBeGreaterThanOrEqual(4);
        expect(calls.every((r) => r.headers.authorization === `Bearer ${ownerOf(id)}`)).toBe(true);
      }
    } finally {
      await t.ctx.services.routing.disableChannel(multi);
    }
  });
});
