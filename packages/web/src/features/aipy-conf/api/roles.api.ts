import type { AiRoleBody, AiRoleList, AiRoleView } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/ai-role/admin/: the roles are in data.data. */
export async function listRoles(signal?: AbortSignal): Promise<AiRoleView[]> {
  return (await api.get<AiRoleList>('/api/ai-role/admin/', undefined, signal)).data;
}

/** POST /api/ai-role/admin/: name and TOML content. */
export function createRole(body: AiRoleBody): Promise<AiRoleView> {
  return api.post('/api/ai-role/admin/', { role_name: body.role_name, role: body.role });
}

export function updateRole(id: number, body: AiRoleBody): Promise<AiRoleView> {
  return api.put(`/api/ai-role/admin/${id}`, body);
}

export function deleteRole(id: number): Promise<void> {
  return api.delete(`/api/ai-role/admin/${id}`);
}
