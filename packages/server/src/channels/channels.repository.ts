import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ChannelsTable, Database } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import { ChannelStatus } from './channel-types.js';

type Executor = Kysely<Database>;

export type ChannelRow = Selectable<ChannelsTable>;
/** A channel as ordinary reads return it: everything but the secret `key`. */
export type ChannelView = Omit<ChannelRow, 'key'>;
export type NewChannel = Omit<Insertable<ChannelsTable>, 'id'>;
export type ChannelPatch = Omit<Updateable<ChannelsTable>, 'id'>;

/** Every column except `key`; the check below fails to compile when a column is added and not listed. */
const viewColumns = [
  'id', 'type', 'openai_organization', 'test_model', 'status', 'name', 'weight', 'created_time', 'test_time',
  'response_time', 'base_url', 'other', 'balance', 'balance_updated_time', 'models', 'group', 'used_quota',
  'model_mapping', 'status_code_mapping', 'priority', 'auto_ban', 'other_info', 'tag', 'setting',
  'param_override', 'max_input_tokens',
] as const satisfies readonly Exclude<keyof ChannelsTable, 'key'>[];
type Unlisted = Exclude<keyof ChannelsTable, 'key' | (typeof viewColumns)[number]>;
const allColumnsListed: [Unlisted] extends [never] ? true : Unlisted = true;
void allColumnsListed;

/** What the router and the relay pipeline need of an enabled channel (the key included: it is sent upstream). */
const routingColumns = [
  'id', 'type', 'name', 'key', 'base_url', 'models', 'group', 'priority', 'weight', 'model_mapping',
  'status_code_mapping', 'setting', 'param_override', 'other', 'auto_ban', 'status', 'tag',
  'openai_organization', 'max_input_tokens', 'other_info',
] as const satisfies readonly (keyof ChannelsTable)[];
export type RoutableChannelRow = Pick<ChannelRow, (typeof routingColumns)[number]>;

/** The fields abilities are derived from. */
export type AbilitySource = Pick<ChannelRow, 'id' | 'models' | 'group' | 'status' | 'priority' | 'weight' | 'tag'>;

/** The only code that reads and writes the channels table. Only `findWithKey` and `listRoutable` read `key`. */
export const channelsRepository = {
  insert(db: Executor, channel: NewChannel): Promise<number> {
    return insertReturningId(db, 'channels', channel);
  },

  async update(db: Executor, id: number, patch: ChannelPatch): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await db.updateTable('channels').set(patch).where('id', '=', id).execute();
  },

  findById(db: Executor, id: number): Promise<ChannelView | undefined> {
    return db.selectFrom('channels').select(viewColumns).where('id', '=', id).executeTakeFirst();
  },

  /** The full row, secret key included: for the upstream call, channel tests and the root-only key reveal. */
  findWithKey(db: Executor, id: number): Promise<ChannelRow | undefined> {
    return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Enabled channels (status 1), in id order, with what routing needs. */
  listRoutable(db: Executor): Promise<RoutableChannelRow[]> {
    return db.selectFrom('channels').select(routingColumns).where('status', '=', ChannelStatus.Enabled).orderBy('id').execute();
  },

  /** Every channel's ability fields, for rebuilding the abilities table. */
  listAbilitySources(db: Executor): Promise<AbilitySource[]> {
    return db.selectFrom('channels').select(['id', 'models', 'group', 'status', 'priority', 'weight', 'tag']).orderBy('id').execute();
  },

  /** Adds to the channel's used quota in one statement (concurrent requests never lose an update). */
  async addUsedQuota(db: Executor, id: number, delta: number): Promise<void> {
    if (delta === 0) return;
    await db
      .updateTable('channels')
      .set((eb) => ({ used_quota: eb('used_quota', '+', delta) }))
      .where('id', '=', id)
      .execute();
  },

  /**
   * Sets status and other_info. With `fromStatuses` the row changes only while its status is one of
   * them, so a concurrent change of status is never overwritten; returns whether the row changed.
   */
  async setStatus(
    db: Executor,
    id: number,
    status: number,
    otherInfo: string | null,
    fromStatuses?: readonly number[],
  ): Promise<boolean> {
    let q = db.updateTable('channels').set({ status, other_info: otherInfo }).where('id', '=', id);
    if (fromStatuses) q = q.where('status', 'in', fromStatuses);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Records a channel test: response time in milliseconds, test time in unix seconds. */
  async setTestResult(db: Executor, id: number, responseTimeMs: number, testTime: number): Promise<void> {
    await db.updateTable('channels').set({ response_time: Math.round(responseTimeMs), test_time: testTime }).where('id', '=', id).execute();
  },

  /** Records an upstream balance (USD) and when it was read (unix seconds). */
  async setBalance(db: Executor, id: number, balance: number, updatedTime: number): Promise<void> {
    await db.updateTable('channels').set({ balance, balance_updated_time: updatedTime }).where('id', '=', id).execute();
  },

  /** Deletes channels by id; returns how many rows went. */
  async deleteByIds(db: Executor, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db.deleteFrom('channels').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
