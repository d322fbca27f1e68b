/** User roles (spec 1 §4): admin is role >= 10, root is role >= 100. */
export const Role = { Guest: 0, User: 1, Admin: 10, Root: 100 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

/** User status (spec 1 §4). */
export const UserStatus = { Enabled: 1, Disabled: 2, NotEnableable: 3 } as const;

export const isAdmin = (role: number) => role >= Role.Admin;
export const isRoot = (role: number) => role >= Role.Root;
