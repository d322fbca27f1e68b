import { describe, expect, it } from 'vitest';
import { SUPPLIER_NOT_FOUND } from '@gw/contracts';
import { countRows, json, useSiteWithMembers } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { accessTokenCaller } from '../assistant/access-token.test-helpers.js';
import { nowSeconds } from '../platform/clock.js';

describe.each(testDialects())('suppliers (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect);

  const valid = { name: 'DeepSeek', type: 43, sdk: 'openai', base_url: 'https://api.deepseek.com/', disable: false };
  const count = () => countRows(site.ctx.db, 'suppliers');

  it('creates, edits and lists suppliers; users see only enabled ones', async () => {
    const created = await callJson(site.ctx, 'POST', '/api/supplier/admin/', site.admin, valid);
    expect(created).toMatchObject({ success: true, data: { name: 'DeepSeek', type: 43, sdk: 'openai', base_url: 'https://api.deepseek.com', disable: false } });
    const hidden = await callJson(site.ctx, 'POST', '/api/supplier/admin/', site.admin, { ...valid, name: 'Anthropic', type: 14, sdk: 'claude', base_url: 'https://api.anthropic.com', disable: true });
    expect(hidden.data).toMatchObject({ sdk: 'claude', disable: true });

    const edited = await callJson(site.ctx, 'PUT', `/api/supplier/admin/${created.data.id}`, site.admin, { ...valid, name: 'DeepSeek CN', disable: 1 });
    expect(edited).toMatchObject({ success: true, data: { id: created.data.id, name: 'DeepSeek CN', disable: true } });
    await callJson(site.ctx, 'PUT', `/api/supplier/admin/${hidden.data.id}`, site.admin, { ...valid, name: 'Anthropic', type: 14, sdk: 'claude', base_url: 'https://api.anthropic.com', disable: false });

    const all = await callJson(site.ctx, 'GET', '/api/supplier/admin/', site.admin);
    expect(all.data.map((s: { name: string }) => s.name)).toEqual(['DeepSeek CN', 'Anthropic']);
    const forUsers = await callJson(site.ctx, 'GET', '/api/supplier/', site.normal);
    expect(forUsers.data.map((s: { name: string }) => s.name)).toEqual(['Anthropic']);
  });

  const invalid: [what: string, fields: Record<string, unknown>, message: RegExp][] = [
    ['no name', { name: '' }, /name is required/],
    ['no type', { type: undefined }, /type/],
    ['no sdk', { sdk: undefined }, /sdk must be openai or claude/],
    ['an unknown sdk', { sdk: 'gemini' }, /sdk must be openai or claude/],
    ['no base_url', { base_url: '' }, /base_url is required/],
    ['a base_url that is not http(s)', { base_url: 'ftp://example.com' }, /base_url must be an http/],
    ['no disable flag', { disable: undefined }, /disable must be true or false/],
  ];
  it.each(invalid)('refuses %s and saves nothing', async (_what, fields, message) => {
    const before = await count();
    const body = await callJson(site.ctx, 'POST', '/api/supplier/admin/', site.admin, { ...valid, ...fields });
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('refuses to edit an unknown supplier', async () => {
    expect(await callJson(site.ctx, 'PUT', '/api/supplier/admin/999999', site.admin, valid)).toMatchObject({ success: false, message: SUPPLIER_NOT_FOUND });
  });

  it('lets the desktop assistant read enabled suppliers with an access token', async () => {
    const shown = await callJson(site.ctx, 'POST', '/api/supplier/admin/', site.admin, { ...valid, name: 'Token visible' });
    const hidden = await callJson(site.ctx, 'POST', '/api/supplier/admin/', site.admin, { ...valid, name: 'Token hidden', disable: true });
    const user = await accessTokenCaller(site.ctx, site.normal);
    const res = await user.get('/api/supplier/', { bearer: true });
    expect(res.statusCode).toBe(200);
    const ids = json(res).data.map((s: { id: number }) => s.id);
    expect(ids).toContain(shown.data.id);
    expect(ids).not.toContain(hidden.data.id);
    expect((await user.get('/api/supplier/', { userHeader: null })).statusCode).toBe(401);
  });

  it('does not accept a gateway sk- key on /api', async () => {
    const key = `assistant${dialect}key`;
    await site.ctx.db
      .insertInto('tokens')
      .values({ user_id: site.normal.id, key, name: 'gateway', status: 1, created_time: nowSeconds(), expired_time: -1, remain_quota: 0, unlimited_quota: 1 })
      .execute();
    const res = await site.ctx.app.inject({ method: 'GET', url: '/api/supplier/', headers: { authorization: `Bearer sk-${key}`, 'new-api-user': String(site.normal.id) } });
    expect(res.statusCode).toBe(401);
  });

  it('keeps management to administrators', async () => {
    expect((await call(site.ctx, 'GET', '/api/supplier/admin/', site.normal)).statusCode).toBe(403);
    expect((await call(site.ctx, 'POST', '/api/supplier/admin/', site.normal, valid)).statusCode).toBe(403);
    expect((await call(site.ctx, 'GET', '/api/supplier/')).statusCode).toBe(401);
  });
});
