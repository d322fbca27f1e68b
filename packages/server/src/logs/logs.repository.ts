import type { Kysely } from 'kysely';
import type { Database, NewLog } from '../db/schema.js';
import { nowSeconds } from '../platform/clock.js';
import type { SqliteHandle } from '../db/database.js';

const LOG_COLUMNS = [
  'user_id', 'created_at', 'type', 'content', 'username', 'token_name', 'token_id', 'model_name', 'quota', 'prompt_tokens',
  'completion_tokens', 'use_time', 'is_stream', 'channel_id', 'channel_name', 'group', 'ip', 'request_id', 'other', 'remark',
] as const;
const LOG_DEFAULTS: Record<(typeof LOG_COLUMNS)[number], unknown> = {
  user_id: 0, created_at: 0, type: 0, content: null, username: '', token_name: '', token_id: 0, model_name: '', quota: 0, prompt_tokens: 0,
  completion_tokens: 0, use_time: 0, is_stream: 0, channel_id: 0, channel_name: '', group: '', ip: '', request_id: '', other: null, remark: '',
};
const INSERT_ONE_SQL = `insert into "logs" (${LOG_COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${LOG_COLUMNS.map(() => '?').join(', ')})`;
const ROWS_PER_INSERT = 100;

export const logsRepository = {
  /**
   * Inserts many log rows (the relay's settlement batches). On SQLite one cached prepared statement runs
   * per row — compiling a many-row insert through Kysely cost more than writing the rows; elsewhere
   * multi-row inserts. `sqlite` is the handle of the database `db` belongs to (see sqliteHandleOf).
   */
  async insertMany(db: Kysely<Database>, rows: NewLog[], sqlite?: SqliteHandle): Promise<void> {
    if (rows.length === 0) return;
    if (sqlite) {
      const stmt = sqlite.prepare(INSERT_ONE_SQL);
      for (const row of rows) stmt.run(LOG_COLUMNS.map((c) => (row as Record<string, unknown>)[c] ?? LOG_DEFAULTS[c]));
      return;
    }
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await db.insertInto('logs').values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
  },

  async insert(db: Kysely<Database>, log: Omit<NewLog, 'created_at'> & { created_at?: number }): Promise<void> {
    await db.insertInto('logs').values({ created_at: nowSeconds(), ...log }).execute();
  },
};
