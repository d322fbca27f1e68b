import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { consumeLog, insertLogs } from '../logs/logs.test-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { LogsService } from '../logs/logs.service.js';
import { SystemTasksService, type LogDeleter } from './system-tasks.service.js';

const DAY = 86_400;

describe.each(testDialects())('system tasks: the background log clean-up (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;
  let admin: Member;
  let user: Member;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
    admin = await member(ctx, { role: Role.Admin });
    user = await member(ctx);
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    await ctx.services.systemTasks.settled();
    await ctx.db.deleteFrom('system_tasks').execute();
    await ctx.db.deleteFrom('logs').execute();
  });

  const logsAt = (createdAt: number, n: number) =>
    insertLogs(ctx, Array.from({ length: n }, (_, i) => consumeLog({ user_id: user.id, username: user.username, created_at: createdAt + (i % 60) })));
  const logCount = async () => Number((await ctx.db.selectFrom('logs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);

  it('deletes the logs before the target in the background and reports progress and the count', async () => {
    const now = nowSeconds();
    await logsAt(now - 30 * DAY, 2300);
    await logsAt(now - DAY, 40);
    const started = await callJson(ctx, 'POST', `/api/system-task/log-cleanup?target_timestamp=${now - 10 * DAY}`, root);
    expect(started).toMatchObject({ success: true, data: { type: 'log_cleanup', active_key: 'log_cleanup', payload: { target_timestamp: now - 10 * DAY } } });
    expect(['pending', 'running']).toContain(started.data.status);
    const taskId = started.data.task_id as string;
    expect(taskId).toMatch(/^[0-9A-Za-z]{24}$/);

    await ctx.services.systemTasks.settled();
    const done = await callJson(ctx, 'GET', `/api/system-task/${taskId}`, root);
    expect(done.data).toMatchObject({
      status: 'succeeded',
      active_key: '',
      state: { total: 2300, processed: 2300, progress: 100, remaining: 0 },
      result: { deleted_count: 2300 },
      error: '',
    });
    expect(await logCount()).toBe(40);
    expect((await callJson(ctx, 'GET', '/api/system-task/current?type=log_cleanup', root)).data).toBeNull();
    const listed = await callJson(ctx, 'GET', '/api/system-task/list?type=log_cleanup', root);
    expect(listed.data.map((t: { task_id: string }) => t.task_id)).toEqual([taskId]);
  });

  it('runs one clean-up at a time and shows the running one as current', async () => {
    const now = nowSeconds();
    await ctx.db
      .insertInto('system_tasks')
      .values({ task_id: 'running-task-0000000000001', type: 'log_cleanup', status: 'running', active_key: 'log_cleanup', payload: '{}', state: '{}', result: null, error: null, locked_by: 'other:1', locked_until: now + 60, created_at: now, updated_at: now })
      .execute();
    await logsAt(now - 30 * DAY, 5);
    const refused = await callJson(ctx, 'POST', `/api/system-task/log-cleanup?target_timestamp=${now - DAY}`, root);
    expect(refused).toMatchObject({ success: false, message: 'a log clean-up is already running (task running-task-0000000000001)' });
    expect(await logCount()).toBe(5);
    expect((await callJson(ctx, 'GET', '/api/system-task/current', root)).data).toMatchObject({ task_id: 'running-task-0000000000001', status: 'running' });
  });

  it('fails a task whose runner stopped renewing its claim, so the next one can start', async () => {
    const now = nowSeconds();
    await ctx.db
      .insertInto('system_tasks')
      .values({ task_id: 'abandoned-task-00000000001', type: 'log_cleanup', status: 'running', active_key: 'log_cleanup', payload: '{}', state: '{}', result: null, error: null, locked_by: 'gone:1', locked_until: now - 1, created_at: now - 600, updated_at: now - 600 })
      .execute();
    await logsAt(now - 30 * DAY, 3);
    const started = await callJson(ctx, 'POST', `/api/system-task/log-cleanup?target_timestamp=${now - DAY}`, root);
    expect(started.success).toBe(true);
    await ctx.services.systemTasks.settled();
    expect((await callJson(ctx, 'GET', '/api/system-task/abandoned-task-00000000001', root)).data).toMatchObject({
      status: 'failed',
      active_key: '',
      error: 'the process running this task stopped before it finished',
    });
    expect(await logCount()).toBe(0);
  });

  it('refuses a missing or malformed target and unknown filters, changing nothing', async () => {
    const now = nowSeconds();
    await logsAt(now - DAY, 2);
    for (const [query, message] of [
      ['', 'target_timestamp is required'],
      ['?target_timestamp=abc', 'target_timestamp'],
      ['?target_timestamp=-5', 'target_timestamp must be a positive unix timestamp'],
      ['?target_timestamp=1.5', 'target_timestamp must be a unix timestamp in seconds'],
    ]) {
      const body = await callJson(ctx, 'POST', `/api/system-task/log-cleanup${query}`, root);
      expect(body.success, query).toBe(false);
      expect(body.message).toContain(message);
    }
    expect(await logCount()).toBe(2);
    expect(await ctx.db.selectFrom('system_tasks').selectAll().execute()).toEqual([]);
    expect(await callJson(ctx, 'GET', '/api/system-task/list?limit=500', root)).toMatchObject({ success: false, message: expect.stringContaining('limit must be at most 100') });
    expect(await callJson(ctx, 'GET', '/api/system-task/current?type=nope', root)).toMatchObject({ success: false, message: expect.stringContaining('type must be one of log_cleanup') });
    expect(await callJson(ctx, 'GET', '/api/system-task/no-such-task', root)).toMatchObject({ success: false, message: 'task not found' });
  });

  it('is for the root user only', async () => {
    const now = nowSeconds();
    for (const who of [admin, user]) {
      expect((await call(ctx, 'POST', `/api/system-task/log-cleanup?target_timestamp=${now - DAY}`, who)).statusCode).toBe(403);
      expect((await call(ctx, 'GET', '/api/system-task/list', who)).statusCode).toBe(403);
    }
    expect((await call(ctx, 'GET', '/api/system-task/current')).statusCode).toBe(401);
  });

  it('stops after the current batch on shutdown and fails the task with the reason', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const deleter: LogDeleter = {
      async deleteBefore(_before, afterBatch) {
        await gate;
        await afterBatch?.(1000);
        await afterBatch?.(2000);
        return 3000;
      },
    };
    const service = new SystemTasksService(ctx.db, deleter);
    const task = await service.startLogCleanup(nowSeconds() - DAY);
    const stopped = service.stop();
    release();
    await stopped;
    expect(await service.get(task.task_id)).toMatchObject({ status: 'failed', active_key: '', error: 'the server shut down before this task finished' });
    await expect(service.startLogCleanup(nowSeconds() - DAY)).rejects.toThrow('the server is shutting down');
  });

  it('reports the batches as they go', async () => {
    const now = nowSeconds();
    await logsAt(now - 30 * DAY, 25);
    const seen: unknown[] = [];
    const logs = new LogsService(ctx.db, { deleteBatch: 10 });
    const service = new SystemTasksService(ctx.db, {
      deleteBefore: (before, afterBatch) =>
        logs.deleteBefore(before, async (soFar) => {
          await afterBatch?.(soFar);
          seen.push((await service.current('log_cleanup'))?.state);
        }),
    });
    await service.startLogCleanup(now - DAY);
    await service.settled();
    expect(seen).toEqual([
      { total: 25, processed: 10, progress: 40, remaining: 15 },
      { total: 25, processed: 20, progress: 80, remaining: 5 },
    ]);
  });
});
