import type { Page } from 'playwright-core';

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}

/** Calls the management API from inside the signed-in page (its cookie plus the New-Api-User header). */
export function pageApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'New-Api-User': String(user.id ?? '') },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    { method, path, body },
  ) as Promise<Envelope<T>>;
}

/** Creates a user as the administrator signed in on `admin` (POST /api/user/), for tests where sign-up is closed. */
export async function createUserAs(admin: Page, user: { username: string; password: string }): Promise<void> {
  const created = await pageApi(admin, 'POST', '/api/user/', { ...user, display_name: user.username });
  if (!created.success) throw new Error(`creating ${user.username} failed: ${created.message}`);
}

/**
 * Turns the signed-in user's 2FA off with an authenticator code and signs in again, so the page starts from a
 * session that is neither 2FA-protected nor freshly verified (a retry undoing what its first attempt did).
 */
export async function signInAgainWithout2fa(page: Page, code: string, signInAgain: () => Promise<void>): Promise<void> {
  const off = await pageApi(page, 'POST', '/api/user/2fa/disable', { code });
  if (!off.success) throw new Error(`turning 2FA off failed: ${off.message}`);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAgain();
}
