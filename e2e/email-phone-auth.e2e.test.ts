import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn, waitForPath, shownAfter } from './support/browser';
import { setupViaApi, startServer, type RunningServer } from './support/server';
import { pageApi } from './support/page-api';
import { startFakeSms, startInbox, type FakeSms, type Inbox } from './support/auth-peers';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const DAVE_BASE = { username: 'dave', password: 'dave-pass-1', email: 'dave@example.com' };
/** The phone of attempt `n`: a retry asks for a code for a number of its own (the resend interval refuses the same one). */
const phoneOf = (n: number) => `1381234567${n}`;
const SMS_KEY = 'e2e-yunpian-key';

/**
 * Sign-up with an e-mail code read from a real SMTP server, password reset through the mailed link, and
 * sign-in by phone (slider captcha, then the SMS code from a fake Yunpian).
 */
describe('e-mail and phone authentication', () => {
  let server: RunningServer;
  let inbox: Inbox;
  let sms: FakeSms;
  let browser: Browser;

  beforeAll(async () => {
    inbox = await startInbox();
    sms = await startFakeSms(SMS_KEY);
    server = await startServer({ env: { YUNPIAN_BASE_URL: sms.url } });
    await setupViaApi(server.baseUrl, ROOT);
    browser = await launchBrowser();
    const page = await newPage();
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    const saved = await pageApi(page, 'PUT', '/api/option/', [
      { key: 'SMTPServer', value: '127.0.0.1' },
      { key: 'SMTPPort', value: String(inbox.port) },
      { key: 'SMTPFrom', value: 'noreply@example.com' },
      { key: 'EmailVerificationEnabled', value: 'true' },
      { key: 'PhoneLoginEnabled', value: 'true' },
      { key: 'PhoneRegisterEnabled', value: 'true' },
      { key: 'yunpian.api_key', value: SMS_KEY },
      { key: 'yunpian.sign', value: 'Gateway' },
    ]);
    expect(saved).toMatchObject({ success: true });
    await page.context().close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
    await sms?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    return context.newPage();
  }

  /** Counts attempts: a retry registers an account and address of its own (name taken, resend interval). */
  let registerAttempt = 0;

  it('registers with the verification code mailed to the address', async () => {
    const n = ++registerAttempt;
    const DAVE = { ...DAVE_BASE, username: `dave${n}`, email: `dave${n}@example.com` };
    const page = await newPage();
    await page.goto(`${server.baseUrl}/register`);
    await page.getByRole('textbox', { name: 'Username' }).fill(DAVE.username);
    await page.getByLabel('Password', { exact: true }).fill(DAVE.password);
    await page.getByLabel('Confirm password').fill(DAVE.password);
    await page.getByLabel('E-mail').fill(DAVE.email);
    await shownAfter(page.getByText('Verification code sent'), () => page.getByTestId('email-code-button').click());
    await page.getByTestId('email-code-button').getByText(/Resend in \d+ s/).waitFor();
    const [, code] = await inbox.waitFor(DAVE.email, /verification code is: ([A-Z0-9]{6})/);
    await page.getByLabel('Verification code').fill(code);
    await page.locator('form').getByRole('button', { name: 'Register' }).click();
    await waitForPath(page, '/login');
    await page.getByText('Registration successful, please log in').waitFor();
    await page.context().close();
  });

  /**
   * An account of its own per attempt: a retried attempt would otherwise ask again for the same address and
   * be refused by the resend interval.
   */
  async function registerByApi(): Promise<typeof DAVE_BASE> {
    const tag = Math.random().toString(36).slice(2, 10);
    const user = { username: `erin${tag}`, password: 'erin-pass-1', email: `erin-${tag}@example.com` };
    const sent = await fetch(`${server.baseUrl}/api/verification?email=${encodeURIComponent(user.email)}`);
    expect(await sent.json()).toMatchObject({ success: true });
    const [, code] = await inbox.waitFor(user.email, /verification code is: ([A-Z0-9]{6})/);
    const registered = await fetch(`${server.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, verification_code: code }),
    });
    expect(await registered.json()).toMatchObject({ success: true });
    return user;
  }

  it('resets the password through the mailed link and signs in with the new one', async () => {
    const user = await registerByApi();
    const page = await newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/reset');
    // The router moves the address before it draws the new page: until the heading shows, a loose 'E-mail'
    // label still finds the login form's 'Username or e-mail' field, and what is typed there is lost.
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    const email = page.getByLabel('E-mail', { exact: true });
    await email.fill(user.email);
    await expect.poll(() => email.inputValue()).toBe(user.email);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reset_password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    expect(await (await answered).json()).toMatchObject({ success: true });
    // The mail, and the form cleared on success, are what last: the success notice shows for 3 s only, and a
    // loaded CI box can stall this process longer than that between the click and the check.
    const [link] = await inbox.waitFor(user.email, /http:\/\/127\.0\.0\.1:\d+\/user\/reset\?email=[^\s&]+&token=[A-Za-z0-9]+/, 30_000);
    await expect.poll(() => email.inputValue()).toBe('');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Confirm password reset' }).waitFor();
    await page.getByRole('button', { name: 'Reset my password' }).click();
    const shown = page.getByTestId('new-password');
    await shown.waitFor();
    const newPassword = await shown.inputValue();
    expect(newPassword).toMatch(/^[A-Za-z0-9]{12}$/);

    // The link works once.
    await page.reload();
    await shownAfter(page.getByText(/the password reset link is invalid or has expired/), () => page.getByRole('button', { name: 'Reset my password' }).click());

    await signIn(page, server.baseUrl, user.username, user.password);
    await page.getByTestId('login-error').waitFor();
    await signIn(page, server.baseUrl, user.username, newPassword);
    await waitForPath(page, '/token');
    await page.context().close();
  });

  let phoneAttempt = 0;

  it('signs in by phone after the slider captcha and the SMS code, creating the account', async () => {
    const PHONE = phoneOf(++phoneAttempt);
    const page = await newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('tab', { name: 'Phone sign-in' }).click();
    await page.getByTestId('sms-code-button').click();
    await page.getByText('Please enter phone number').waitFor();
    await page.getByLabel('Phone number').fill('12345678901');
    await page.getByTestId('sms-code-button').click();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByLabel('Phone number').fill(PHONE);
    await page.getByTestId('sms-code-button').click();

    // A wrong drop fails and loads a new puzzle; the right one sends the code.
    const handle = page.getByTestId('captcha-handle');
    const picture = page.getByRole('img', { name: 'Puzzle picture' });
    // Drag only once the puzzle has loaded (under load the modal opens before its picture arrives).
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Puzzle picture"]');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const firstSrc = await picture.getAttribute('src');
    await dragHandle(page, answerOfNewestPuzzle() > 150 ? 20 : 230);
    await page.getByText('Captcha verification failed, please retry').waitFor();
    await page.waitForFunction((old) => {
      const img = document.querySelector('img[alt="Puzzle picture"]');
      return img !== null && img.getAttribute('src') !== old;
    }, firstSrc);
    await expect(handle.getAttribute('aria-valuenow')).resolves.toBe('0');
    await dragHandle(page, answerOfNewestPuzzle());
    await page.getByText('Sent successfully').waitFor();
    await page.getByTestId('sms-code-button').getByText(/Resend in \d+ s/).waitFor();

    const code = sms.lastCodeTo(PHONE);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('SMS code').fill(code!);
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/token');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ username: PHONE, role: 1 });
    await page.context().close();
  });

  /** The answer of the puzzle just served, read from the running server's SQLite file. */
  function answerOfNewestPuzzle(): number {
    const db = new Database(join(server.dataDir, 'gateway.db'), { readonly: true });
    try {
      const row = db.prepare('select answer_x from captcha_challenges where passed = 0 order by expires_at desc, rowid desc limit 1').get() as { answer_x: number };
      return row.answer_x;
    } finally {
      db.close();
    }
  }

  async function dragHandle(page: Page, distance: number) {
    // The dialog zooms in from where it was opened: press the handle only once it has stopped moving.
    const handle = page.getByTestId('captcha-handle');
    let box = (await handle.boundingBox())!;
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const next = (await handle.boundingBox())!;
      const still = next.x === box.x && next.y === box.y && next.width === box.width;
      box = next;
      if (still) break;
    }
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + distance, y, { steps: 12 });
    await page.mouse.up();
  }
});
