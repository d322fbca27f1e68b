import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { Role } from '@gw/contracts';
import { createTestContext, createUser, markSetupDone, type TestContext } from './test-app.js';
import { testDialects } from './test-database.js';

type Level = 'public' | 'user' | 'admin' | 'root';

/**
 * The permission map of the management API. Every registered /api route must be listed here, so a new
 * route cannot ship without a stated level, and each level is checked for every role and for anonymous.
 */
const EXPECTED: Record<string, Level> = {
  'GET /api/setup': 'public',
  'POST /api/setup': 'public',
  'GET /api/status': 'public',
  'GET /api/notice': 'public',
  'GET /api/about': 'public',
  'GET /api/home_page_content': 'public',
  'POST /api/user/login': 'public',
  'GET /api/user/logout': 'public',
  'POST /api/user/register': 'public',
  'GET /api/user/groups': 'public',
  'GET /api/user/token': 'user',
  'GET /api/user/self': 'user',
  'PUT /api/user/self': 'user',
  'DELETE /api/user/self': 'user',
  'GET /api/user/self/groups': 'user',
  'GET /api/user': 'admin',
  'GET /api/user/search': 'admin',
  'GET /api/user/:id': 'admin',
  'POST /api/user': 'admin',
  'PUT /api/user': 'admin',
  'POST /api/user/manage': 'admin',
  'GET /api/group': 'admin',
  'GET /api/option': 'root',
  'PUT /api/option': 'root',
  'POST /api/option/rest_model_ratio': 'root',
  'GET /api/channel/test/:id': 'root',
  'GET /api/channel/test': 'root',
  'GET /api/channel/update_balance/:id': 'root',
  'GET /api/channel/update_balance': 'root',
  'GET /api/log': 'admin',
  'GET /api/log/self': 'user',
  'GET /api/log/stat': 'admin',
  'GET /api/log/self/stat': 'user',
  'GET /api/log/export': 'admin',
  'GET /api/log/self/export': 'user',
  'DELETE /api/log': 'root',
  'GET /api/data': 'admin',
  'GET /api/data/self': 'user',
  'GET /api/pricing': 'public',
  'GET /api/model_hub': 'public',
  'GET /api/model_hub/admin': 'admin',
  'PUT /api/model_hub/admin': 'admin',
  'GET /api/user/models': 'user',
  'GET /api/models': 'user',
  'GET /api/token': 'user',
  'GET /api/token/search': 'user',
  'GET /api/token/:id': 'user',
  'POST /api/token': 'user',
  'PUT /api/token': 'user',
  'DELETE /api/token/:id': 'user',
  'POST /api/token/batch': 'user',
  'GET /api/redemption': 'admin',
  'GET /api/redemption/search': 'admin',
  'GET /api/redemption/:id': 'admin',
  'POST /api/redemption': 'admin',
  'PUT /api/redemption': 'admin',
  'DELETE /api/redemption/invalid': 'admin',
  'DELETE /api/redemption/:id': 'admin',
  'POST /api/user/topup': 'user',
};

const ROLES = [
  { name: 'anonymous', role: null },
  { name: 'user', role: Role.User },
  { name: 'admin', role: Role.Admin },
  { name: 'root', role: Role.Root },
] as const;

/** Allowed by level, but refused by a business rule (spec 1 §6: the super administrator cannot be deleted). */
const RULE_REFUSALS = new Set(['DELETE /api/user/self as root']);

/** Routes that answer an allowed caller with something other than JSON (CSV downloads). */
const NON_JSON_ROUTES = new Set(['GET /api/log/export', 'GET /api/log/self/export']);

const rank: Record<Level, number> = { public: 0, user: Role.User, admin: Role.Admin, root: Role.Root };

describe.each(testDialects())('permission matrix (%s)', (dialect) => {
  let ctx: TestContext;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {}, {
      onRoute: (r: RouteOptions) => {
        for (const method of [r.method].flat()) {
          if (method !== 'HEAD' && r.url.startsWith('/api/')) routes.push({ method, url: r.url.replace(/\/$/, '') });
        }
      },
    });
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('states a level for every route, and every stated route exists', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect([...registered].filter((r) => !(r in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((r) => !registered.has(r))).toEqual([]);
  });

  it('answers each route for each role as its level says, and never with a 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const level = EXPECTED[`${route.method} ${route.url}`];
      for (const who of ROLES) {
        const headers: Record<string, string> = {};
        if (who.role !== null) {
          const actor = await createUser(ctx.db, { role: who.role });
          const cookie = await ctx.services.sessions.create(actor.id, { ip: '127.0.0.1', userAgent: 'matrix' });
          headers.cookie = `session=${cookie}`;
          headers['new-api-user'] = String(actor.id);
        }
        const target = await createUser(ctx.db);
        const url = route.url.replace(':id', String(target.id));
        const res = await ctx.app.inject({ method: route.method as 'GET', url, headers, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : { id: target.id } });
        const allowed = who.role !== null ? who.role >= rank[level] : level === 'public';
        const label = `${route.method} ${route.url} as ${who.name} → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${label} (server error)`);
        else if (allowed && RULE_REFUSALS.has(`${route.method} ${route.url} as ${who.name}`)) {
          if (res.statusCode !== 403) failures.push(`${label} (expected the rule's 403)`);
        } else if (allowed && (res.statusCode === 401 || res.statusCode === 403)) failures.push(`${label} (should be allowed)`);
        else if (!allowed && who.role === null && res.statusCode !== 401) failures.push(`${label} (expected 401)`);
        else if (!allowed && who.role !== null && res.statusCode !== 403) failures.push(`${label} (expected 403)`);
        const expectsJson = !(allowed && NON_JSON_ROUTES.has(`${route.method} ${route.url}`));
        if (expectsJson && !res.headers['content-type']?.toString().includes('application/json')) failures.push(`${label} (not JSON)`);
      }
    }
    expect(failures).toEqual([]);
  });
});
