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
