import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { Role } from '@gw/contracts';
import { createTestContext, createUser, markSetupDone, type TestContext } from './test-app.js';

/** Routes that end the caller's own session or account, or only redirect; they would end the run early. */
const SKIPPED = new Set(['GET /api/user/logout', 'DELETE /api/user/self']);

const ODD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', '1e308'];
const ODD_BODIES: unknown[] = [
  {},
  [],
  'text',
  42,
  null,
  { id: 'abc', name: 123, quota: -1, status: 'x', key: {}, p: -1, page_size: 1e308, group: [], models: 7, keyword: { $gt: '' } },
  { id: 1e308, quota: 1e308, remain_quota: -1e308, expired_time: 'soon', amount: NaN, count: 1e9, ids: 'all', model_limits: 5, allow_ips: 7 },
  { id: [1], name: '', key: 'x'.repeat(10_000), base_url: 'not a url', type: 9999, models: '', groups: {}, settings: 'x', other: [] },
  { username: 'a', password: 'b', email: 'not-an-email', code: {}, turnstile: [] },
  { '': '', __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } },
];
const ODD_QUERIES = ['?p=-1&page_size=1e308', '?p=abc&page_size=-5&type=x', '?keyword[]=a&keyword[]=b', '?start_timestamp=9e99&end_timestamp=-9e99', '?id=%00&status=%ff'];

/**
 * Every management route, called by the super administrator (who passes every guard) with malformed ids,
 * bodies and query strings: the answer is an error the client can read — never a 500.
 */
describe('management API with malformed input', () => {
  let ctx: TestContext;
  const routes: { method: string; url: string }[] = [];
  let headers: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', {}, {
      onRoute: (r: RouteOptions) => {
        for (const method of [r.method].flat()) {
          const url = r.url.replace(/\/$/, '');
          if (method !== 'HEAD' && url.startsWith('/api/') && !SKIPPED.has(`${method} ${url}`)) routes.push({ method, url });
        }
      },
    });
    await markSetupDone(ctx.db);
    const root = await createUser(ctx.db, { role: Role.Root });
    const cookie = await ctx.services.sessions.create(root.id, { ip: '127.0.0.1', userAgent: 'fuzz' });
    headers = { cookie: `session=${cookie}`, 'new-api-user': String(root.id) };
  });
  afterAll(() => ctx?.close());

  it('answers every route with a client error or success, whatever the input', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const urls = route.url.includes(':') ? ODD_IDS.map((id) => route.url.replace(/:[a-z_]+/gi, id)) : [route.url];
      for (const base of urls) {
        for (const query of ['', ...ODD_QUERIES]) {
          const bodies = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : ODD_BODIES;
          for (const body of bodies) {
            const res = await ctx.app.inject({
              method: route.method as 'GET',
              url: base + query,
              headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
              payload: body === undefined ? undefined : JSON.stringify(body),
            });
            calls++;
            if (res.statusCode >= 500) failures.push(`${route.method} ${base}${query} ${JSON.stringify(body)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(routes.length).toBeGreaterThan(150);
    expect(calls).toBeGreaterThan(5000);
    expect(failures).toEqual([]);
  }, 600_000);
});
