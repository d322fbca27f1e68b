import type { AiRoleBody, AiRoleView } from '@gw/contracts';

/** The role dialog's form model: the content is TOML text (stored by the server as JSON). */
export interface RoleFormValues {
  role_name: string;
  role: string;
}

export function newRoleValues(): RoleFormValues {
  return { role_name: '', role: '' };
}

/** Editing starts from the server's TOML rendering of the stored JSON. */
export function roleToValues(role: AiRoleView): RoleFormValues {
  return { role_name: role.role_name, role: role.role_toml || role.role };
}

/**
 * POST sends name and TOML; PUT also sends the row's type and quota so editing keeps them. The server
 * parses the TOML and answers 角色格式不正确 when it is not valid.
 */
export function valuesToRoleBody(v: RoleFormValues, existing: AiRoleView | null): AiRoleBody {
  return { role_name: v.role_name.trim(), role: v.role.trim(), type: existing?.type ?? 0, quota: existing?.quota ?? 0 };
}

/** A one-line preview of the content for the table. */
export function rolePreview(json: string, max = 80): string {
  const flat = json.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
