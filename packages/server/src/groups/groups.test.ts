import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '@gw/contracts';
import { useSiteWithMembers } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { optionRegistry } from '../options/option-registry.js';
import { call, callJson } from '../users/users.test-helpers.js';

describe.each(testDialects())('groups (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect, { role: Role.User, group: 'svip' });
  afterEach(() => site.ctx.services.options.set({ GroupRatio: optionRegistry.GroupRatio.default, UserUsableGroups: optionRegistry.UserUsableGroups.default }));

  it('GET /api/group/ lists the GroupRatio names for an admin', async () => {
    expect(await callJson(site.ctx, 'GET', '/api/group/', site.admin)).toEqual({ success: true, message: '', data: ['default', 'vip', 'svip'] });
  });

  it('GET /api/group/ follows changes to GroupRatio', async () => {
    await site.ctx.services.options.set({ GroupRatio: { default: 1, gold: 0.5 } });
    expect((await callJson(site.ctx, 'GET', '/api/group/', site.admin)).data).toEqual(['default', 'gold']);
  });

  it('GET /api/group/ is for administrators only', async () => {
    expect((await call(site.ctx, 'GET', '/api/group/')).statusCode).toBe(401);
    expect((await call(site.ctx, 'GET', '/api/group/', site.normal)).statusCode).toBe(403);
  });

  it('GET /api/user/groups lists usable groups that exist, with ratio and description', async () => {
    await site.ctx.services.options.set({ GroupRatio: { default: 1, vip: 2 }, UserUsableGroups: { default: 'Default', vip: 'VIP', ghost: 'not in GroupRatio' } });
    expect((await callJson(site.ctx, 'GET', '/api/user/groups')).data).toEqual({ default: { ratio: 1, desc: 'Default' }, vip: { ratio: 2, desc: 'VIP' } });
  });

  it('GET /api/user/self/groups adds the user\'s own group', async () => {
    const body = await callJson(site.ctx, 'GET', '/api/user/self/groups', site.normal);
    expect(body.data).toEqual({ default: { ratio: 1, desc: 'default' }, vip: { ratio: 1, desc: 'vip' }, svip: { ratio: 1, desc: 'svip' } });
    expect((await callJson(site.ctx, 'GET', '/api/user/groups')).data).not.toHaveProperty('svip');
  });
});
