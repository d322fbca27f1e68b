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

/**
 * For tests whose retry must start from the options its first attempt found: `startFrom(page, test, keys)`
 * notes the options `keys` on a test's first attempt and, on a retry, saves back those the earlier attempt
 * changed (then reloads the page), so that the retry starts from the same values.
 */
export function optionsAsFirstFound(): (page: Page, test: string, keys: string[]) => Promise<void> {
  const firstFound = new Map<string, Map<string, string | undefined>>();
  return async (page, test, keys) => {
    const listed = await pageApi<{ key: string; value: string }[]>(page, 'GET', '/api/option/');
    if (!listed.success) throw new Error(`listing the options failed: ${listed.message}`);
    const now = new Map(keys.map((key) => [key, listed.data.find((o) => o.key === key)?.value]));
    const first = firstFound.get(test);
    if (!first) return void firstFound.set(test, now);
    const changed = keys.filter((key) => first.get(key) !== undefined && first.get(key) !== now.get(key)).map((key) => ({ key, value: first.get(key) }));
    if (changed.length === 0) return;
    const saved = await pageApi(page, 'PUT', '/api/option/', changed);
    if (!saved.success) throw new Error(`saving back the options failed: ${saved.message}`);
    await page.reload();
  };
}
