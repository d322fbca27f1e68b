import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

describe.each(testDialects())('first-run setup (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => { ctx = await createTestContext(dialect); });
  afterAll(() => ctx?.close());

  it('reports an uninitialised system with its database type', async () => {
    const body = json(await ctx.app.inject({ method: 'GET', url: '/api/setup' }));
    expect(body.data).toEqual({ status: false, root_init: false, database_type: dialect });
  });

  it('rejects mismatched and short passwords with the field named', async () => {
    const mismatch = json(await ctx.app.inject({ method: 'POST', url: '/api/setup', payload: { username: 'root1', password: 'password123', confirmPassword: 'password124' } }));
    expect(mismatch.success).toBe(false);
    expect(mismatch.message).toMatch(/differ/);
    const short = json(await ctx.app.inject({ method: 'POST', url: '/api/setup', payload: { username: 'root1', password: 'short', confirmPassword: 'short' } }));
    expect(short.message).toMatch(/password/);
  });

  it('creates the root user once, stores the modes, then refuses', async () => {
    const payload = { username: 'boss', password: 'password123', confirmPassword: 'password123', SelfUseModeEnabled: true, DemoSiteEnabled: false };
    const results = await Promise.all([1, 2, 3].map(() => ctx.app.inject({ method: 'POST', url: '/api/setup', payload })));
    expect(results.map((r) => json(r).success).filter(Boolean)).toHaveLength(1);
    const roots = await ctx.db.selectFrom('users').select(['username', 'role', 'quota']).execute();
    expect(roots).toEqual([{ username: 'boss', role: 100, quota: 100_000_000 }]);
    const status = json(await ctx.app.inject({ method: 'GET', url: '/api/status' }));
    expect(status.data.self_use_mode_enabled).toBe(true);
    expect(status.data.setup).toBe(true);
    const again = json(await ctx.app.inject({ method: 'POST', url: '/api/setup', payload }));
    expect(again.success).toBe(false);
    const login = json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'boss', password: 'password123' } }));
    expect(login.data.role).toBe(100);
  });
});
