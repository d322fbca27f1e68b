import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, signIn, waitForPath } from './support/browser';
import { pageApi } from './support/page-api';
import { seedTaskRows, userIdOf, type SeedDrawingTask } from './support/seed-tasks';
import { setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const MEMBER = { username: 'painter', password: 'painter-pass-1' };
const LONG_PROMPT = `a watercolour fox in a snowy birch forest at dawn, ${'soft light, '.repeat(12)}highly detailed`;
const FAIL_REASON = 'Banned prompt detected: the word "blood" is not allowed by the upstream moderation rules';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * The drawing log (/midjourney) and the task log (/task) over rows seeded into the database for two
 * users: what an administrator and an ordinary user each see, the dialogs, the preview and Chinese.
 */
describe('drawing and task logs', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let member: Page;

  beforeAll(async () => {
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    browser = await launchBrowser();
    admin = await openPage(browser, { width: 1440, height: 900 });
    await signIn(admin, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(admin, '/token');
    const created = await pageApi(admin, 'POST', '/api/user/', { ...MEMBER, display_name: 'Painter' });
    expect(created.success, created.message).toBe(true);
    // Show stored image addresses as they are rather than through the /mj/image proxy.
    const direct = await pageApi(admin, 'PUT', '/api/option/', [{ key: 'MjForwardUrlEnabled', value: false }]);
    expect(direct.success, direct.message).toBe(true);

    await server.restart((dataDir) => {
      const rootId = userIdOf(dataDir, ROOT.username);
      const memberId = userIdOf(dataDir, MEMBER.username);
      const nowMs = Date.now();
      const nowS = Math.floor(nowMs / 1000);
      // Ten finished drawings of the administrator (older), then the member's two: twelve rows in all.
      const rootDrawings: SeedDrawingTask[] = Array.from({ length: 10 }, (_, i) => ({
        userId: rootId, channelId: 3, action: 'IMAGINE', mjId: `mj-root-${i}`, status: 'SUCCESS', progress: '100%',
        submitTime: nowMs - 3_600_000 + i * 1000, finishTime: nowMs - 3_600_000 + i * 1000 + 30_000, prompt: `root prompt ${i}`,
      }));
      seedTaskRows(
        dataDir,
        [
          ...rootDrawings,
          {
            userId: memberId, channelId: 7, action: 'IMAGINE', mjId: 'mj-member-ok', status: 'SUCCESS', progress: '100%',
            submitTime: nowMs - 120_000, finishTime: nowMs - 120_000 + 45_000, imageUrl: '/logo.svg', prompt: LONG_PROMPT,
            promptEn: 'a watercolour fox', code: 1,
          },
          {
            userId: memberId, channelId: 7, action: 'UPSCALE', mjId: 'mj-member-fail', status: 'FAILURE', progress: '40%',
            submitTime: nowMs - 100_000, finishTime: nowMs - 100_000 + 90_000, failReason: FAIL_REASON, code: 22,
          },
        ],
        [
          {
            userId: rootId, channelId: 5, platform: 'video', action: 'GENERATE', taskId: 'video-root-1', status: 'SUCCESS',
            progress: '100%', submitTime: nowS - 20, finishTime: nowS - 5,
          },
          {
            userId: memberId, channelId: 9, platform: 'suno', action: 'MUSIC', taskId: 'suno-member-1', status: 'SUCCESS',
            progress: '100%', submitTime: nowS - 15, finishTime: nowS - 3, data: [{ id: 'clip-1', title: 'Morning song' }],
          },
          {
            userId: memberId, channelId: 9, platform: 'suno', action: 'LYRICS', taskId: 'suno-member-2', status: 'FAILURE',
            progress: '100%', submitTime: nowS - 10, finishTime: nowS - 2, failReason: 'lyrics refused by the upstream',
          },
        ],
      );
    });

    member = await openPage(browser, { width: 1440, height: 900 });
    await signIn(member, server.baseUrl, MEMBER.username, MEMBER.password);
    await waitForPath(member, '/token');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const rows = (page: Page) => page.locator('tr.ant-table-row');
  const header = (page: Page, name: string) => page.locator('thead th', { hasText: new RegExp(`^${name}$`) });
  const dialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('task-text-dialog') });
  const closeDialog = async (page: Page) => {
    await dialog(page).locator('.ant-modal-footer button').click();
    await dialog(page).waitFor({ state: 'hidden' });
  };

  it('shows an administrator every drawing with the channel column, the callback banner and a next page on demand', async () => {
    await admin.goto(`${server.baseUrl}/midjourney`);
    await admin.getByRole('heading', { name: 'Drawing logs' }).waitFor();
    await admin.getByTestId('mj-notify-banner').getByText(/Midjourney callbacks are off/).waitFor();
    await expect(header(admin, 'Channel').count()).resolves.toBe(1);
    await rows(admin).filter({ hasText: 'mj-member-ok' }).waitFor();
    await expect(rows(admin).count()).resolves.toBe(10);
    await expect(rows(admin).filter({ hasText: 'mj-member-ok' }).getByText('#7').isVisible()).resolves.toBe(true);
    await admin.getByText('10 loaded').waitFor();

    // Only the first server page is loaded; the table offers one page more, which loads the rest.
    await expect(admin.locator('.ant-pagination-item-3').count()).resolves.toBe(0);
    await admin.locator('.ant-pagination-item-2').click();
    await rows(admin).filter({ hasText: 'mj-root-0' }).waitFor();
    await expect(rows(admin).count()).resolves.toBe(2);
    await admin.getByText('12 in total').waitFor();
    await expect(admin.locator('.ant-pagination-item-3').count()).resolves.toBe(0);
  });

  it('filters the drawing log by task id and by channel', async () => {
    await admin.getByLabel('Task ID').fill('mj-member-fail');
    await admin.getByRole('button', { name: 'Query' }).click();
    await admin.waitForURL(/mj_id=mj-member-fail/);
    await rows(admin).filter({ hasText: 'mj-member-fail' }).waitFor();
    await expect(rows(admin).count()).resolves.toBe(1);

    await admin.getByLabel('Task ID').fill('');
    await admin.getByLabel('Channel ID').fill('7');
    await admin.getByRole('button', { name: 'Query' }).click();
    await rows(admin).filter({ hasText: 'mj-member-ok' }).waitFor();
    await expect(rows(admin).count()).resolves.toBe(2);
    await admin.getByText('2 in total').waitFor();
  });

  it('shows a user only their own drawings, without the channel column or the banner', async () => {
    await member.goto(`${server.baseUrl}/midjourney`);
    await member.getByRole('heading', { name: 'Drawing logs' }).waitFor();
    await rows(member).filter({ hasText: 'mj-member-ok' }).waitFor();
    await expect(rows(member).count()).resolves.toBe(2);
    await expect(member.getByText('mj-root-').count()).resolves.toBe(0);
    await expect(header(member, 'Channel').count()).resolves.toBe(0);
    await expect(member.getByTestId('mj-notify-banner').count()).resolves.toBe(0);
    await expect(member.getByTestId('sidebar').getByText('Drawing logs').isVisible()).resolves.toBe(true);
  });

  it('colours durations, marks the failed progress bar and names actions, results and statuses', async () => {
    const ok = rows(member).filter({ hasText: 'mj-member-ok' });
    const failed = rows(member).filter({ hasText: 'mj-member-fail' });
    await expect(ok.getByTestId('task-duration').innerText()).resolves.toBe('45 s');
    await expect(ok.getByTestId('task-duration').getAttribute('class')).resolves.toMatch(/green/);
    await expect(failed.getByTestId('task-duration').innerText()).resolves.toBe('90 s');
    await expect(failed.getByTestId('task-duration').getAttribute('class')).resolves.toMatch(/red/);
    for (const text of ['Imagine', 'Submitted', 'Success']) await expect(ok.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);
    for (const text of ['Upscale', 'Duplicate submit', 'Failed']) await expect(failed.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);

    await expect(failed.getByTestId('task-progress').getAttribute('data-failed')).resolves.toBe('true');
    await expect(ok.getByTestId('task-progress').getAttribute('data-failed')).resolves.toBe('false');
    const barColour = (row: typeof ok) =>
      row.getByTestId('task-progress').locator('.ant-progress-track').evaluate((el) => getComputedStyle(el).backgroundColor);
    // AntD's warning colour (#faad14).
    await expect(barColour(failed)).resolves.toBe('rgb(250, 173, 20)');
    await expect(barColour(ok)).resolves.not.toBe('rgb(250, 173, 20)');
    if (SCREENSHOTS) await member.screenshot({ path: `${SCREENSHOTS}/drawing-log.png`, fullPage: true });
  });

  it('opens the fail reason, the whole prompt and the record as JSON in dialogs', async () => {
    await rows(member).filter({ hasText: 'mj-member-fail' }).getByTestId('task-fail-reason').click();
    await dialog(member).getByText('Fail reason', { exact: true }).waitFor();
    await expect(dialog(member).getByTestId('task-text-dialog').innerText()).resolves.toBe(FAIL_REASON);
    await closeDialog(member);

    await rows(member).filter({ hasText: 'mj-member-ok' }).getByTestId('task-prompt').click();
    await expect(dialog(member).getByTestId('task-text-dialog').innerText()).resolves.toBe(LONG_PROMPT);
    await closeDialog(member);

    await rows(member).getByText('mj-member-ok', { exact: true }).click();
    const json = JSON.parse(await dialog(member).getByTestId('task-text-dialog').innerText()) as Record<string, unknown>;
    expect(json).toMatchObject({ mj_id: 'mj-member-ok', action: 'IMAGINE', status: 'SUCCESS', prompt_en: 'a watercolour fox' });
    await closeDialog(member);
  });

  it('enlarges the result image on click', async () => {
    const thumb = rows(member).filter({ hasText: 'mj-member-ok' }).getByTestId('task-image');
    await thumb.waitFor();
    await expect(rows(member).filter({ hasText: 'mj-member-fail' }).getByText('None').count()).resolves.toBeGreaterThan(0);
    await thumb.click();
    const preview = member.locator('.ant-image-preview-img, .ant-image-preview img').first();
    await preview.waitFor();
    await expect(preview.getAttribute('src')).resolves.toBe('/logo.svg');
    await member.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
  });

  it('shows an administrator every music and video task with its channel, and a user only their own', async () => {
    await admin.goto(`${server.baseUrl}/task`);
    await admin.getByRole('heading', { name: 'Task logs' }).waitFor();
    await rows(admin).filter({ hasText: 'video-root-1' }).waitFor();
    await expect(rows(admin).count()).resolves.toBe(3);
    await expect(header(admin, 'Channel').count()).resolves.toBe(1);
    const video = rows(admin).filter({ hasText: 'video-root-1' });
    for (const text of ['#5', 'Video', 'Generate video', 'Success', '15 s']) await expect(video.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);

    await member.goto(`${server.baseUrl}/task`);
    await member.getByRole('heading', { name: 'Task logs' }).waitFor();
    await rows(member).filter({ hasText: 'suno-member-1' }).waitFor();
    await expect(rows(member).count()).resolves.toBe(2);
    await expect(member.getByText('video-root-1').count()).resolves.toBe(0);
    await expect(header(member, 'Channel').count()).resolves.toBe(0);
    const music = rows(member).filter({ hasText: 'suno-member-1' });
    for (const text of ['Suno', 'Generate music', 'Success', '12 s']) await expect(music.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);
    const lyrics = rows(member).filter({ hasText: 'suno-member-2' });
    await expect(lyrics.getByTestId('task-progress').getAttribute('data-failed')).resolves.toBe('true');
  });

  it('opens a task record as JSON and its fail reason in dialogs', async () => {
    await rows(member).getByText('suno-member-1', { exact: true }).click();
    const json = JSON.parse(await dialog(member).getByTestId('task-text-dialog').innerText()) as Record<string, unknown>;
    expect(json).toMatchObject({ task_id: 'suno-member-1', platform: 'suno', action: 'MUSIC', data: [{ id: 'clip-1', title: 'Morning song' }] });
    await closeDialog(member);

    await rows(member).filter({ hasText: 'suno-member-2' }).getByTestId('task-fail-reason').click();
    await expect(dialog(member).getByTestId('task-text-dialog').innerText()).resolves.toBe('lyrics refused by the upstream');
    await closeDialog(member);
  });

  it('shows both logs in Chinese', async () => {
    await member.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await member.goto(`${server.baseUrl}/midjourney`);
    await member.getByRole('heading', { name: '绘图日志' }).waitFor();
    await rows(member).filter({ hasText: 'mj-member-ok' }).waitFor();
    for (const name of ['提交时间', '花费时间', '任务状态', '结果图片', '失败原因']) await expect(header(member, name).count()).resolves.toBe(1);
    const failed = rows(member).filter({ hasText: 'mj-member-fail' });
    for (const text of ['放大', '重复提交', '失败', '90 秒']) await expect(failed.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);
    await failed.getByTestId('task-fail-reason').click();
    await dialog(member).getByText('失败原因', { exact: true }).waitFor();
    await closeDialog(member);
    await expect(member.getByTestId('sidebar').getByText('任务日志').isVisible()).resolves.toBe(true);

    await member.goto(`${server.baseUrl}/task`);
    await member.getByRole('heading', { name: '任务日志' }).waitFor();
    const music = rows(member).filter({ hasText: 'suno-member-1' });
    await music.waitFor();
    for (const text of ['生成音乐', '成功']) await expect(music.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(header(member, '平台').count()).resolves.toBe(1);
    await member.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  });

  it('hides the banner once callbacks are on and the sidebar entries once drawing and tasks are off', async () => {
    // A retry starts again with drawing and tasks on (an earlier attempt may have turned them off).
    const on = await pageApi(admin, 'PUT', '/api/option/', [{ key: 'DrawingEnabled', value: true }, { key: 'TaskEnabled', value: true }]);
    expect(on.success, on.message).toBe(true);
    const saved = await pageApi(admin, 'PUT', '/api/option/', [{ key: 'MjNotifyEnabled', value: true }]);
    expect(saved.success, saved.message).toBe(true);
    await admin.goto(`${server.baseUrl}/midjourney`);
    await rows(admin).first().waitFor();
    await admin.getByTestId('mj-notify-banner').waitFor({ state: 'detached' });

    const off = await pageApi(admin, 'PUT', '/api/option/', [{ key: 'DrawingEnabled', value: false }]);
    expect(off.success, off.message).toBe(true);
    await member.goto(`${server.baseUrl}/log`);
    const sidebar = member.getByTestId('sidebar');
    // The menu first renders from the cached status; the fresh /api/status then drops the entry.
    await sidebar.getByText('Usage logs').waitFor();
    await sidebar.getByText('Drawing logs').waitFor({ state: 'detached' });
    await sidebar.getByText('Task logs').waitFor();

    await pageApi(admin, 'PUT', '/api/option/', [{ key: 'TaskEnabled', value: false }]);
    await member.reload();
    await sidebar.getByText('Usage logs').waitFor();
    await sidebar.getByText('Task logs').waitFor({ state: 'detached' });
  });
});
