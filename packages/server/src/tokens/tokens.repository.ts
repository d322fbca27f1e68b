import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database>;

/** A token joined with its owner: everything the gateway checks before an upstream call, in one query. */
export interface TokenWithOwner {
  id: number;
  user_id: number;
  name: string;
  status: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: number;
  model_limits_enabled: number;
  model_limits: string | null;
  allow_ips: string | null;
  group: string;
  user_username: string;
  user_role: number;
  user_status: number;
  user_group: string;
  user_quota: number;
  user_setting: string | null;
  user_deleted_at: number | null;
}

export const tokensRepository = {
  findByKeyWithOwner(db: Executor, key: string): Promise<TokenWithOwner | undefined> {
    return db
      .selectFrom('tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id', 't.user_id', 't.name', 't.status', 't.expired_time', 't.remain_quota', 't.unlimited_quota',
        't.model_limits_enabled', 't.model_limits', 't.allow_ips', 't.group',
        'u.username as user_username', 'u.role as user_role', 'u.status as user_status', 'u.group as user_group',
        'u.quota as user_quota', 'u.setting as user_setting', 'u.deleted_at as user_deleted_at',
      ])
      .where('t.key', '=', key)
      .where('t.deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** Writes back an observed expiry/exhaustion, only if the token is still enabled. */
  async markStatus(db: Executor, id: number, status: number): Promise<void> {
    await db.updateTable('tokens').set({ status }).where('id', '=', id).where('status', '=', 1).execute();
  },
};
