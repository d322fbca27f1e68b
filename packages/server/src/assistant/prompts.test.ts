import { describe, expect, it } from 'vitest';
import { AssistantMessage, PROMPT_INSTRUCTION_REQUIRED, PROMPT_MCP_REQUIRED, PROMPT_TITLE_REQUIRED } from '@gw/contracts';
import { countRows, json, useSiteWithMembers } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { accessTokenCaller } from './access-token.test-helpers.js';

describe.each(testDialects())('suggested prompts (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect);

  const valid = {
    title: 'Clean a CSV',
    mcp: ['filesystem'],
    instruction: 'Remove empty rows from data.csv',
    version: '1.2',
    sort: 5,
    platform: ['win32', 'darwin'],
    release: true,
    facets: [{ type: 'demo-file', value: 'demo/data.csv' }],
    tags: ['data'],
    result_link: 'https://example.com/result',
  };
  const count = () => countRows(site.ctx.db, 'suggested_prompts');

  it('creates, edits and deletes a prompt with the spec messages', async () => {
    const created = await callJson(site.ctx, 'POST', '/api/prompt/suggest', site.admin, valid);
    expect(created).toMatchObject({ success: true, message: AssistantMessage.Added, data: { ...valid } });
    const id = created.data.id;
    const edited = await callJson(site.ctx, 'PUT', `/api/prompt/suggest/${id}`, site.admin, { ...valid, title: 'Clean it', release: false, platform: ['darwin'] });
    expect(edited).toMatchObject({ success: true, message: AssistantMessage.Updated, data: { id, title: 'Clean it', release: false, platform: ['darwin'] } });
    expect(await callJson(site.ctx, 'DELETE', `/api/prompt/suggest/${id}`, site.admin)).toMatchObject({ success: true, message: AssistantMessage.Deleted });
    expect(await callJson(site.ctx, 'DELETE', `/api/prompt/suggest/${id}`, site.admin)).toMatchObject({ success: false, message: 'prompt not found' });
    expect(await callJson(site.ctx, 'PUT', `/api/prompt/suggest/${id}`, site.admin, valid)).toMatchObject({ success: false, message: 'prompt not found' });
  });

  const invalid: [what: string, fields: Record<string, unknown>, message: string][] = [
    ['no title', { title: ' ' }, PROMPT_TITLE_REQUIRED],
    ['no mcp', { mcp: undefined }, PROMPT_MCP_REQUIRED],
    ['an empty mcp list', { mcp: [] }, PROMPT_MCP_REQUIRED],
    ['no instruction', { instruction: '' }, PROMPT_INSTRUCTION_REQUIRED],
    ['an unknown platform', { platform: ['linux'] }, 'platform must be win32 or darwin'],
    ['a facet of another type', { facets: [{ type: 'url', value: 'x' }] }, 'facet type must be demo-file'],
  ];
  it.each(invalid)('refuses %s and saves nothing', async (_what, fields, message) => {
    const before = await count();
    expect(await callJson(site.ctx, 'POST', '/api/prompt/suggest', site.admin, { ...valid, ...fields })).toMatchObject({ success: false, message });
    expect(await count()).toBe(before);
  });

  it('shows administrators every prompt and users only released ones, sort descending, filterable by platform', async () => {
    const mk = async (title: string, fields: Record<string, unknown>) => (await callJson(site.ctx, 'POST', '/api/prompt/suggest', site.admin, { ...valid, title, ...fields })).data.id;
    const low = await mk('low', { sort: 1, platform: ['win32'] });
    const high = await mk('high', { sort: 9, platform: [] });
    const draft = await mk('draft', { sort: 20, release: false });
    const forAdmin = (await callJson(site.ctx, 'GET', '/api/prompt/suggest', site.admin)).data.map((p: { id: number }) => p.id);
    expect(forAdmin.filter((id: number) => [low, high, draft].includes(id))).toEqual([draft, high, low]);
    const forUser = (await callJson(site.ctx, 'GET', '/api/prompt/suggest', site.normal)).data.map((p: { id: number }) => p.id);
    expect(forUser.filter((id: number) => [low, high, draft].includes(id))).toEqual([high, low]);
    const mac = (await callJson(site.ctx, 'GET', '/api/prompt/suggest?platform=darwin', site.normal)).data.map((p: { id: number }) => p.id);
    expect(mac).toContain(high);
    expect(mac).not.toContain(low);
  });

  it('lets the desktop assistant read prompts with an access token and New-Api-User', async () => {
    const released = (await callJson(site.ctx, 'POST', '/api/prompt/suggest', site.admin, { ...valid, title: 'via token', sort: 50 })).data.id;
    const draft = (await callJson(site.ctx, 'POST', '/api/prompt/suggest', site.admin, { ...valid, title: 'draft via token', release: false })).data.id;
    const user = await accessTokenCaller(site.ctx, site.normal);
    const res = await user.get('/api/prompt/suggest?platform=win32');
    expect(res.statusCode).toBe(200);
    const ids = json(res).data.map((p: { id: number }) => p.id);
    expect(ids).toContain(released);
    expect(ids).not.toContain(draft);
    expect((await user.get('/api/prompt/suggest', { bearer: true })).statusCode).toBe(200);

    const admin = await accessTokenCaller(site.ctx, site.admin);
    expect(json(await admin.get('/api/prompt/suggest')).data.map((p: { id: number }) => p.id)).toContain(draft);
  });

  it('refuses an access token without New-Api-User or naming another user', async () => {
    const user = await accessTokenCaller(site.ctx, site.normal);
    expect((await user.get('/api/prompt/suggest', { userHeader: null })).statusCode).toBe(401);
    expect((await user.get('/api/prompt/suggest', { userHeader: String(site.admin.id) })).statusCode).toBe(401);
  });

  it('keeps writing to administrators', async () => {
    expect((await call(site.ctx, 'POST', '/api/prompt/suggest', site.normal, valid)).statusCode).toBe(403);
    expect((await call(site.ctx, 'GET', '/api/prompt/suggest')).statusCode).toBe(401);
  });
});
