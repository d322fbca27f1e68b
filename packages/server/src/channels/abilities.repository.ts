import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AbilitiesTable, Database } from '../db/schema.js';

type Executor = Kysely<Database>;

export type AbilityRow = Selectable<AbilitiesTable>;
export type NewAbility = Insertable<AbilitiesTable>;

/** Rows per INSERT statement: well under every dialect's bound-parameter limit (7 columns each). */
const INSERT_CHUNK = 500;

/** The only code that reads and writes the abilities table ((group, model) → channel rows). */
export const abilitiesRepository = {
  async deleteForChannel(db: Executor, channelId: number): Promise<void> {
    await db.deleteFrom('abilities').where('channel_id', '=', channelId).execute();
  },

  async deleteForChannels(db: Executor, channelIds: readonly number[]): Promise<void> {
    if (channelIds.length === 0) return;
    await db.deleteFrom('abilities').where('channel_id', 'in', channelIds).execute();
  },

  /** Removes abilities whose channel no longer exists. */
  async deleteOrphans(db: Executor): Promise<void> {
    await db
      .deleteFrom('abilities')
      .where('channel_id', 'not in', (eb) => eb.selectFrom('channels').select('id'))
      .execute();
  },

  async insertMany(db: Executor, rows: readonly NewAbility[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await db.insertInto('abilities').values(rows.slice(i, i + INSERT_CHUNK)).execute();
    }
  },

  async setEnabledForChannel(db: Executor, channelId: number, enabled: boolean): Promise<void> {
    await db.updateTable('abilities').set({ enabled: enabled ? 1 : 0 }).where('channel_id', '=', channelId).execute();
  },

  listForChannel(db: Executor, channelId: number): Promise<AbilityRow[]> {
    return db.selectFrom('abilities').selectAll().where('channel_id', '=', channelId).orderBy('group').orderBy('model').execute();
  },

  /** Distinct models with at least one enabled ability, sorted (the console's "enabled models" list). */
  async listEnabledModels(db: Executor): Promise<string[]> {
    const rows = await db.selectFrom('abilities').select('model').distinct().where('enabled', '=', 1).orderBy('model').execute();
    return rows.map((r) => r.model);
  },
};
