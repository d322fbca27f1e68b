import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, signIn, waitForPath, withNotice, shownAfter } from './support/browser';
import type { ActivityListItem, ActivityView } from '@gw/contracts';
import { optionsAsFirstFound, pageApi } from './support/page-api';
import { registerViaApi, setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const USER = { username: 'erin', password: 'erin-pass-123' };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * The activity center for a user (fuel pack, rewards, transfer) and the activity manager for an administrator.
 * The tests continue one another; a retried one first puts back what it starts from, with a user of its own
 * where the earlier attempt used up what cannot be undone (a claim, a reward, a transfer, a check-in).
 */
describe('rewards and activities', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let user: Page;

  beforeAll(async () => {
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await registerViaApi(server.baseUrl, USER);
    browser = await launchBrowser();
    admin = await openPage(browser, { width: 1360, height: 900 });
    user = await openPage(browser, { width: 1360, height: 900 });
    await signIn(admin, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(admin, '/token');
    // The fuel pack is off by default: switch it on with $1 a week.
    const saved = await pageApi(admin, 'PUT', '/api/option/', [
      { key: 'FuelPackEnabled', value: true },
      { key: 'FuelPackQuota', value: 500_000 },
      { key: 'FuelPackLimit', value: 7 },
    ]);
    expect(saved.success).toBe(true);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Counts each test's attempts: a retry starts from what its earlier attempt left behind. */
  const attempts = new Map<string, number>();
  const attempt = (test: string) => {
    const n = (attempts.get(test) ?? 0) + 1;
    attempts.set(test, n);
    return n;
  };

  /** The user the user page is signed in as (USER, until a retry needs one in a fresh state). */
  let member = { ...USER, id: 0 };
  let members = 1;
  /** The activity the manager tests created. */
  let activity = { id: 0, name: 'Spring bonus' };

  /** The activity as the administrator lists it. */
  async function activityView(): Promise<ActivityView> {
    const listed = await pageApi<{ items: ActivityView[] }>(admin, 'GET', `/api/activity/?q=${activity.id}`);
    const found = listed.data.items.find((a) => a.id === activity.id);
    if (!found) throw new Error(`activity ${activity.id} is not listed`);
    return found;
  }

  /** Saves an activity through the API, as it is but for `changes`. */
  async function updateActivity(view: ActivityView, changes: Partial<ActivityView>): Promise<void> {
    const { name, desc, quota, status, start_date, end_date } = { ...view, ...changes };
    const saved = await pageApi(admin, 'PUT', `/api/activity/${view.id}`, { name, desc, quota, status, start_date, end_date });
    expect(saved.success, saved.message).toBe(true);
  }

  /**
   * Registers a new member and signs the user page in as them, on the activity center; with the fuel pack
   * claimed and the activity's reward granted if asked, as the earlier tests would have left the member.
   */
  async function newMember(opts: { fuelPack?: boolean; reward?: boolean } = {}): Promise<void> {
    const account = { username: `${USER.username}${++members}`, password: USER.password };
    await registerViaApi(server.baseUrl, account);
    // The sign-in form is read in English (a test switches the user page to Chinese).
    if (user.url().startsWith(server.baseUrl)) await user.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await signIn(user, server.baseUrl, account.username, account.password, '/activity-center');
    await waitForPath(user, '/activity-center');
    member = { ...account, id: (await pageApi<{ id: number }>(user, 'GET', '/api/user/self')).data.id };
    if (opts.fuelPack) {
      const claimed = await pageApi(user, 'GET', '/api/user/fuel_pack');
      expect(claimed.success, claimed.message).toBe(true);
    }
    if (opts.reward) {
      const granted = await pageApi(admin, 'POST', '/api/activity/reward', { activity_id: activity.id, user_ids: [member.id] });
      expect(granted.success, granted.message).toBe(true);
    }
    await user.reload();
  }

  /** On a retry, saves back the options (of `keys`) the earlier attempt changed. */
  const startFromFirstOptions = optionsAsFirstFound();

  it('claims the fuel pack once and shows the new balance', async () => {
    if (attempt('fuel pack') === 1) {
      await signIn(user, server.baseUrl, USER.username, USER.password, '/activity-center');
      await waitForPath(user, '/activity-center');
      member = { ...USER, id: (await pageApi<{ id: number }>(user, 'GET', '/api/user/self')).data.id };
    } else {
      // The earlier attempt may have claimed the pack for this week: a retry claims it for a new member.
      await newMember();
    }
    await user.getByTestId('reward-balance').getByText('$0.00').waitFor();
    await user.getByTestId('claim-fuel-pack').getByText('Claim the fuel pack ($1.00)').waitFor();
    await shownAfter(user.getByText('Fuel pack claimed: $1.00 added to your balance'), () => user.getByTestId('claim-fuel-pack').click());
    await user.getByTestId('reward-balance').getByText('$1.00').waitFor();
    await user.getByTestId('reward-fuel-pack').getByText('$1.00').waitFor();
    await expect.poll(() => user.getByTestId('fuel-pack-next').textContent()).toMatch(/^Next claim from /);

    await withNotice(user, /already claimed the fuel pack/, () => user.getByTestId('claim-fuel-pack').click(), 'error');
    const self = await pageApi<{ quota: number }>(user, 'GET', '/api/user/self');
    expect(self.data.quota).toBe(500_000);
  });

  it('shows the invitation code and link of the user', async () => {
    const self = await pageApi<{ aff_code: string }>(user, 'GET', '/api/user/self');
    await expect.poll(() => user.getByTestId('invite-code').inputValue()).toBe(self.data.aff_code);
    await expect(user.getByTestId('invite-link').inputValue()).resolves.toBe(`${server.baseUrl}/register?aff=${self.data.aff_code}`);
    await user.getByTestId('invite-count').getByText('0').waitFor();
  });

  it('refuses an activity whose end is before its start, then creates it', async () => {
    if (attempt('create activity') > 1) {
      // Activities cannot be deleted: a retry renames and ends the one an earlier attempt may have created.
      const leftover = await pageApi<{ items: ActivityView[] }>(admin, 'GET', `/api/activity/?q=${encodeURIComponent('Spring bonus')}`);
      for (const old of leftover.data.items.filter((a) => a.name === 'Spring bonus')) await updateActivity(old, { name: `Retired activity ${old.id}`, status: false });
    }
    await admin.goto(`${server.baseUrl}/activity-config`);
    await admin.getByRole('heading', { name: 'Activity manager' }).waitFor();
    await admin.getByRole('button', { name: 'Add activity' }).click();
    const drawer = admin.locator('.ant-drawer-open');
    await drawer.getByText('Create activity').waitFor();
    await admin.getByTestId('activity-submit').click();
    await drawer.getByText('Please enter the activity name').waitFor();
    await drawer.getByText('Please enter the activity description').waitFor();

    await drawer.getByLabel('Name').fill('Spring bonus');
    await drawer.getByLabel('Description').fill('A gift for every early user');
    await drawer.getByLabel('Reward quota per user').fill('1000000');
    await drawer.getByText('Equals $2.00').waitFor();
    const pick = async (label: string, value: string) => {
      await drawer.getByLabel(label).click();
      await drawer.getByLabel(label).fill(value);
      await drawer.getByLabel(label).press('Enter');
    };
    await pick('Start date', '2020-01-01 00:00:00');
    await pick('End date', '2019-01-01 00:00:00');
    await admin.getByTestId('activity-submit').click();
    await drawer.getByText('The end date must be after the start date').waitFor();

    await pick('End date', '2099-01-01 00:00:00');
    await withNotice(admin, 'Add success', () => admin.getByTestId('activity-submit').click(), 'success');
    const row = admin.locator('tr.ant-table-row', { hasText: 'Spring bonus' });
    await row.getByText('Active').waitFor();
    await row.getByText('$2.00').waitFor();
    const created = await pageApi<{ items: ActivityView[] }>(admin, 'GET', `/api/activity/?q=${encodeURIComponent('Spring bonus')}`);
    activity = { id: created.data.items.find((a) => a.name === 'Spring bonus')!.id, name: 'Spring bonus' };
  });

  it('finds the activity by name and status', async () => {
    // A retry starts again from the unfiltered list.
    if (attempt('find activity') > 1) await admin.goto(`${server.baseUrl}/activity-config`);
    await admin.getByLabel('Name or ID').fill('nothing-like-this');
    await admin.getByRole('button', { name: 'Query' }).click();
    await admin.locator('tr.ant-table-row', { hasText: 'Spring bonus' }).waitFor({ state: 'detached' });
    await admin.getByLabel('Name or ID').fill('spring');
    await admin.getByLabel('Status').click();
    await admin.locator('.ant-select-item-option', { hasText: 'Ended' }).click();
    await admin.getByRole('button', { name: 'Query' }).click();
    await admin.locator('.ant-table-placeholder .ant-empty-description').waitFor();
    await admin.getByLabel('Status').click();
    await admin.locator('.ant-select-item-option', { hasText: 'Active' }).click();
    await admin.getByRole('button', { name: 'Query' }).click();
    await admin.locator('tr.ant-table-row', { hasText: 'Spring bonus' }).waitFor();
    await expect.poll(() => new URL(admin.url()).search).toBe('?q=spring&status=true');
  });

  it('grants the reward to a user found by keyword, once', async () => {
    if (attempt('grant') > 1) {
      // The earlier attempt may have rewarded the member (once per user): a retry rewards a new one, who has
      // claimed the fuel pack as the member had; and starts again from the filtered list, without the modal.
      const open = await pageApi<ActivityListItem[]>(user, 'GET', '/api/activity_list');
      if (open.data.find((a) => a.id === activity.id)?.rewarded) await newMember({ fuelPack: true });
      await admin.goto(`${server.baseUrl}/activity-config?q=spring&status=true`);
    }
    const rewardedBefore = (await activityView()).rewarded_count;
    const row = admin.locator('tr.ant-table-row', { hasText: 'Spring bonus' });
    await row.getByRole('button', { name: 'Grant rewards' }).click();
    const modal = admin.locator('.ant-modal', { hasText: 'Grant rewards: Spring bonus' });
    await modal.getByLabel('Search users by keyword').fill(member.username);
    await modal.getByRole('button', { name: 'Query' }).click();
    const userRow = modal.locator('tr.ant-table-row', { hasText: member.username });
    await userRow.waitFor();
    // The modal lists every user until the keyword query has answered.
    await expect.poll(() => modal.locator('tr.ant-table-row').count()).toBe(1);
    await userRow.locator('.ant-checkbox-input').check();
    await shownAfter(admin.getByText('Reward granted: 1 users rewarded, 0 already had it'), () => modal.getByRole('button', { name: 'Grant to 1 users' }).click());
    const listed = await pageApi<{ items: { name: string; rewarded_count: number }[] }>(admin, 'GET', '/api/activity/?q=spring');
    // One user more (none before, on a first attempt).
    expect(listed.data.items[0]).toMatchObject({ name: 'Spring bonus', rewarded_count: rewardedBefore + 1 });
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/activity-config.png`, fullPage: true });

    await row.getByRole('button', { name: 'Grant rewards' }).click();
    await modal.getByLabel('Search users by keyword').fill(member.username);
    await modal.getByRole('button', { name: 'Query' }).click();
    await modal.locator('tr.ant-table-row', { hasText: member.username }).locator('.ant-checkbox-input').check();
    await shownAfter(admin.getByText('Reward granted: 0 users rewarded, 1 already had it'), () => modal.getByRole('button', { name: 'Grant to 1 users' }).click());
  });

  it('shows the activity reward and the rewarded activity to the user', async () => {
    await user.reload();
    await user.getByTestId('reward-activity').getByText('$2.00').waitFor();
    await user.getByRole('button', { name: 'View recent activities' }).click();
    const modal = user.locator('.ant-modal', { hasText: 'Recent activities' });
    await modal.getByText('Spring bonus').waitFor();
    await modal.getByText(/^Rewarded /).waitFor();
    await modal.locator('.ant-modal-close').click();
  });

  it('refuses a transfer above the rewards, then moves them all to the balance', async () => {
    if (attempt('transfer') > 1) {
      // The earlier attempt may have moved the rewards: a retry moves those of a new member with the same
      // balances ($1 fuel pack, $2 reward), and starts from the activity center without the modal.
      const self = await pageApi<{ quota: number; activity_quota: number }>(user, 'GET', '/api/user/self');
      if (self.data.quota !== 500_000 || self.data.activity_quota !== 1_000_000) await newMember({ fuelPack: true, reward: true });
      else await user.goto(`${server.baseUrl}/activity-center`);
    }
    await user.getByTestId('open-transfer').click();
    const modal = user.locator('.ant-modal', { hasText: 'Transferable rewards' });
    await modal.getByTestId('transferable').getByText('$2.00').waitFor();
    await modal.getByLabel('Quota to transfer').fill('1000001');
    await shownAfter(modal.getByText('insufficient transfer quota'), () => modal.getByRole('button', { name: 'Transfer' }).click());

    // The server enforces the same limit.
    const refused = await pageApi(user, 'POST', '/api/user/quota_transfer', { quota: 1_000_001 });
    expect(refused).toMatchObject({ success: false, message: 'insufficient transfer quota' });

    await modal.getByRole('button', { name: 'All' }).click();
    await shownAfter(user.getByText('$2.00 moved to your balance'), () => modal.getByRole('button', { name: 'Transfer' }).click());
    await user.getByTestId('reward-balance').getByText('$3.00').waitFor();
    await user.getByTestId('reward-activity').getByText('$0.00').waitFor();
    if (SCREENSHOTS) await user.screenshot({ path: `${SCREENSHOTS}/activity-center.png`, fullPage: true });
  });

  it('ends the activity in the editor, after which rewards can no longer be granted', async () => {
    if (attempt('end activity') > 1) {
      // The earlier attempt may have ended it (the switch would turn it on again): a retry starts from it active.
      const view = await activityView();
      if (!view.status) await updateActivity(view, { status: true });
      await admin.goto(`${server.baseUrl}/activity-config?q=spring&status=true`);
    }
    const row = admin.locator('tr.ant-table-row', { hasText: 'Spring bonus' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const drawer = admin.locator('.ant-drawer-open');
    await drawer.getByText('Edit activity').waitFor();
    await expect(drawer.getByLabel('Name').inputValue()).resolves.toBe('Spring bonus');
    await drawer.getByRole('switch').click();
    await withNotice(admin, 'Update success', () => admin.getByTestId('activity-submit').click(), 'success');
    await admin.getByLabel('Status').click();
    await admin.locator('.ant-select-item-option', { hasText: 'Ended' }).click();
    await admin.getByRole('button', { name: 'Query' }).click();
    await row.getByText('Ended').waitFor();
    await expect(row.getByRole('button', { name: 'Grant rewards' }).isDisabled()).resolves.toBe(true);
    const refused = await pageApi(admin, 'POST', '/api/activity/reward', { activity_id: activity.id, user_ids: [member.id] });
    expect(refused.success).toBe(false);
  });

  it('shows the activity center in Chinese', async () => {
    await user.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await user.reload();
    await user.getByText('余额与奖励').waitFor();
    await user.getByRole('button', { name: '查看近期活动' }).waitFor();
  });

  it('lets the administrator turn daily check-in on, and the user check in once for the reward', async () => {
    // A retry saves back the check-in settings (saving them unchanged would be "nothing changed"), and checks
    // in as a new member (the earlier attempt's may have checked in today).
    await startFromFirstOptions(admin, 'check-in', ['checkin_setting.enabled', 'checkin_setting.min_quota', 'checkin_setting.max_quota']);
    if (attempt('check-in') > 1) await newMember();
    await admin.goto(`${server.baseUrl}/setting?tab=operation`);
    const section = admin.getByTestId('settings-checkin');
    await section.getByLabel('Enable daily check-in').check();
    // Above the saved maximum (10000): the console saves the maximum first, so the server accepts both.
    await section.getByLabel('Minimum reward quota').fill('500000');
    await section.getByLabel('Maximum reward quota').fill('400000');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('The maximum cannot be below the minimum').waitFor();
    await section.getByLabel('Maximum reward quota').fill('500000');
    await withNotice(admin, 'Saved successfully', () => section.getByRole('button', { name: 'Save' }).click(), 'success');
    const status = await pageApi<{ checkin_enabled: boolean }>(admin, 'GET', '/api/status');
    expect(status.data.checkin_enabled).toBe(true);

    const before = (await pageApi<{ quota: number }>(user, 'GET', '/api/user/self')).data.quota;
    await user.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await user.goto(`${server.baseUrl}/topup`);
    const card = user.getByTestId('checkin-card');
    await card.getByText('Reward per check-in: $1.00').waitFor();
    await user.getByTestId('topup-balance').getByText(`$${(before / 500_000).toFixed(2)}`).waitFor();
    await withNotice(user, 'Checked in: $1.00 added to your balance', () => user.getByTestId('checkin-button').click(), 'success');
    await expect.poll(() => user.getByTestId('checkin-button').isDisabled()).toBe(true);
    await user.getByTestId('checkin-button').getByText('Checked in today').waitFor();
    await user.getByTestId('topup-balance').getByText(`$${((before + 500_000) / 500_000).toFixed(2)}`).waitFor();
    const today = await user.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    await user.getByTestId('checkin-records').getByText(today).waitFor();
    await user.getByTestId('checkin-records').getByText('+$1.00').waitFor();
    await user.getByTestId('checkin-total-quota').getByText('$1.00').waitFor();

    const again = await pageApi(user, 'POST', '/api/user/checkin', {});
    expect(again).toMatchObject({ success: false, message: 'you have already checked in today' });
    expect((await pageApi<{ quota: number }>(user, 'GET', '/api/user/self')).data.quota).toBe(before + 500_000);
    if (SCREENSHOTS) await user.screenshot({ path: `${SCREENSHOTS}/topup-checkin.png`, fullPage: true });
  });
});
