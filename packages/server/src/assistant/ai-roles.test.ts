import { describe, expect, it } from 'vitest';
import { AssistantMessage, ROLE_CONTENT_REQUIRED, ROLE_FORMAT_INVALID, ROLE_NAME_REQUIRED } from '@gw/contracts';
import { countRows, json, useSiteWithMembers } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { accessTokenCaller } from './access-token.test-helpers.js';

const TOML = `
name = "Data analyst"
temperature = 0.2

[prompt]
system = "You analyse data."
tools = ["python", "sql"]
`;

describe.each(testDialects())('AI roles (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect);

  const count = () => countRows(site.ctx.db, 'ai_roles');

  it('stores TOML as JSON, answers it back as TOML, and edits and deletes roles', async () => {
    const created = await callJson(site.ctx, 'POST', '/api/ai-role/admin/', site.admin, { role_name: 'Analyst', role: TOML });
    expect(created).toMatchObject({ success: true, message: AssistantMessage.Added, data: { role_name: 'Analyst', type: 0, quota: 0 } });
    expect(JSON.parse(created.data.role)).toEqual({ name: 'Data analyst', temperature: 0.2, prompt: { system: 'You analyse data.', tools: ['python', 'sql'] } });
    expect(created.data.role_toml).toContain('[prompt]');
    const stored = await site.ctx.db.selectFrom('ai_roles').select('role').where('id', '=', created.data.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.role!)).toMatchObject({ name: 'Data analyst' });

    const id = created.data.id;
    const edited = await callJson(site.ctx, 'PUT', `/api/ai-role/admin/${id}`, site.admin, { role_name: 'Analyst 2', role: 'a = 1', type: 2, quota: 500 });
    expect(edited).toMatchObject({ success: true, message: AssistantMessage.Updated, data: { id, role_name: 'Analyst 2', role: '{"a":1}', type: 2, quota: 500 } });

    const list = await callJson(site.ctx, 'GET', '/api/ai-role/admin/', site.admin);
    expect(list.data.data.map((r: { id: number }) => r.id)).toContain(id);
    expect(list.data.total).toBe(list.data.data.length);
    expect((await callJson(site.ctx, 'GET', '/api/ai-role/', site.normal)).data.data.map((r: { id: number }) => r.id)).toContain(id);

    expect(await callJson(site.ctx, 'DELETE', `/api/ai-role/admin/${id}`, site.admin)).toMatchObject({ success: true, message: AssistantMessage.Deleted });
    expect(await callJson(site.ctx, 'DELETE', `/api/ai-role/admin/${id}`, site.admin)).toMatchObject({ success: false, message: 'role not found' });
  });

  it('accepts content already converted to a JSON object', async () => {
    const body = await callJson(site.ctx, 'POST', '/api/ai-role/admin/', site.admin, { role_name: 'Obj', role: { a: { b: [1, 2] } } });
    expect(body).toMatchObject({ success: true, data: { role: '{"a":{"b":[1,2]}}' } });
  });

  const deep = (n: number) => `x = ${'['.repeat(n)}1${']'.repeat(n)}`;
  const deepHeader = (n: number) => `[${Array.from({ length: n }, (_, i) => `k${i}`).join('.')}]\nv = 1`;
  const invalid: [what: string, body: Record<string, unknown>, message: string][] = [
    ['TOML that does not parse', { role_name: 'Bad', role: 'name = "unterminated' }, ROLE_FORMAT_INVALID],
    ['a duplicate key', { role_name: 'Bad', role: 'a = 1\na = 2' }, ROLE_FORMAT_INVALID],
    ['JSON text (not TOML)', { role_name: 'Bad', role: '{"a": 1}' }, ROLE_FORMAT_INVALID],
    ['arrays nested deeper than the limit', { role_name: 'Deep', role: deep(1200) }, ROLE_FORMAT_INVALID],
    ['tables nested deeper than the limit', { role_name: 'Deep', role: deepHeader(1100) }, ROLE_FORMAT_INVALID],
    ['no role name', { role_name: ' ', role: 'a = 1' }, ROLE_NAME_REQUIRED],
    ['no content', { role_name: 'Empty', role: '' }, ROLE_CONTENT_REQUIRED],
  ];
  it.each(invalid)('refuses %s with the spec message and saves nothing', async (_what, body, message) => {
    const before = await count();
    expect(await callJson(site.ctx, 'POST', '/api/ai-role/admin/', site.admin, body)).toMatchObject({ success: false, message });
    expect(await count()).toBe(before);
  });

  it('refuses a bad TOML edit and keeps the stored role', async () => {
    const { data } = await callJson(site.ctx, 'POST', '/api/ai-role/admin/', site.admin, { role_name: 'Keep', role: 'a = 1' });
    expect(await callJson(site.ctx, 'PUT', `/api/ai-role/admin/${data.id}`, site.admin, { role_name: 'Keep', role: '= broken' })).toMatchObject({ success: false, message: ROLE_FORMAT_INVALID });
    expect((await site.ctx.db.selectFrom('ai_roles').select('role').where('id', '=', data.id).executeTakeFirstOrThrow()).role).toBe('{"a":1}');
  });

  it('lets the desktop assistant read roles with an access token', async () => {
    const { data } = await callJson(site.ctx, 'POST', '/api/ai-role/admin/', site.admin, { role_name: 'Via token', role: TOML });
    const user = await accessTokenCaller(site.ctx, site.normal);
    const res = await user.get('/api/ai-role/');
    expect(res.statusCode).toBe(200);
    const body = json(res).data;
    expect(body.total).toBe(body.data.length);
    expect(body.data.find((r: { id: number }) => r.id === data.id)).toMatchObject({ role_name: 'Via token' });
    expect((await user.get('/api/ai-role/', { userHeader: String(site.admin.id) })).statusCode).toBe(401);
  });

  it('keeps management to administrators', async () => {
    expect((await call(site.ctx, 'GET', '/api/ai-role/admin/', site.normal)).statusCode).toBe(403);
    expect((await call(site.ctx, 'POST', '/api/ai-role/admin/', site.normal, { role_name: 'x', role: 'a = 1' })).statusCode).toBe(403);
    expect((await call(site.ctx, 'GET', '/api/ai-role/')).statusCode).toBe(401);
  });
});
