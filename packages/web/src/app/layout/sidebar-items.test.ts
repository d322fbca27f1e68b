import { describe, expect, it } from 'vitest';
import { Role } from '@gw/contracts';
import { sidebarGroupsFor } from './sidebar-items';

const consolePaths = (status: Parameters<typeof sidebarGroupsFor>[1]) =>
  sidebarGroupsFor(Role.User, status).find((g) => g.key === 'console')?.items.map((i) => i.path);

describe('sidebar task-log entries (spec 3 §2.1)', () => {
  it('shows the drawing log only when drawing is enabled and the task log only when tasks are', () => {
    expect(consolePaths({ enable_drawing: true, enable_task: true })).toEqual(['/token', '/log', '/midjourney', '/task']);
    expect(consolePaths({ enable_drawing: false, enable_task: true })).toEqual(['/token', '/log', '/task']);
    expect(consolePaths({ enable_drawing: true, enable_task: false })).toEqual(['/token', '/log', '/midjourney']);
    expect(consolePaths({})).toEqual(['/token', '/log']);
  });
});

describe('sidebar modules switched off by the administrator (SidebarModulesAdmin)', () => {
  const pathsOf = (role: number, SidebarModulesAdmin: string) =>
    Object.fromEntries(sidebarGroupsFor(role, { enable_data_export: true, SidebarModulesAdmin }).map((g) => [g.key, g.items.map((i) => i.path)]));

  it('shows every entry by default and for a missing or unreadable value', () => {
    for (const raw of ['', '{not json', '{}']) {
      expect(pathsOf(Role.Root, raw)).toEqual({
        chat: ['/playground'],
        console: ['/detail', '/token', '/log'],
        admin: ['/channel', '/redemption', '/user', '/setting', '/aipy-conf', '/activity-config', '/prefill-group', '/models', '/subscription'],
        personal: ['/topup', '/personal', '/custom-models', '/activity-center'],
      });
    }
  });

  it('hides a switched-off entry, and a whole section switched off, for administrators too', () => {
    const raw = JSON.stringify({ console: { enabled: true, token: false }, admin: { enabled: false, user: true }, personal: { topup: false } });
    expect(pathsOf(Role.Root, raw)).toEqual({ chat: ['/playground'], console: ['/detail', '/log'], personal: ['/personal', '/custom-models', '/activity-center'] });
    expect(pathsOf(Role.User, raw)).toEqual({ chat: ['/playground'], console: ['/detail', '/log'], personal: ['/personal', '/custom-models', '/activity-center'] });
  });

  it('hides the subscription plans page with its admin.subscription switch (new-api\'s key)', () => {
    expect(pathsOf(Role.Admin, JSON.stringify({ admin: { subscription: false } })).admin).not.toContain('/subscription');
    expect(pathsOf(Role.Admin, '{}').admin).toContain('/subscription');
  });

  it("lists the model management page after the prefill groups, hidden by new-api's admin.models switch", () => {
    expect(pathsOf(Role.Admin, '{}').admin).toEqual(['/user', '/setting', '/aipy-conf', '/activity-config', '/prefill-group', '/models', '/subscription']);
    expect(pathsOf(Role.Admin, JSON.stringify({ admin: { models: false } })).admin).not.toContain('/models');
    expect(pathsOf(Role.User, '{}').admin).toBeUndefined();
  });

  it('leaves out a group whose entries are all switched off', () => {
    const raw = JSON.stringify({ personal: { topup: false, personal: false, customModels: false, activityCenter: false } });
    expect(Object.keys(pathsOf(Role.User, raw))).toEqual(['chat', 'console']);
  });

  it("offers the playground in the chat section (new-api's chat.playground) until it or the section is switched off", () => {
    expect(pathsOf(Role.User, '{}').chat).toEqual(['/playground']);
    expect(pathsOf(Role.User, JSON.stringify({ chat: { playground: false } })).chat).toBeUndefined();
    expect(pathsOf(Role.Root, JSON.stringify({ chat: { enabled: false, playground: true } })).chat).toBeUndefined();
  });
});
