import { describe, expect, it } from 'vitest';
import { Role } from '@gw/contracts';
import { boundItemsOf, canManageUser } from './user-bindings';

const blank = { email: '', github_id: '', google_id: '', discord_id: '', oidc_id: '', wechat_id: '', telegram_id: '', linux_do_id: '' };

describe('boundItemsOf', () => {
  it('lists only the bindings that are set, e-mail first, by the server\'s binding names', () => {
    expect(boundItemsOf(blank)).toEqual([]);
    expect(boundItemsOf({ ...blank, linux_do_id: 'ld-1', email: 'a@b.c', github_id: '42' })).toEqual([
      { type: 'email', value: 'a@b.c' },
      { type: 'github', value: '42' },
      { type: 'linuxdo', value: 'ld-1' },
    ]);
  });
});

describe('canManageUser', () => {
  it('lets root act on anyone and others only on lower roles', () => {
    expect(canManageUser({ role: Role.Root }, true, { role: Role.Root })).toBe(true);
    expect(canManageUser({ role: Role.Admin }, false, { role: Role.User })).toBe(true);
    expect(canManageUser({ role: Role.Admin }, false, { role: Role.Admin })).toBe(false);
    expect(canManageUser({ role: Role.Admin }, false, { role: Role.Root })).toBe(false);
    expect(canManageUser(null, false, { role: Role.User })).toBe(false);
  });
});
