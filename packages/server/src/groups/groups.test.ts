import { afterEach, describe, expect, it } from 'vitest';
import { AUTO_GROUP_RATIO_TEXT, Role } from '@gw/contracts';
import { useSiteWithMembers } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { optionRegistry } from '../options/option-registry.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { autoGroupsFor } from './groups.service.js';

describe.each(testDialects())('groups (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect, { role: Role.User, group: 'svip' });
  afterEach(() =>
    site.ctx.services.options.set({
      GroupRatio: optionRegistry.GroupRatio.default,
      UserUsableGroups: optionRegistry.UserUsableGroups.default,
      AutoGroups: optionRegistry.AutoGroups.default,
      'group_ratio_setting.group_special_usable_group': {},
    }),
  );

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

  it('offers the auto group, with a text for its ratio as new-api answers, once UserUsableGroups lists it', async () => {
    await site.ctx.services.options.set({ UserUsableGroups: { default: 'default', auto: 'Pick for me' } });
    expect((await callJson(site.ctx, 'GET', '/api/user/self/groups', site.normal)).data).toMatchObject({ auto: { ratio: AUTO_GROUP_RATIO_TEXT, desc: 'Pick for me' } });
    expect((await callJson(site.ctx, 'GET', '/api/user/groups')).data).toHaveProperty('auto');
    // A token may then be put in it; without the offer it may not.
    const created = await callJson(site.ctx, 'POST', '/api/token/', site.normal, { name: 'auto-key', group: 'auto', unlimited_quota: true });
    expect(created).toMatchObject({ success: true });
    await site.ctx.services.options.set({ UserUsableGroups: { default: 'default' } });
    expect((await callJson(site.ctx, 'GET', '/api/user/self/groups', site.normal)).data).not.toHaveProperty('auto');
    expect(await callJson(site.ctx, 'POST', '/api/token/', site.normal, { name: 'auto-key-2', group: 'auto', unlimited_quota: true })).toMatchObject({ success: false, message: 'group "auto" is not available to you' });
  });

  it('routes an auto key through the AutoGroups its owner may use, in order', async () => {
    await site.ctx.services.options.set({ UserUsableGroups: { default: 'default', vip: 'vip' }, AutoGroups: ['svip', 'gold', 'vip', 'default'] });
    // svip is the member's own group (always usable); gold does not exist; all three others may be used.
    expect(autoGroupsFor(site.ctx.services.options, 'svip')).toEqual(['svip', 'vip', 'default']);
    expect(autoGroupsFor(site.ctx.services.options, 'default')).toEqual(['vip', 'default']);
  });

  it('refuses an AutoGroups value that is not an array of group names, keeping the saved one', async () => {
    await expect(site.ctx.services.options.update([{ key: 'AutoGroups', value: '{"default": 1}' }])).rejects.toThrow(/AutoGroups.*must be a JSON array of group names/);
    await expect(site.ctx.services.options.update([{ key: 'AutoGroups', value: '["vip", ""]' }])).rejects.toThrow(/a group name must not be empty/);
    expect(site.ctx.services.options.get('AutoGroups')).toEqual(['default']);
  });

  it('adds and removes groups for one user group by group_special_usable_group', async () => {
    await site.ctx.services.options.set({
      GroupRatio: { default: 1, vip: 2, svip: 3, gold: 4 },
      UserUsableGroups: { default: 'default', vip: 'vip' },
      'group_ratio_setting.group_special_usable_group': { svip: { '+:gold': 'Gold for svip', '-:vip': 'remove', auto: 'Pick for me' }, default: { '-:default': 'remove' } },
    });
    // The member's group is svip: gold and auto are added, vip is taken away, their own group stays.
    expect((await callJson(site.ctx, 'GET', '/api/user/self/groups', site.normal)).data).toEqual({
      default: { ratio: 1, desc: 'default' },
      gold: { ratio: 4, desc: 'Gold for svip' },
      svip: { ratio: 3, desc: 'svip' },
      auto: { ratio: AUTO_GROUP_RATIO_TEXT, desc: 'Pick for me' },
    });
    expect((await callJson(site.ctx, 'POST', '/api/token/', site.normal, { name: 'gold-key', group: 'gold', unlimited_quota: true })).success).toBe(true);
    expect(await callJson(site.ctx, 'POST', '/api/token/', site.normal, { name: 'vip-key', group: 'vip', unlimited_quota: true })).toMatchObject({ success: false, message: 'group "vip" is not available to you' });
    // The rules of another user group do not apply; a user's own group can never be taken away.
    expect((await callJson(site.ctx, 'GET', '/api/user/groups')).data).toEqual({ default: { ratio: 1, desc: 'default' }, vip: { ratio: 2, desc: 'vip' } });
    expect(Object.keys((await callJson(site.ctx, 'GET', '/api/user/self/groups', site.admin)).data).sort()).toEqual(['default', 'vip']);
  });

  it('refuses special usable-group rules that are not user group → {rule: description}', async () => {
    await expect(site.ctx.services.options.update([{ key: 'group_ratio_setting.group_special_usable_group', value: '{"vip": ["+:gold"]}' }])).rejects.toThrow(/each user group needs an object of rules/);
    await expect(site.ctx.services.options.update([{ key: 'group_ratio_setting.group_special_usable_group', value: '{"vip": {"+:gold": 1}}' }])).rejects.toThrow(/each rule needs a description/);
  });
});
