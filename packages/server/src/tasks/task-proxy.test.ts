import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHttpProxy, startSocks5Proxy, type FakeProxy } from '../../test/fake-proxies.js';
import { ChannelType, createTaskTestContext, type TaskTestContext } from './tasks.test-helpers.js';

const CREDENTIALS = { user: 'tasks', pass: 'task-pr0xy-secret' };

describe('async tasks on a channel with a proxy: submit, polling and result files all go through it', () => {
  let t: TaskTestContext;
  let httpProxy: FakeProxy;
  let socksProxy: FakeProxy;

  beforeAll(async () => {
    t = await createTaskTestContext('sqlite');
    [httpProxy, socksProxy] = await Promise.all([startHttpProxy({ credentials: CREDENTIALS }), startSocks5Proxy({ credentials: CREDENTIALS })]);
  });
  afterEach(() => {
    t.fake.upstream.requests.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([httpProxy?.close(), socksProxy?.close()]);
  });

  async function customer() {
    const user = await t.user();
    return t.apiKey(user.id);
  }

  it('submits a video job, polls it and streams the video through the channel\'s HTTP proxy', async () => {
    await t.channel(ChannelType.OpenAI, 'sora-2', { setting: JSON.stringify({ proxy: httpProxy.urlWith(CREDENTIALS) }) });
    const { key } = await customer();
    const submitted = await t.post('/v1/video/generations', key, { model: 'sora-2', prompt: 'a sunrise' });
    expect(submitted.statusCode).toBe(200);
    const id = submitted.json().task_id as string;
    for (let i = 0; i < 3; i++) await t.poll();
    expect((await t.get(`/v1/video/generations/${id}`, key)).json()).toMatchObject({ status: 'completed' });
    const video = await t.ctx.app.inject({ method: 'GET', url: `/v1/videos/${id}/content`, headers: { authorization: `Bearer ${key}` } });
    expect(video.statusCode).toBe(200);

    const requests = t.fake.requests('/v1/videos');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/videos',
      ...Array<string>(3).fill(`GET /v1/videos/${id}`),
      `GET /v1/videos/${id}/content`,
    ]);
    expect(httpProxy.carried(requests)).toBe(true);
    expect(httpProxy.tunnels.every((tunnel) => tunnel.credentials === `Basic ${Buffer.from('tasks:task-pr0xy-secret').toString('base64')}`)).toBe(true);
  });

  it('submits and polls a Midjourney task and serves its image through the channel\'s SOCKS5 proxy', async () => {
    await t.channel(ChannelType.MidjourneyProxy, 'mj_imagine', { setting: JSON.stringify({ proxy: socksProxy.urlWith(CREDENTIALS) }) });
    const { key } = await customer();
    const submitted = await t.post('/mj/submit/imagine', key, { prompt: 'a cat' });
    expect(submitted.json()).toMatchObject({ code: 1 });
    const mjId = submitted.json().result as string;
    for (let i = 0; i < 3; i++) await t.poll();
    const image = await t.ctx.app.inject({ method: 'GET', url: `/mj/image/${mjId}` });
    expect(image.statusCode).toBe(200);

    const requests = t.fake.upstream.requests;
    expect(requests.map((r) => r.path)).toEqual(['/mj/submit/imagine', ...Array<string>(3).fill('/mj/task/list-by-condition'), `/images/${mjId}.png`]);
    expect(socksProxy.carried(requests)).toBe(true);
  });
});
