import type { AiRoleBody, AiRoleList, AiRoleView } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { NotFoundError } from '../http/errors.js';
import { nowSeconds } from '../platform/clock.js';
import { aiRolesRepository, type AiRoleRow } from './ai-roles.repository.js';
import { roleContentToJson, roleJsonToToml } from './role-content.js';

/** AI roles of the desktop assistant (spec 3 §2.17): TOML in, JSON stored. */
export class AiRolesService {
  constructor(private readonly db: Db) {}

  async list(): Promise<AiRoleList> {
    const data = (await aiRolesRepository.list(this.db)).map(toAiRoleView);
    return { data, total: data.length };
  }

  /** POST carries role_name and role; type and quota start at their defaults unless given. */
  async create(body: AiRoleBody): Promise<AiRoleView> {
    const id = await aiRolesRepository.insert(this.db, { role_name: body.role_name, role: roleContentToJson(body.role), type: body.type, quota: body.quota, created_at: nowSeconds() });
    return this.get(id);
  }

  async update(id: number, body: AiRoleBody): Promise<AiRoleView> {
    await this.get(id);
    await aiRolesRepository.update(this.db, id, { role_name: body.role_name, role: roleContentToJson(body.role), type: body.type, quota: body.quota });
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    if (!(await aiRolesRepository.delete(this.db, id))) throw new NotFoundError('role');
  }

  private async get(id: number): Promise<AiRoleView> {
    const row = await aiRolesRepository.findById(this.db, id);
    if (!row) throw new NotFoundError('role');
    return toAiRoleView(row);
  }
}

export function toAiRoleView(r: AiRoleRow): AiRoleView {
  return { id: r.id, role_name: r.role_name, role: r.role ?? '{}', role_toml: roleJsonToToml(r.role), type: r.type, quota: r.quota, created_at: r.created_at };
}
