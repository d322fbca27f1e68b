import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, Role } from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { ChannelType, createTaskTestContext, type TaskTestContext } from '../tasks.test-helpers.js';
import { TaskPoller } from '../polling/task-poller.js';
import { neverRun } from '../../platform/cluster/job-lock.js';

describe.each(testDialects())('Suno relay (%s)', (dialect) => {
  let t: TaskTestContext;
  let channelId: number;

  beforeAll(async () => {
    t = await createTaskTestContext(dialect);
    channelId = await t.channel(ChannelType.SunoApi, 'suno_music,suno_lyrics');
  });
  afterAll(() => t?.close());

  const task = (taskId: string) => t.ctx.db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
  async function customer(opts: { quota?: number; remainQuota?: number } = {}) {
    const user = await t.user(opts.quota ?? 10_000_000);
    return { user, ...(await t.apiKey(user.id, { remainQuota: opts.remainQuota })) };
  }
  async function submit(key: string, action: string, body: unknown) {
    const res = await t.post(`/suno/submit/${action}`, key, body);
    expect(res.json()).toMatchObject({ code: 'success' });
    return res.json().data as string;
  }

  it('refuses music while TaskEnabled is off, without calling the upstream', async () => {
    const c = await customer();
    const before = t.fake.requests('/suno/submit/music').length;
    await t.ctx.services.options.update([{ key: 'TaskEnabled', value: 'false' }]);
    try {
      const res = await t.post('/suno/submit/music', c.key, { prompt: 'no music today' });
      expect(res.statusCode).toBe(403);
      expect(JSON.stringify(res.json())).toContain('music generation is turned off on this site');
      expect(t.fake.requests('/suno/submit/music').length).toBe(before);
    } finally {
      await t.ctx.services.options.update([{ key: 'TaskEnabled', value: 'true' }]);
    }
  });

  it('submits music, charges suno_music once and polls the task to SUCCESS with its clips', async () => {
    const c = await customer();
    const res = await t.post('/suno/submit/music', c.key, { prompt: 'a song about tests', mv: 'chirp-v3-5', title: 'T', tags: 'pop' });
    expect(res.statusCode).toBe(200);
    const id = res.json().data as string;
    expect(res.json()).toEqual({ code: 'success', message: '', data: id });
    expect(t.fake.requests('/suno/submit/music').at(-1)!.body).toMatchObject({ prompt: 'a song about tests', mv: 'chirp-v3-5' });
    const price = t.priceOf('suno_music');
    expect(price).toBe(50_000);
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000 - price);
    expect(await t.logsOf(c.user.id, LogType.Consume)).toMatchObject([{ model_name: 'suno_music', quota: price, channel_id: channelId }]);
    expect(await task(id)).toMatchObject({ platform: 'suno', action: 'MUSIC', status: 'SUBMITTED', progress: '0%', quota: price, user_id: c.user.id, token_id: c.id });

    await t.poll();
    await t.poll();
    expect(await task(id)).toMatchObject({ status: 'IN_PROGRESS', progress: '40%' });
    await t.poll();
    const done = await task(id);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%', finish_time: 3 });
    expect(JSON.parse(done.data!)).toEqual([{ id: `${id}-clip`, audio_url: `${t.fake.url}/audio/${id}.mp3`, title: 'song' }]);

    const fetched = await t.get(`/suno/fetch/${id}`, c.key);
    expect(fetched.json()).toMatchObject({ code: 'success', data: { task_id: id, action: 'MUSIC', status: 'SUCCESS', progress: '100%', data: [{ title: 'song' }] } });
    expect(await t.logsOf(c.user.id, LogType.Refund)).toHaveLength(0);
  });

  it('refunds a failed task to the user and the limited key exactly once, even when two pollers race', async () => {
    const c = await customer({ remainQuota: 200_000 });
    const id = await submit(c.key, 'lyrics', { prompt: 'lyrics that fail' });
    const price = t.priceOf('suno_lyrics');
    expect(await t.tokenOf(c.id)).toMatchObject({ remain_quota: 200_000 - price, used_quota: price });
    await t.poll();
    await t.poll();
    const other = new TaskPoller(t.ctx.services.tasks.deps, neverRun);
    await Promise.all([t.poll(), other.pollAll()]);
    expect(await task(id)).toMatchObject({ status: 'FAILURE', fail_reason: 'generation failed', progress: '100%' });
    expect(await t.quotaOf(c.user.id)).toMatchObject({ quota: 10_000_000, used_quota: 0 });
    expect(await t.tokenOf(c.id)).toMatchObject({ remain_quota: 200_000, used_quota: 0 });
    expect(await t.logsOf(c.user.id, LogType.Refund)).toMatchObject([{ quota: price, model_name: 'suno_lyrics', token_id: c.id }]);
  });

  it('continues a task on the channel that ran it, and refuses to continue another user’s task', async () => {
    const owner = await customer();
    const id = await submit(owner.key, 'music', { prompt: 'first part' });
    // A preferred channel appears (its upstream is down): a continuation still goes to the original one.
    const dead = await t.channel(ChannelType.SunoApi, 'suno_music', { priority: 5, baseUrl: 'http://127.0.0.1:9' });
    try {
      const next = await submit(owner.key, 'music', { prompt: 'second part', task_id: id, continue_clip_id: 'clip', continue_at: 30 });
      expect((await task(next)).channel_id).toBe(channelId);
      // A new task goes to the preferred channel, fails to connect, and gives its hold back.
      const fresh = await t.post('/suno/submit/music', owner.key, { prompt: 'new song' });
      expect(fresh.statusCode).toBe(502);
      expect(fresh.json()).toMatchObject({ code: 'do_request_failed', message: expect.stringContaining('connection refused'), data: null });
    } finally {
      await t.ctx.db.updateTable('channels').set({ status: 2 }).where('id', '=', dead).execute();
      await t.ctx.services.routing.reload();
    }
    expect((await t.quotaOf(owner.user.id)).quota).toBe(10_000_000 - 2 * t.priceOf('suno_music'));

    const intruder = await customer();
    const res = await t.post('/suno/submit/music', intruder.key, { prompt: 'steal', task_id: id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'task_not_exist', message: `task ${id} was not found among your tasks`, data: null });
    expect((await t.quotaOf(intruder.user.id)).quota).toBe(10_000_000);
  });

  describe('bad input answers in the suno shape and charges nothing', () => {
    const cases: [string, string, unknown, number, RegExp][] = [
      ['an unknown action', 'video', { prompt: 'x' }, 400, /unknown action "video"; use music or lyrics/],
      ['music without any prompt', 'music', { title: 'x' }, 400, /prompt or gpt_description_prompt is required/],
      ['lyrics without prompt', 'lyrics', {}, 400, /prompt is required/],
      ['a prompt that is not text', 'music', { prompt: 42 }, 400, /prompt must be a string/],
    ];
    it.each(cases)('refuses %s', async (_name, action, body, status, message) => {
      const c = await customer();
      const submits = t.fake.requests('/suno/submit').length;
      const res = await t.post(`/suno/submit/${action}`, c.key, body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(message), data: null });
      expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
      expect(t.fake.requests('/suno/submit').length).toBe(submits);
    });
  });

  it('gives back the hold when the upstream refuses the submission', async () => {
    const refusing = await createTaskTestContext(dialect);
    try {
      refusing.fake.upstream.setRoute('POST /suno/submit/music', { kind: 'json', status: 200, body: { code: 'error', message: 'prompt rejected', data: null } });
      await refusing.channel(ChannelType.SunoApi, 'suno_music');
      const u = await refusing.user();
      const k = await refusing.apiKey(u.id);
      const res = await refusing.post('/suno/submit/music', k.key, { prompt: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'error', message: expect.stringContaining('prompt rejected') });
      expect((await refusing.quotaOf(u.id)).quota).toBe(10_000_000);
      expect(await refusing.ctx.db.selectFrom('tasks').selectAll().where('user_id', '=', u.id).execute()).toHaveLength(0);
    } finally {
      await refusing.close();
    }
  });

  it('shows users only their own tasks', async () => {
    const alice = await customer();
    const bob = await customer();
    const a = await submit(alice.key, 'music', { prompt: 'alice' });
    const b = await submit(bob.key, 'lyrics', { prompt: 'bob' });
    expect((await t.get(`/suno/fetch/${b}`, alice.key)).statusCode).toBe(404);
    const listed = await t.post('/suno/fetch', alice.key, { ids: [a, b] });
    expect(listed.json().data.map((x: { task_id: string }) => x.task_id)).toEqual([a]);
  });

  it('fails and refunds a task stuck beyond TaskTimeoutMinutes', async () => {
    const c = await customer();
    const id = await submit(c.key, 'music', { prompt: 'slow' });
    await t.ctx.db.updateTable('tasks').set({ submit_time: Math.floor(Date.now() / 1000) - 120 }).where('task_id', '=', id).execute();
    await t.ctx.services.options.set({ TaskTimeoutMinutes: 1 });
    try {
      await t.poll();
    } finally {
      await t.ctx.services.options.set({ TaskTimeoutMinutes: 1440 });
    }
    expect(await task(id)).toMatchObject({ status: 'FAILURE', fail_reason: 'the task did not finish within 1 minutes' });
    expect((await t.quotaOf(c.user.id)).quota).toBe(10_000_000);
  });

  it('lists tasks in the console: users see their own, administrators everyone’s with filters', async () => {
    const alice = await customer();
    const bob = await customer();
    const a = await submit(alice.key, 'music', { prompt: 'alice song' });
    const b = await submit(bob.key, 'lyrics', { prompt: 'bob words' });
    const aliceSession = await t.signIn(alice.user);
    const mine = await t.ctx.app.inject({ method: 'GET', url: '/api/task/self?p=1&page_size=5&channel_id=999', headers: aliceSession.headers });
    expect(mine.json()).toMatchObject({ success: true, data: { total: 1, page: 1, page_size: 5 } });
    expect(mine.json().data.items[0]).toMatchObject({ task_id: a, user_id: alice.user.id, platform: 'suno', action: 'MUSIC', status: 'SUBMITTED', channel_id: channelId, data: null });
    expect((await t.ctx.app.inject({ method: 'GET', url: `/api/task/self?task_id=${b}`, headers: aliceSession.headers })).json().data.total).toBe(0);
    expect((await t.ctx.app.inject({ method: 'GET', url: '/api/task/', headers: aliceSession.headers })).statusCode).toBe(403);
    expect((await t.ctx.app.inject({ method: 'GET', url: '/api/task/self' })).statusCode).toBe(401);

    const admin = await t.signIn(await t.user(0, Role.Admin));
    const byTask = await t.ctx.app.inject({ method: 'GET', url: `/api/task/?task_id=${b}`, headers: admin.headers });
    expect(byTask.json().data.items.map((i: { user_id: number }) => i.user_id)).toEqual([bob.user.id]);
    const lyrics = await t.ctx.app.inject({ method: 'GET', url: `/api/task/?channel_id=${channelId}&action=LYRICS&platform=suno&page_size=100`, headers: admin.headers });
    expect(lyrics.json().data.items.map((i: { task_id: string }) => i.task_id)).toContain(b);
    expect(lyrics.json().data.items.every((i: { action: string }) => i.action === 'LYRICS')).toBe(true);
    const submitted = (await task(a)).submit_time;
    const later = await t.ctx.app.inject({ method: 'GET', url: `/api/task/?start_timestamp=${submitted + 3600}`, headers: admin.headers });
    expect(later.json().data.total).toBe(0);
    const window = await t.ctx.app.inject({ method: 'GET', url: `/api/task/?start_timestamp=${submitted - 1}&end_timestamp=${submitted + 1}&task_id=${a}`, headers: admin.headers });
    expect(window.json().data.total).toBe(1);
    const bad = await t.ctx.app.inject({ method: 'GET', url: '/api/task/?end_timestamp=-5', headers: admin.headers });
    expect(bad.json()).toMatchObject({ success: false, message: expect.stringContaining('end_timestamp') });
  });
});
