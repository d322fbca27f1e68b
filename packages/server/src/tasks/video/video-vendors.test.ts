import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { PNG_BASE64, VIDEO_BYTES } from '../fake-task-upstreams.test-helpers.js';
import { ChannelType, createTaskTestContext, type TaskTestContext } from '../tasks.test-helpers.js';
import { KLING_BROKE_KEY, KLING_KEY, VIDU_BROKE_KEY, VIDU_KEY, startFakeKling, startFakeVidu, videoTestKit, type FakeVideoVendor } from './fake-video-vendors.test-helpers.js';

const START_QUOTA = 10_000_000;

describe.each(testDialects())('video generation on Kling and Vidu channels (%s)', (dialect) => {
  let t: TaskTestContext;
  let kling: FakeVideoVendor;
  let vidu: FakeVideoVendor;
  let klingChannel: number;
  let viduChannel: number;

  beforeAll(async () => {
    t = await createTaskTestContext(dialect);
    [kling, vidu] = await Promise.all([startFakeKling(), startFakeVidu()]);
    // Vidu publishes no USD prices: the administrator sets them.
    await t.ctx.services.options.set({ ModelPrice: { ...t.ctx.services.options.get('ModelPrice'), viduq1: 0.4, 'vidu2.0': 0.2 } });
    klingChannel = await t.channel(ChannelType.Kling, 'kling-v1,kling-v1-6', { key: KLING_KEY, baseUrl: kling.url });
    viduChannel = await t.channel(ChannelType.Vidu, 'viduq1,vidu2.0', { key: VIDU_KEY, baseUrl: vidu.url });
  });
  afterAll(async () => {
    await t?.close();
    await kling?.close();
    await vidu?.close();
  });

  const task = (taskId: string) => videoTestKit(t, START_QUOTA).task(taskId);
  const content = (taskId: string, key: string) => videoTestKit(t, START_QUOTA).content(taskId, key);
  const customer = () => videoTestKit(t, START_QUOTA).customer();
  const expectNoCharge = (userId: number) => videoTestKit(t, START_QUOTA).expectNoCharge(userId);

  it('runs a Kling text2video job: signed request, charged per call, polled to the video link, which streams', async () => {
    const c = await customer();
    const res = await t.post('/v1/video/generations', c.key, { model: 'kling-v1', prompt: 'a fox in the snow', duration: 5, size: '1280x720', mode: 'pro', negative_prompt: 'blur' });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({ object: 'video', model: 'kling-v1', status: 'queued', progress: 0, url: null, error: null });
    expect(job.id).toBe(job.task_id);
    expect(kling.jobs.has(job.task_id)).toBe(true);

    const sent = kling.requests('/v1/videos/text2video').at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({ model_name: 'kling-v1', prompt: 'a fox in the snow', duration: '5', aspect_ratio: '16:9', mode: 'pro', negative_prompt: 'blur' });
    const claims = JSON.parse(Buffer.from(String(sent.headers.authorization).split('.')[1], 'base64url').toString('utf8'));
    expect(claims.iss).toBe('AK-live');
    expect(String(sent.headers.authorization)).not.toContain('SK-live');

    // Billing: the model's per-call price, held then charged, with its consume log.
    const price = t.priceOf('kling-v1');
    expect(price).toBe(70_000);
    expect(await t.quotaOf(c.user.id)).toEqual({ quota: START_QUOTA - price, used_quota: price });
    expect(await t.logsOf(c.user.id, LogType.Consume)).toMatchObject([{ model_name: 'kling-v1', quota: price, channel_id: klingChannel, content: expect.stringContaining(`video ID ${job.task_id}`) }]);
    expect(JSON.parse((await task(job.task_id)).properties!)).toEqual({ model: 'kling-v1', prompt: 'a fox in the snow', vendor: 'kling', action: 'text2video' });

    await t.poll();
    await t.poll();
    expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json()).toMatchObject({ status: 'in_progress', url: null });
    expect(kling.requests(`/v1/videos/text2video/${job.task_id}`).every((r) => r.method === 'GET' && String(r.headers.authorization).startsWith('Bearer '))).toBe(true);
    await t.poll();

    const link = `${kling.url}/files/${job.task_id}.mp4`;
    const done = (await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json();
    expect(done).toMatchObject({ id: job.task_id, status: 'completed', progress: 100, completed_at: 1_722_769_600, url: link, error: null });
    // The task keeps Kling's own answer.
    const data = JSON.parse((await task(job.task_id)).data!);
    expect(data).toMatchObject({ code: 0, data: { task_id: job.task_id, task_status: 'succeed', task_result: { videos: [{ url: link }] } } });

    const video = await content(job.task_id, c.key);
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload.equals(VIDEO_BYTES)).toBe(true);
    expect(kling.requests(`/files/${job.task_id}.mp4`).at(-1)!.headers.authorization).toBeUndefined();
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(0);
  });

  it('sends a Kling job with images to image2video (data URLs as bare base64) and reads it back there', async () => {
    const c = await customer();
    const res = await t.post('/v1/video/generations', c.key, { model: 'kling-v1-6', prompt: 'she turns and smiles', images: [`data:image/png;base64,${PNG_BASE64}`, 'https://img.example/end.png'], duration: '10' });
    expect(res.statusCode).toBe(200);
    const id = res.json().task_id as string;
    expect(kling.requests('/v1/videos/image2video').at(-1)!.body).toEqual({ model_name: 'kling-v1-6', prompt: 'she turns and smiles', duration: '10', image: PNG_BASE64, image_tail: 'https://img.example/end.png' });
    for (let i = 0; i < 3; i++) await t.poll();
    expect(kling.requests(`/v1/videos/image2video/${id}`)).toHaveLength(3);
    expect((await t.get(`/v1/video/generations/${id}`, c.key)).json()).toMatchObject({ status: 'completed', url: `${kling.url}/files/${id}.mp4` });
  });

  it('refunds a failed Kling job once, with Kling\'s reason', async () => {
    const c = await customer();
    const id = (await t.post('/v1/video/generations', c.key, { model: 'kling-v1', prompt: 'this will fail' })).json().task_id as string;
    for (let i = 0; i < 4; i++) await t.poll();
    expect((await t.get(`/v1/video/generations/${id}`, c.key)).json()).toMatchObject({ status: 'failed', url: null, error: { code: 'task_failed', message: 'the video did not pass the security check' } });
    expect(await t.quotaOf(c.user.id)).toEqual({ quota: START_QUOTA, used_quota: 0 });
    const refunds = await t.logsOf(c.user.id, LogType.Refund);
    expect(refunds).toMatchObject([{ quota: t.priceOf('kling-v1'), model_name: 'kling-v1', channel_id: klingChannel }]);
    expect(refunds[0].content).toContain('the video did not pass the security check');
    expect((await content(id, c.key)).statusCode).toBe(400);
  });

  it('answers a refusal Kling sends inside an HTTP 200 as the error its code stands for, charging nothing', async () => {
    const c = await customer();
    const res = await t.post('/v1/video/generations', c.key, { model: 'kling-v1', prompt: 'please refuse this' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'upstream_error', message: 'the upstream answered code 1301: the content did not pass the security check' });
    await expectNoCharge(c.user.id);
  });

  it('moves on to another channel when a Kling account\'s resource pack is used up (code 1102 in a 200)', async () => {
    const broke = await t.channel(ChannelType.Kling, 'kling-v2-5-turbo', { key: KLING_BROKE_KEY, baseUrl: kling.url, priority: 10 });
    const live = await t.channel(ChannelType.Kling, 'kling-v2-5-turbo', { key: KLING_KEY, baseUrl: kling.url });
    await t.ctx.services.options.set({ RetryTimes: 1 });
    try {
      const c = await customer();
      const res = await t.post('/v1/video/generations', c.key, { model: 'kling-v2-5-turbo', prompt: 'waves' });
      expect(res.statusCode).toBe(200);
      expect((await task(res.json().task_id)).channel_id).toBe(live);
      expect(await t.logsOf(c.user.id, LogType.Consume)).toMatchObject([{ model_name: 'kling-v2-5-turbo', quota: t.priceOf('kling-v2-5-turbo'), channel_id: live }]);
    } finally {
      await t.ctx.services.options.set({ RetryTimes: 0 });
      await t.ctx.services.routing.disableChannel(broke);
      await t.ctx.services.routing.disableChannel(live);
    }
  });

  it('answers a Kling key not in access_key|secret_key form as a channel configuration error, before any call and charge', async () => {
    const bad = await t.channel(ChannelType.Kling, 'kling-v2-master', { key: 'only-the-access-key', baseUrl: kling.url });
    try {
      const c = await customer();
      const asked = kling.upstream.requests.length;
      const res = await t.post('/v1/video/generations', c.key, { model: 'kling-v2-master', prompt: 'x' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toMatchObject({ code: 'channel_config_error', type: 'gateway_error', message: `channel #${bad} is misconfigured: the Kling channel key must be "access_key|secret_key" (the access key and secret key of the Kling account, joined by |)` });
      expect(res.body).not.toContain('only-the-access-key');
      expect(kling.upstream.requests.length).toBe(asked);
      await expectNoCharge(c.user.id);
    } finally {
      await t.ctx.services.routing.disableChannel(bad);
    }
  });

  it('runs a Vidu text2video job with the Token header: charged, polled to the creation\'s link, refunded when it fails', async () => {
    const c = await customer();
    const res = await t.post('/v1/video/generations', c.key, { model: 'viduq1', prompt: 'a lighthouse at dusk', duration: 5, size: '1080p', seed: 42, movement_amplitude: 'small' });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({ object: 'video', model: 'viduq1', status: 'queued', url: null });
    const sent = vidu.requests('/ent/v2/text2video').at(-1)!;
    expect(sent.headers.authorization).toBe(`Token ${VIDU_KEY}`);
    expect(sent.body).toEqual({ model: 'viduq1', prompt: 'a lighthouse at dusk', duration: 5, resolution: '1080p', seed: 42, movement_amplitude: 'small' });
    const price = t.priceOf('viduq1');
    expect(price).toBe(200_000);
    expect(await t.quotaOf(c.user.id)).toEqual({ quota: START_QUOTA - price, used_quota: price });
    expect(await t.logsOf(c.user.id, LogType.Consume)).toMatchObject([{ model_name: 'viduq1', quota: price, channel_id: viduChannel }]);

    await t.poll();
    expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json()).toMatchObject({ status: 'queued' });
    await t.poll();
    expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json()).toMatchObject({ status: 'in_progress' });
    await t.poll();
    const link = `${vidu.url}/files/${job.task_id}.mp4`;
    expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json()).toMatchObject({ status: 'completed', progress: 100, url: link });
    expect(JSON.parse((await task(job.task_id)).data!)).toMatchObject({ state: 'success', creations: [{ url: link }] });
    expect(vidu.requests(`/ent/v2/tasks/${job.task_id}/creations`).every((r) => r.headers.authorization === `Token ${VIDU_KEY}`)).toBe(true);
    const video = await content(job.task_id, c.key);
    expect(video.rawPayload.equals(VIDEO_BYTES)).toBe(true);

    const failing = (await t.post('/v1/video/generations', c.key, { model: 'viduq1', prompt: 'this will fail' })).json().task_id as string;
    for (let i = 0; i < 3; i++) await t.poll();
    expect((await t.get(`/v1/video/generations/${failing}`, c.key)).json()).toMatchObject({ status: 'failed', error: { message: 'the video job failed upstream (CreationPolicyViolation)' } });
    expect(await t.quotaOf(c.user.id)).toEqual({ quota: START_QUOTA - price, used_quota: price });
    expect(await t.logsOf(c.user.id, LogType.Refund)).toMatchObject([{ quota: price, model_name: 'viduq1' }]);
  });

  it('sends Vidu jobs with images to img2video, start-end2video and reference2video', async () => {
    const c = await customer();
    const images = ['https://img.example/1.png', `data:image/png;base64,${PNG_BASE64}`, 'https://img.example/3.png'];
    for (const [count, endpoint] of [[1, 'img2video'], [2, 'start-end2video'], [3, 'reference2video']] as const) {
      const res = await t.post('/v1/video/generations', c.key, { model: 'vidu2.0', prompt: `with ${count}`, images: images.slice(0, count), duration: 4 });
      expect(res.statusCode, endpoint).toBe(200);
      expect(vidu.requests(`/ent/v2/${endpoint}`).at(-1)!.body).toEqual({ model: 'vidu2.0', prompt: `with ${count}`, images: images.slice(0, count), duration: 4 });
      expect(JSON.parse((await task(res.json().task_id)).properties!)).toMatchObject({ vendor: 'vidu', action: endpoint });
    }
  });

  it('answers a Vidu account out of credits as the channel\'s failure (502), charging nothing', async () => {
    const broke = await t.channel(ChannelType.Vidu, 'vidu1.5', { key: VIDU_BROKE_KEY, baseUrl: vidu.url });
    await t.ctx.services.options.set({ ModelPrice: { ...t.ctx.services.options.get('ModelPrice'), 'vidu1.5': 0.2 } });
    try {
      const c = await customer();
      const res = await t.post('/v1/video/generations', c.key, { model: 'vidu1.5', prompt: 'x' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ code: 'upstream_error', message: 'the upstream answered HTTP 400 (CreditInsufficient): insufficient credits' });
      await expectNoCharge(c.user.id);
    } finally {
      await t.ctx.services.routing.disableChannel(broke);
    }
  });

  it('refuses bad input with a 400 before any upstream call, charging nothing', async () => {
    const c = await customer();
    const klingCalls = kling.upstream.requests.length;
    const viduCalls = vidu.upstream.requests.length;
    for (const [body, message] of [
      [{ prompt: 'x' }, 'model is required'],
      [{ model: 'kling-v1' }, 'prompt is required'],
      [{ model: 'viduq1', prompt: 'x', image: 'not a url' }, 'image must be an http(s) URL or a data:image/…;base64, URL'],
      [{ model: 'kling-v1', prompt: 'x', images: [`data:text/plain;base64,${Buffer.from('hi').toString('base64')}`] }, 'images[0] is not an image'],
      [{ model: 'kling-v1', prompt: 'x', duration: 7 }, 'Kling makes videos of 5 or 10 seconds; duration 7 is not supported'],
      [{ model: 'kling-v1', prompt: 'x', duration: 'ten' }, 'duration must be a whole number of seconds'],
      [{ model: 'kling-v1', prompt: 'x', images: ['https://a.example/1.png', 'https://a.example/2.png', 'https://a.example/3.png'] }, 'Kling takes a start and an end frame at most'],
      [{ model: 'viduq1', prompt: 'x', duration: 8 }, 'viduq1 makes videos of 5 seconds; duration 8 is not supported'],
    ] as const) {
      const res = await t.post('/v1/video/generations', c.key, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error, message).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining(message) });
    }
    expect(kling.upstream.requests.length).toBe(klingCalls);
    expect(vidu.upstream.requests.length).toBe(viduCalls);
    await expectNoCharge(c.user.id);
  });
});
