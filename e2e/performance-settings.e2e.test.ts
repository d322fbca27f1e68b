import { describe, expect, it } from 'vitest';
import type { PerformanceStats } from '@gw/contracts';
import { signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const ADMIN_PASSWORD = 'admin-pass-123';

/** The root-only Performance tab of the settings: the process's figures, resetting them, the status test. */
describe('performance settings', () => {
  const site = useRootSite(ROOT);

  it('shows root the memory figures, resets the statistics and tests the status', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=performance');
    await waitForPath(page, '/setting');
    await page.getByRole('tab', { name: 'Performance', selected: true }).waitFor();

    const section = page.getByTestId('settings-performance');
    const memory = section.getByTestId('performance-memory');
    await memory.getByText('Resident set (RSS)').waitFor();
    await expect(memory.textContent()).resolves.toMatch(/Resident set \(RSS\)\d+\.\d MB/);
    await expect(memory.textContent()).resolves.toMatch(/Heap used \/ total\d+\.\d MB \/ \d+\.\d MB/);
    const before = (await pageApi<PerformanceStats>(page, 'GET', '/api/performance/stats')).data;
    await section.getByText(`PID ${before.process.pid}`, { exact: false }).waitFor();
    await section.getByTestId('performance-storage').getByText('SQLite').waitFor();
    await section.getByTestId('performance-log-files').getByText('This server writes its log to standard output', { exact: false }).waitFor();
    const sinceText = await section.getByTestId('performance-since').textContent();

    // The counters restart: a later start time, shown once the figures are read again.
    await page.waitForTimeout(1100);
    await section.getByTestId('performance-reset').click();
    await page.getByRole('dialog').locator('.ant-modal-confirm-title', { hasText: 'Reset the statistics?' }).waitFor();
    await withNotice(page, 'Statistics reset', () => page.getByRole('dialog').getByRole('button', { name: 'OK' }).click(), 'success');
    const after = (await pageApi<PerformanceStats>(page, 'GET', '/api/performance/stats')).data;
    expect(after.stats_since).toBeGreaterThan(before.stats_since);
    await expect.poll(() => section.getByTestId('performance-since').textContent()).not.toBe(sinceText);

    await section.getByTestId('performance-test-status').click();
    const status = section.getByTestId('performance-status-result');
    await status.getByText('Database: answering').waitFor();
    await status.getByText('Redis: not configured').waitFor();

    // npm start does not pass --expose-gc: the server says so instead of pretending.
    await withNotice(page, /--expose-gc/, () => section.getByRole('button', { name: 'Run garbage collection' }).click(), 'error');
    await context.close();
  });

  it('shows the machine load and saves a threshold of the system performance check', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=performance');
    await waitForPath(page, '/setting');
    // A retry starts again from the defaults an earlier attempt may have changed.
    const reset = await pageApi(page, 'PUT', '/api/option/', [
      { key: 'performance_setting.monitor_enabled', value: 'false' },
      { key: 'performance_setting.monitor_memory_threshold', value: '90' },
    ]);
    expect(reset.success, reset.message).toBe(true);
    await page.reload();
    const card = page.getByTestId('performance-system-load');
    await card.getByText('System performance check').waitFor();
    await card.getByTestId('performance-system-load-figures').getByText('Memory usage').waitFor();

    // Off by default: nothing is refused until root turns it on.
    await card.getByTestId('performance-system-load-figures').getByText('Check off').waitFor();
    const enabled = card.getByRole('checkbox', { name: 'Refuse relay requests while the machine is overloaded' });
    await expect(enabled.isChecked()).resolves.toBe(false);
    await enabled.check();
    const field = card.getByLabel('Memory threshold (%)');
    await expect(field.inputValue()).resolves.toBe('90');
    await field.fill('97');
    await withNotice(page, 'Saved successfully', () => card.getByRole('button', { name: 'Save' }).click(), 'success');
    const stats = (await pageApi<PerformanceStats>(page, 'GET', '/api/performance/stats')).data;
    expect(stats.system_load).toMatchObject({ monitor_enabled: true, memory_threshold: 97, cpu_threshold: 90, disk_threshold: 95 });
    const off = await pageApi(page, 'PUT', '/api/option/', { key: 'performance_setting.monitor_enabled', value: 'false' });
    expect(off.success, off.message).toBe(true);
    await context.close();
  });

  /** Counts attempts: a retry creates an administrator of its own (the first one's name is taken). */
  let adminAttempt = 0;

  it('does not offer the tab to an administrator who is not root', async () => {
    const n = ++adminAttempt;
    const ADMIN = { username: `opsadmin${n}`, password: ADMIN_PASSWORD };
    const context = await site.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting');
    await waitForPath(page, '/setting');
    const created = await pageApi(page, 'POST', '/api/user/', { ...ADMIN, role: 10 });
    expect(created.success, created.message).toBe(true);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());

    await signIn(page, site.server.baseUrl, ADMIN.username, ADMIN.password, '/setting?tab=performance');
    await waitForPath(page, '/setting');
    // Whatever else the page shows an administrator, the root-only tab is not there and its API refuses.
    await page.locator('.ant-tabs, .ant-alert').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Performance' }).count()).toBe(0);
    expect(await page.getByTestId('settings-performance').count()).toBe(0);
    const refused = await pageApi(page, 'GET', '/api/performance/stats');
    expect(refused).toMatchObject({ success: false, message: 'super administrator permission is required' });
    await context.close();
  });
});
