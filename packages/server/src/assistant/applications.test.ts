import { describe, expect, it } from 'vitest';
import {
  APP_DISPLAY_NAME_REQUIRED,
  APP_DXT_URL_REQUIRED,
  APP_NAME_REQUIRED,
  APP_NAME_TAKEN,
  APP_NONE_SELECTED,
  APP_TYPE_INVALID,
  APP_VERSION_REQUIRED,
  AssistantMessage,
} from '@gw/contracts';
import { countRows, json, useSiteWithMembers } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { accessTokenCaller } from './access-token.test-helpers.js';

describe.each(testDialects())('agent marketplace applications (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect, { group: 'vip' });

  let seq = 0;
  const app = (fields: Record<string, unknown> = {}) => ({
    name: `app-${dialect}-${++seq}`,
    display_name: ' Data Tool ',
    version: '1.0.0',
    dxt_url: 'https://dl.example.com/app.dxt',
    description: 'does data',
    homepage: 'https://example.com',
    type: 'webview',
    rank: '7',
    app_groups: ['vip'],
    keywords: 'data, csv',
    ...fields,
  });
  const create = (fields: Record<string, unknown> = {}) => callJson(site.ctx, 'POST', '/api/application/admin/', site.admin, app(fields));
  const count = () => countRows(site.ctx.db, 'applications');

  it('creates (trimmed, rank parsed), edits and deletes an application with the spec messages', async () => {
    const created = await create();
    expect(created).toMatchObject({ success: true, message: AssistantMessage.AppCreated, data: { display_name: 'Data Tool', type: 'webview', rank: 7, app_groups: ['vip'], keywords: ['data', 'csv'] } });
    const id = created.data.id;
    const edited = await callJson(site.ctx, 'PUT', `/api/application/admin/${id}`, site.admin, app({ name: created.data.name, type: undefined, rank: undefined, display_name: 'New' }));
    expect(edited).toMatchObject({ success: true, message: AssistantMessage.AppUpdated, data: { id, display_name: 'New', type: 'conversation-tool', rank: 0 } });
    expect(await callJson(site.ctx, 'DELETE', `/api/application/admin/${id}`, site.admin)).toMatchObject({ success: true, message: AssistantMessage.AppDeleted });
    expect(await callJson(site.ctx, 'DELETE', `/api/application/admin/${id}`, site.admin)).toMatchObject({ success: false, message: 'application not found' });
  });

  it('refuses a name already used, on create and on edit, and a racing duplicate', async () => {
    const first = await create({ name: `unique-${dialect}` });
    const before = await count();
    expect(await create({ name: `unique-${dialect}` })).toMatchObject({ success: false, message: APP_NAME_TAKEN });
    const other = await create();
    expect(await callJson(site.ctx, 'PUT', `/api/application/admin/${other.data.id}`, site.admin, app({ name: first.data.name }))).toMatchObject({ success: false, message: APP_NAME_TAKEN });
    const racing = await Promise.all(Array.from({ length: 4 }, () => create({ name: `race-${dialect}` })));
    expect(racing.filter((r) => r.success)).toHaveLength(1);
    expect(racing.filter((r) => !r.success).every((r) => r.message === APP_NAME_TAKEN)).toBe(true);
    expect(await count()).toBe(before + 2);
  });

  const invalid: [what: string, fields: Record<string, unknown>, message: string][] = [
    ['no name', { name: '  ' }, APP_NAME_REQUIRED],
    ['no display name', { display_name: '' }, APP_DISPLAY_NAME_REQUIRED],
    ['no version', { version: undefined }, APP_VERSION_REQUIRED],
    ['no download address', { dxt_url: '' }, APP_DXT_URL_REQUIRED],
    ['an unknown type', { type: 'plugin' }, APP_TYPE_INVALID],
    ['a rank that is not a number', { rank: 'high' }, 'rank must be an integer'],
  ];
  it.each(invalid)('refuses %s with the spec message and saves nothing', async (_what, fields, message) => {
    const before = await count();
    expect(await create(fields)).toMatchObject({ success: false, message });
    expect(await count()).toBe(before);
  });

  it('lists by rank descending with paging and keyword search', async () => {
    const tag = `rank${dialect}`;
    const low = await create({ name: `${tag}-low`, rank: 1 });
    const high = await create({ name: `${tag}-high`, rank: 50 });
    const mid = await create({ name: `${tag}-mid`, rank: 10 });
    const page1 = await callJson(site.ctx, 'GET', `/api/application/admin/?keyword=${tag}&p=1&page_size=2`, site.admin);
    expect(page1.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.data.items.map((a: { id: number }) => a.id)).toEqual([high.data.id, mid.data.id]);
    const page2 = await callJson(site.ctx, 'GET', `/api/application/admin/?keyword=${tag}&p=2&page_size=2`, site.admin);
    expect(page2.data.items.map((a: { id: number }) => a.id)).toEqual([low.data.id]);
  });

  it("offers users their group's applications and those for every group", async () => {
    const vip = await create({ app_groups: ['vip'] });
    const everyone = await create({ app_groups: [] });
    const other = await create({ app_groups: ['default'] });
    const seen = (await callJson(site.ctx, 'GET', '/api/application/', site.normal)).data.map((a: { id: number }) => a.id);
    expect(seen).toContain(vip.data.id);
    expect(seen).toContain(everyone.data.id);
    expect(seen).not.toContain(other.data.id);
  });

  it("lets the desktop assistant read the user's applications with an access token", async () => {
    const vip = await create({ app_groups: ['vip'] });
    const everyone = await create({ app_groups: [] });
    const other = await create({ app_groups: ['default'] });
    const user = await accessTokenCaller(site.ctx, site.normal);
    const res = await user.get('/api/application/');
    expect(res.statusCode).toBe(200);
    const seen = json(res).data.map((a: { id: number }) => a.id);
    expect(seen).toEqual(expect.arrayContaining([vip.data.id, everyone.data.id]));
    expect(seen).not.toContain(other.data.id);
    expect((await user.get('/api/application/', { userHeader: null })).statusCode).toBe(401);
  });

  it('deletes in batch, and refuses an empty selection', async () => {
    const a = await create();
    const b = await create();
    expect(await callJson(site.ctx, 'POST', '/api/application/admin/batch', site.admin, { ids: [] })).toMatchObject({ success: false, message: APP_NONE_SELECTED });
    expect(await callJson(site.ctx, 'POST', '/api/application/admin/batch', site.admin, {})).toMatchObject({ success: false, message: APP_NONE_SELECTED });
    expect(await callJson(site.ctx, 'POST', '/api/application/admin/batch', site.admin, { ids: [a.data.id, b.data.id, 999999] })).toMatchObject({ success: true, message: AssistantMessage.AppsBatchDeleted, data: 2 });
    expect(await site.ctx.db.selectFrom('applications').select('id').where('id', 'in', [a.data.id, b.data.id]).execute()).toEqual([]);
  });

  it('keeps management to administrators', async () => {
    expect((await call(site.ctx, 'GET', '/api/application/admin/', site.normal)).statusCode).toBe(403);
    expect((await call(site.ctx, 'POST', '/api/application/admin/batch', site.normal, { ids: [1] })).statusCode).toBe(403);
    expect((await call(site.ctx, 'GET', '/api/application/')).statusCode).toBe(401);
  });
});
