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
