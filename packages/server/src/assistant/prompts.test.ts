import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantMessage, PROMPT_INSTRUCTION_REQUIRED, PROMPT_MCP_REQUIRED, PROMPT_TITLE_REQUIRED } from '@gw/contracts';
import type { TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson, siteWithMembers, type Member } from '../users/users.test-helpers.js';

describe.each(testDialects())('suggested prompts (%s)', (dialect) => {
  let ctx: TestContext;
  let admin: Member;
  let normal: Member;

  beforeAll(async () => {
    ({ ctx, admin, normal } = await siteWithMembers(dialect));
  });
  afterAll(() => ctx?.close());

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
  const count = async () => Number((await ctx.db.selectFrom('suggested_prompts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);

  it('creates, edits and deletes a prompt with the spec messages', async () => {
    const created = await callJson(ctx, 'POST', '/api/prompt/suggest', admin, valid);
    expect(created).toMatchObject({ success: true, message: AssistantMessage.Added, data: { ...valid } });
    const id = created.data.id;
    const edited = await callJson(ctx, 'PUT', `/api/prompt/suggest/${id}`, admin, { ...valid, title: 'Clean it', release: false, platform: ['darwin'] });
    expect(edited).toMatchObject({ success: true, message: AssistantMessage.Updated, data: { id, title: 'Clean it', release: false, platform: ['darwin'] } });
    expect(await callJson(ctx, 'DELETE', `/api/prompt/suggest/${id}`, admin)).toMatchObject({ success: true, message: AssistantMessage.Deleted });
    expect(await callJson(ctx, 'DELETE', `/api/prompt/suggest/${id}`, admin)).toMatchObject({ success: false, message: 'prompt not found' });
    expect(await callJson(ctx, 'PUT', `/api/prompt/suggest/${id}`, admin, valid)).toMatchObject({ success: false, message: 'prompt not found' });
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
    expect(await callJson(ctx, 'POST', '/api/prompt/suggest', admin, { ...valid, ...fields })).toMatchObject({ success: false, message });
    expect(await count()).toBe(before);
  });

  it('shows administrators every prompt and users only released ones, sort descending, filterable by platform', async () => {
    const mk = async (title: string, fields: Record<string, unknown>) => (await callJson(ctx, 'POST', '/api/prompt/suggest', admin, { ...valid, title, ...fields })).data.id;
    const low = await mk('low', { sort: 1, platform: ['win32'] });
    const high = await mk('high', { sort: 9, platform: [] });
    const draft = await mk('draft', { sort: 20, release: false });
    const forAdmin = (await callJson(ctx, 'GET', '/api/prompt/suggest', admin)).data.map((p: { id: number }) => p.id);
    expect(forAdmin.filter((id: number) => [low, high, draft].includes(id))).toEqual([draft, high, low]);
    const forUser = (await callJson(ctx, 'GET', '/api/prompt/suggest', normal)).data.map((p: { id: number }) => p.id);
    expect(forUser.filter((id: number) => [low, high, draft].includes(id))).toEqual([high, low]);
    const mac = (await callJson(ctx, 'GET', '/api/prompt/suggest?platform=darwin', normal)).data.map((p: { id: number }) => p.id);
    expect(mac).toContain(high);
    expect(mac).not.toContain(low);
  });

  it('keeps writing to administrators', async () => {
    expect((await call(ctx, 'POST', '/api/prompt/suggest', normal, valid)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/prompt/suggest')).statusCode).toBe(401);
  });
});
