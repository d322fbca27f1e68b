import type { Kysely } from 'kysely';
import type { Database, NewLog } from '../db/schema.js';
import { nowSeconds } from '../platform/clock.js';

export const logsRepository = {
  async insert(db: Kysely<Database>, log: Omit<NewLog, 'created_at'> & { created_at?: number }): Promise<void> {
    await db.insertInto('logs').values({ created_at: nowSeconds(), ...log }).execute();
  },
};
