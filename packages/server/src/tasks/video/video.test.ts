import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { ChannelType, createTaskTestContext, type TaskTestContext } from '../tasks.test-helpers.js';

describe.each(testDialects())('video generation relay (%s)', (dialect) => {
  let t: TaskTestContext;
  let channelId: number;

  beforeAll(async () => {
    t = await createTaskTestContext(dialect);
    channelId = await t.channel(ChannelType.OpenAI, 'sora-2');
  });
  afterAll(() => t?.close());

  async function customer() {
    const user = await t.user();
    return { user, ...(await t.apiKey(user.id)) };
  }

  it('submits a video job to an OpenAI channel, charges the per-call price and polls it to completion', async () => {
    const c = await customer();
    const res = await t.post('/v1/video/generations', c.key, { model: 'sora-2', prompt: 'a sunrise', seconds: '4' });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued', progress: 0, error: null });
    expect(job.id).toBe(job.task_id);
    expect(t.fake.requests('/v1/videos').at(-1)!.body).toEqual({ model: 'sora-2', prompt: 'a sunrise', seconds: '4' });
    const price = t.priceOf('sora-2');
    expect(price).toBe(150_000);
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000 - price);
    expect(await t.logsOf(c.user.id, LogType.Consume)).toMatchObject([{ model_name: 'sora-2', quota: price, channel_id: channelId }]);

    await t.poll();
    await t.poll();
    expect((await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json()).toMatchObject({ status: 'in_progress', progress: 50 });
    await t.poll();
    const done = (await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json();
    expect(done).toMatchObject({ status: 'completed', progress: 100, completed_at: 4, url: `${t.fake.url}/videos/${job.task_id}.mp4` });
  });

  it('refunds a failed job once and reports its error', async () => {
    const c = await customer();
    const job = (await t.post('/v1/video/generations', c.key, { model: 'sora-2', prompt: 'this will fail' })).json();
    for (let i = 0; i < 4; i++) await t.poll();
    const failed = (await t.get(`/v1/video/generations/${job.task_id}`, c.key)).json();
    expect(failed).toMatchObject({ status: 'failed', error: { message: 'the video was blocked' } });
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
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
});
