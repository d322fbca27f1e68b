import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { ChannelsTable, Database } from '../db/schema.js';
import { dialectOf, insertReturningId } from '../db/dialect-helpers.js';
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
  'param_override', 'max_input_tokens', 'channel_info',
] as const satisfies readonly Exclude<keyof ChannelsTable, 'key'>[];
type Unlisted = Exclude<keyof ChannelsTable, 'key' | (typeof viewColumns)[number]>;
const allColumnsListed: [Unlisted] extends [never] ? true : Unlisted = true;
void allColumnsListed;

/** What the router and the relay pipeline need of an enabled channel (the key included: it is sent upstream). */
const routingColumns = [
  'id', 'type', 'name', 'key', 'base_url', 'models', 'group', 'priority', 'weight', 'model_mapping',
  'status_code_mapping', 'setting', 'param_override', 'other', 'auto_ban', 'status', 'tag',
  'openai_organization', 'max_input_tokens', 'other_info', 'channel_info',
] as const satisfies readonly (keyof ChannelsTable)[];
export type RoutableChannelRow = Pick<ChannelRow, (typeof routingColumns)[number]>;

/** Filters of the console's channel list and search; omitted fields do not filter. */
export interface ChannelFilters {
  statuses?: readonly number[];
  type?: number;
  /** The id exactly, or part of the name, tag or base URL (case-insensitive). */
  keyword?: string;
  /** One entry of the comma-separated group list. */
  group?: string;
  /** One entry of the comma-separated model list. */
  model?: string;
}

/** `id`: newest first; `priority`: highest priority first, then newest. */
export type ChannelOrder = 'id' | 'priority';

export interface PageWindow {
  offset: number;
  limit: number;
}

/** One entry of a tag-mode page: a whole tag, or one untagged channel. */
export type TagModeEntry = { tag: string; id: null } | { tag: null; id: number };

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
  /** The channel with its key, its row locked until the transaction ends (SQLite's transactions are serial anyway). */
  findWithKeyForUpdate(db: Executor, id: number): Promise<ChannelRow | undefined> {
    const q = db.selectFrom('channels').selectAll().where('id', '=', id);
    return (dialectOf(db) === 'sqlite' ? q : q.forUpdate()).executeTakeFirst();
  },

  findWithKey(db: Executor, id: number): Promise<ChannelRow | undefined> {
    return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Enabled channels (status 1), in id order, with what routing needs. */
  listRoutable(db: Executor): Promise<RoutableChannelRow[]> {
    return db.selectFrom('channels').select(routingColumns).where('status', '=', ChannelStatus.Enabled).orderBy('id').execute();
  },

  /** Channels with a base URL of their own (all of them, or those of `ids`), in id order: sources for ratio sync. */
  listWithBaseUrl(db: Executor, ids?: readonly number[]): Promise<Pick<ChannelRow, 'id' | 'name' | 'base_url' | 'status' | 'type'>[]> {
    if (ids && ids.length === 0) return Promise.resolve([]);
    let query = db.selectFrom('channels').select(['id', 'name', 'base_url', 'status', 'type']).where('base_url', '<>', '');
    if (ids) query = query.where('id', 'in', ids);
    return query.orderBy('id').execute();
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

  /** A page of channels (no key) matching the filters, and how many match in all. */
  async listPage(db: Executor, filters: ChannelFilters, order: ChannelOrder, page: PageWindow): Promise<{ rows: ChannelView[]; total: number }> {
    const where = (eb: ExpressionBuilder<Database, 'channels'>) => eb.and(filterConditions(db, eb, filters));
    let q = db.selectFrom('channels').select(viewColumns).where(where);
    if (order === 'priority') q = q.orderBy('priority', 'desc');
    const [rows, count] = await Promise.all([
      q.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      db.selectFrom('channels').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  /**
   * A page of tag-mode entries: each tag with a matching channel is one entry, each matching untagged
   * channel another. A tag sorts by its highest priority and id, like its best channel would.
   */
  async listTagModeEntries(db: Executor, filters: ChannelFilters, order: ChannelOrder, page: PageWindow): Promise<{ entries: TagModeEntry[]; total: number }> {
    const where = (eb: ExpressionBuilder<Database, 'channels'>) => eb.and(filterConditions(db, eb, filters));
    const tagged = db
      .selectFrom('channels')
      .where(where)
      .where('tag', 'is not', null)
      .where('tag', '!=', '')
      .groupBy('tag')
      .select((eb) => [
        eb.ref('tag').as('entry_tag'),
        sql<number | null>`null`.as('entry_id'),
        eb.fn.max('priority').as('sort_priority'),
        eb.fn.max('id').as('sort_id'),
      ]);
    const untagged = db
      .selectFrom('channels')
      .where(where)
      .where((eb) => eb.or([eb('tag', 'is', null), eb('tag', '=', '')]))
      .select((eb) => [
        sql<string | null>`null`.as('entry_tag'),
        eb.ref('id').$castTo<number | null>().as('entry_id'),
        eb.ref('priority').as('sort_priority'),
        eb.ref('id').as('sort_id'),
      ]);
    const entries = tagged.unionAll(untagged).as('entries');
    let q = db.selectFrom(entries).select(['entry_tag', 'entry_id']);
    if (order === 'priority') q = q.orderBy('sort_priority', 'desc');
    const [rows, count] = await Promise.all([
      q.orderBy('sort_id', 'desc').limit(page.limit).offset(page.offset).execute(),
      db.selectFrom(entries).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      entries: rows.map((r): TagModeEntry => (r.entry_tag !== null ? { tag: r.entry_tag, id: null } : { tag: null, id: Number(r.entry_id) })),
      total: Number(count?.n ?? 0),
    };
  },

  /** The channels (no key) with one of `ids` or one of `tags` that match the filters, in the given order. */
  async listByIdsOrTags(db: Executor, ids: readonly number[], tags: readonly string[], filters: ChannelFilters, order: ChannelOrder): Promise<ChannelView[]> {
    if (ids.length === 0 && tags.length === 0) return [];
    let q = db
      .selectFrom('channels')
      .select(viewColumns)
      .where((eb) => eb.and(filterConditions(db, eb, filters)))
      .where((eb) => eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(tags.length ? [eb('tag', 'in', tags)] : [])]));
    if (order === 'priority') q = q.orderBy('priority', 'desc');
    return q.orderBy('id', 'desc').execute();
  },

  /** Channels per type over the whole table, keyed by the type as a string. */
  async countByType(db: Executor): Promise<Record<string, number>> {
    const rows = await db.selectFrom('channels').select((eb) => ['type', eb.fn.countAll<number>().as('n')]).groupBy('type').execute();
    return Object.fromEntries(rows.map((r) => [String(r.type), Number(r.n)]));
  },

  /** Ids of the channels carrying `tag`. */
  async idsByTag(db: Executor, tag: string): Promise<number[]> {
    const rows = await db.selectFrom('channels').select('id').where('tag', '=', tag).orderBy('id').execute();
    return rows.map((r) => r.id);
  },

  /** The model lists of the channels carrying `tag`. */
  async modelListsByTag(db: Executor, tag: string): Promise<string[]> {
    const rows = await db.selectFrom('channels').select('models').where('tag', '=', tag).orderBy('id').execute();
    return rows.map((r) => r.models ?? '');
  },

  /** Ids of the channels in one of `statuses`. */
  async idsByStatus(db: Executor, statuses: readonly number[]): Promise<number[]> {
    if (statuses.length === 0) return [];
    const rows = await db.selectFrom('channels').select('id').where('status', 'in', statuses).orderBy('id').execute();
    return rows.map((r) => r.id);
  },

  /** Which of `ids` exist. */
  async existingIds(db: Executor, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('channels').select('id').where('id', 'in', ids).orderBy('id').execute();
    return rows.map((r) => r.id);
  },

  /** The `models` lists of the enabled channels. */
  async enabledModelLists(db: Executor): Promise<string[]> {
    const rows = await db.selectFrom('channels').select('models').where('status', '=', ChannelStatus.Enabled).execute();
    return rows.map((r) => r.models ?? '');
  },

  /** Deletes channels by id; returns how many rows went. */
  async deleteByIds(db: Executor, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db.deleteFrom('channels').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

/** The WHERE conditions of ChannelFilters (an empty list matches everything). */
function filterConditions(db: Executor, eb: ExpressionBuilder<Database, 'channels'>, f: ChannelFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (f.statuses?.length) conditions.push(eb('status', 'in', f.statuses));
  if (f.type !== undefined) conditions.push(eb('type', '=', f.type));
  if (f.keyword) {
    const alternatives: Expression<SqlBool>[] = (['name', 'tag', 'base_url'] as const).map((column) => containsInsensitive(db, column, f.keyword!));
    if (/^\d{1,15}$/.test(f.keyword)) alternatives.unshift(eb('id', '=', Number(f.keyword)));
    conditions.push(eb.or(alternatives));
  }
  if (f.group) conditions.push(listHasEntry(db, 'group', f.group));
  if (f.model) conditions.push(listHasEntry(db, 'models', f.model));
  return conditions;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (m) => '\\' + m);

/**
 * Case-insensitive substring match with a bound escape character, so a backslash escapes on every
 * dialect (SQLite has no default escape; PostgreSQL's LIKE is case-sensitive, hence ILIKE there).
 */
function containsInsensitive(db: Executor, column: 'name' | 'tag' | 'base_url', value: string) {
  const op = dialectOf(db) === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${sql.ref(column)} ${op} ${`%${escapeLike(value)}%`} escape ${'\\'}`;
}

/**
 * Whether a comma list column (stored normalised: no spaces, no empty entries) has `value` as one whole
 * entry: ",a,b," contains ",b,". MySQL concatenates with CONCAT (its || is OR); `group` is quoted by sql.ref.
 */
function listHasEntry(db: Executor, column: 'group' | 'models', value: string) {
  const wrapped = dialectOf(db) === 'mysql' ? sql`concat(',', ${sql.ref(column)}, ',')` : sql`(',' || ${sql.ref(column)} || ',')`;
  return sql<SqlBool>`${wrapped} like ${`%,${escapeLike(value)},%`} escape ${'\\'}`;
}
