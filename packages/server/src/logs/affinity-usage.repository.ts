import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { LogType } from './log-types.js';

/** One consume log as the affinity usage count reads it. */
export interface AffinityUsageRow {
  created_at: number;
  prompt_tokens: number;
  completion_tokens: number;
  other: string | null;
}

export const affinityUsageRepository = {
  /**
   * Up to `limit` consume logs created at or after `since` (unix seconds) whose `other` names the key
   * fingerprint, newest first. The relay writes `"key_fp":"…"` without spaces (consume-log-other.ts), and
   * a fingerprint is hexadecimal, so the pattern holds no LIKE wildcard; the type/time index bounds the read.
   */
  listByFingerprint(db: Kysely<Database>, keyFp: string, since: number, limit: number): Promise<AffinityUsageRow[]> {
    const pattern = `%"key_fp":"${keyFp.replace(/[\\%_]/g, (m) => '\\' + m)}"%`;
    return db
      .selectFrom('logs')
      .select(['created_at', 'prompt_tokens', 'completion_tokens', 'other'])
      .where('type', '=', LogType.Consume)
      .where('created_at', '>=', since)
      .where(sql<SqlBool>`${sql.ref('other')} like ${pattern} escape ${'\\'}`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
};
