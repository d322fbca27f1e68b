import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '@gw/contracts';
import { testDialects } from '../../../../test/test-database.js';
import { PNG_BASE64, VIDEO_BYTES } from '../../fake-task-upstreams.test-helpers.js';
import { ChannelType, createTaskTestContext, type TaskTestContext } from '../../tasks.test-helpers.js';
import { ARK_KEY, ARK_OVERDUE_KEY, startFakeArk, videoTestKit, type FakeVideoVendor } from '../fake-video-vendors.test-helpers.js';

const START_QUOTA = 10_000_000;
const PRO = 'doubao-seedance-1-0-pro-250528';
const LITE_T2V = 'doubao-seedance-1-0-lite-t2v-250428';

describe.each(testDialects())('video generation on Doubao video channels (%s)', (dialect) => {
  let t: TaskTestContext;
  let ark: FakeVideoVendor;
  let arkChannel: number;

  beforeAll(async () => {
    t = await createTaskTestContext(dialect);
    ark = await startFakeArk();
    // Ark bills Seedance by tokens, not per clip: the administrator sets per-call prices.
    await t.ctx.services.options.set({ ModelPrice: { ...t.ctx.services.options.get('ModelPrice'), [PRO]: 0.5, [LITE_T2V]: 0.3 } });
    arkChannel = await t.channel(ChannelType.DoubaoVideo, `${PRO},${LITE_T2V}`, { key: ARK_KEY, baseUrl: ark.url });
  });
  afterAll(async () => {
    await t?.close();
    await ark?.close();
  });

  const task = (taskId: string) => videoTestKit(t, START_QUOTA).task(taskId);
  const content = (taskId: string, key: string) => videoTestKit(t, START_QUOTA).content(taskId, key);
  const customer = () => videoTestKit(t, START_QUOTA).customer();
  const expectNoCharge = (userId: number) => videoTestKit(t, START_QUOTA).expectNoCharge(userId);

  it('runs a Seedance job with the Bearer key: content items and body fields, charged per call, polled to content.video_url, which streams', async () => {
    const c = await customer();
    const image = `data:image/png;base64,${PNG_BASE64}`;
    const res = await t.post('/v1/video/generations', c.key, { model: PRO, prompt: 'a fox in the snow', image, duration: 5, size: '1920x1080', seed: 11, metadata: { camera_fixed: true, watermark: false } });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({ object: 'video', model: PRO, status: 'queued', url: null, error: null });
    expect(job.task_id).toMatch(/^cgt-/);
    expect(ark.jobs.has(job.task_id)).toBe(true);

    const sent = ark.requests('/api/v3/contents/generations/tasks').at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe(`Bearer ${ARK_KEY}`);
    expect(sent.body).toEqual({
      model: PRO,
      content: [{ type: 'text', text: 'a fox in the snow' }, { type: 'image_url', image_url: { url: image }, role: 'first_frame' }],
      duration: 5, ratio: '16:9', resolution: '1080p', seed: 11, camera_fixed: true, watermark: false,
    });

    const price = t.priceOf(PRO);
    expect(price).toBe(250_000);
    expect(await t.quotaOf(c.user.id)).toEqual({ quota: START_QUOTA - price, used_quota: price });
    expect(await t.logsOf(c.user.id, LogType.Consume)).toMatchObject([{ model_name: PRO, quota: price, channel_id: arkChannel }]);
    expect(JSON.parse((await task(job.task_id)).properties!)).toEqual({ model: PRO, prompt: 'a fox in the snow', vendor: 'doubao' });

    await t.poll();
    expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json()).toMatchObject({ status: 'queued' });
    await t.poll();
    expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json()).toMatchObject({ status: 'in_progress', url: null });
    await t.poll();
    const link = `${ark.url}/files/${job.task_id}.mp4`;
    expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json()).toMatchObject({ id: job.task_id, status: 'completed', progress: 100, completed_at: 1_750_000_090, url: link, error: null });
    expect(JSON.parse((await task(job.task_id)).data!)).toMatchObject({ id: job.task_id, status: 'succeeded', content: { video_url: link }, usage: { total_tokens: 246_840 } });
    expect(ark.requests(`/api/v3/contents/generations/tasks/${job.task_id}`).every((r) => r.method === 'GET' && r.headers.authorization === `Bearer ${ARK_KEY}`)).toBe(true);

    const video = await content(job.task_id, c.key);
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload.equals(VIDEO_BYTES)).toBe(true);
    expect(ark.requests(`/files/${job.task_id}.mp4`).at(-1)!.headers.authorization).toBeUndefined();
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(0);
  });

  it('refunds a failed Seedance job once, with Ark\'s error message', async () => {
    const c = await customer();
    const id = (await t.post('/v1/video/generations', c.key, { model: PRO, prompt: 'this will fail' })).json().task_id as string;
    for (let i = 0; i < 4; i++) await t.poll();
    const message = 'The request failed because the output video may contain sensitive information.';
    expect((await t.get(`/v1/video/generations/${id}`, c.key)).json()).toMatchObject({ status: 'failed', url: null, error: { code: 'task_failed', message } });
    expect(await t.quotaOf(c.user.id)).toEqual({ quota: START_QUOTA, used_quota: 0 });
    const refunds = await t.logsOf(c.user.id, LogType.Refund);
    expect(refunds).toMatchObject([{ quota: t.priceOf(PRO), model_name: PRO, channel_id: arkChannel }]);
    expect(refunds[0].content).toContain(message);
    expect((await content(id, c.key)).statusCode).toBe(400);
  });

  it('answers Ark\'s refusal of the prompt as a 400 with its message, charging nothing', async () => {
    const c = await customer();
    const res = await t.post('/v1/video/generations', c.key, { model: PRO, prompt: 'something sensitive' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'upstream_error', message: 'the upstream answered HTTP 400: The request failed because the input text may contain sensitive information.' });
    await expectNoCharge(c.user.id);
  });

  it('moves on to another channel when an Ark account is overdue (403 AccountOverdueError)', async () => {
    const model = 'doubao-seedance-1-5-pro-251215';
    await t.ctx.services.options.set({ RetryTimes: 1, ModelPrice: { ...t.ctx.services.options.get('ModelPrice'), [model]: 0.4 } });
    const overdue = await t.channel(ChannelType.DoubaoVideo, model, { key: ARK_OVERDUE_KEY, baseUrl: ark.url, priority: 10 });
    const live = await t.channel(ChannelType.DoubaoVideo, model, { key: ARK_KEY, baseUrl: ark.url });
    try {
      const c = await customer();
      const res = await t.post('/v1/video/generations', c.key, { model, prompt: 'waves' });
      expect(res.statusCode).toBe(200);
      expect((await task(res.json().task_id)).channel_id).toBe(live);
      expect(ark.requests('/api/v3/contents/generations/tasks').filter((r) => r.headers.authorization === `Bearer ${ARK_OVERDUE_KEY}`)).toHaveLength(1);
      expect(await t.logsOf(c.user.id, LogType.Consume)).toMatchObject([{ model_name: model, quota: t.priceOf(model), channel_id: live }]);
    } finally {
      await t.ctx.services.options.set({ RetryTimes: 0 });
      await t.ctx.services.routing.disableChannel(overdue);
      await t.ctx.services.routing.disableChannel(live);
    }
  });

  it('refuses a duration or an image count the model cannot take with a 400 before any upstream call, charging nothing', async () => {
    const c = await customer();
    const calls = ark.upstream.requests.length;
    for (const [body, message] of [
      [{ model: PRO, prompt: 'x', duration: 13 }, `${PRO} makes videos of 2 to 12 seconds; duration 13 is not supported`],
      [{ model: PRO, prompt: 'x', images: ['https://a.example/1.png', 'https://a.example/2.png', 'https://a.example/3.png'] }, `${PRO} takes at most 2 images; got 3`],
      [{ model: LITE_T2V, prompt: 'x', image: 'https://a.example/1.png' }, `${LITE_T2V} takes no images (text to video only); got 1`],
      [{ model: PRO, prompt: 'x', image: 'not a url' }, 'image must be an http(s) URL or a data:image/…;base64, URL'],
    ] as const) {
      const res = await t.post('/v1/video/generations', c.key, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error, message).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining(message) });
    }
    expect(ark.upstream.requests.length).toBe(calls);
    await expectNoCharge(c.user.id);
  });
});
