import { BINDING_COLUMNS, BINDING_TYPES, type BindingType, type UserView } from '@gw/contracts';

export interface BoundItem {
  type: BindingType;
  /** The e-mail address or the external account id. */
  value: string;
}

/** The user's e-mail and built-in third-party bindings that are set, in the order the server names them. */
export function boundItemsOf(user: Pick<UserView, (typeof BINDING_COLUMNS)[BindingType]>): BoundItem[] {
  return BINDING_TYPES.map((type) => ({ type, value: String(user[BINDING_COLUMNS[type]] ?? '') })).filter((b) => b.value !== '');
}

/** Whether the signed-in administrator may act on the user (the server's rule: root anyone, others lower roles). */
export function canManageUser(me: { role: number } | null | undefined, actorIsRoot: boolean, target: { role: number }): boolean {
  return actorIsRoot || (me?.role ?? 0) > target.role;
}
