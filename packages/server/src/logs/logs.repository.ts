import { sql, type Compilable, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database, LogRow, NewLog } from '../db/schema.js';
import { nowSeconds } from '../platform/clock.js';
import { dialectOf } from '../db/dialect-helpers.js';
import type { SqliteHandle } from '../db/database.js';
import { LogType } from './log-types.js';
import type { HourCount } from './log-aggregates.repository.js';

type Executor = Kysely<Database>;

const LOG_COLUMNS = [
  'user_id', 'created_at', 'type', 'content', 'username', 'token_name', 'token_id', 'model_name', 'quota', 'prompt_tokens',
  'completion_tokens', 'use_time', 'is_stream', 'channel_id', 'channel_name', 'group', 'ip', 'request_id', 'other', 'remark',
] as const;
const INSERT_ONE_SQL = `insert into "logs" (${LOG_COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${LOG_COLUMNS.map(() => '?').join(', ')})`;

/**
 * A row's values in LOG_COLUMNS order, a missing one at its empty value (0, '' or null). Spelled out
 * because every relayed request's log row goes through it: looking the columns up by name cost about
 * 0.3–0.5 µs a row.
 */
function logRowValues(r: NewLog): unknown[] {
  return [
    r.user_id ?? 0, r.created_at ?? 0, r.type ?? 0, r.content ?? null, r.username ?? '', r.token_name ?? '', r.token_id ?? 0,
    r.model_name ?? '', r.quota ?? 0, r.prompt_tokens ?? 0, r.completion_tokens ?? 0, r.use_time ?? 0, r.is_stream ?? 0,
    r.channel_id ?? 0, r.channel_name ?? '', r.group ?? '', r.ip ?? '', r.request_id ?? '', r.other ?? null, r.remark ?? '',
  ];
}

const ROWS_PER_INSERT = 100;
const HOUR = 3600;

/**
 * What a log query selects. Empty strings and zeros mean "no filter". Text filters match exactly unless
 * they contain `%`, which is then a wildcard (new-api's rule); `content` matches part of the content.
 * `start`/`end` are inclusive unix seconds.
 */
export interface LogFilter {
  userId?: number;
  type?: number;
  username?: string;
  tokenName?: string;
  modelName?: string;
  start?: number;
  end?: number;
  channelId?: number;
  group?: string;
  requestId?: string;
  content?: string;
  /** new-api's keyword search: the type when it is a whole number, or the start of the content. */
  keyword?: string;
}

/** Only rows with a higher id (what was added since a total was counted), optionally up to an id. */
export interface IdRange {
  afterId?: number;
  upToId?: number;
}

/** Position of the last row read by a keyset scan (newest first). */
export interface LogCursor {
  createdAt: number;
  id: number;
}

/** Quota and token sums over consume logs. */
export interface UsageSums {
  count: number;
  quota: number;
  tokens: number;
}

export const logsRepository = {
  /**
   * Inserts many log rows (the relay's settlement batches). On SQLite one cached prepared statement runs
   * per row — compiling a many-row insert through Kysely cost more than writing the rows; elsewhere
   * multi-row inserts. `sqlite` is the handle of the database `db` belongs to (see sqliteHandleOf).
   */
  async insertMany(db: Executor, rows: NewLog[], sqlite?: SqliteHandle): Promise<void> {
    if (rows.length === 0) return;
    if (sqlite) {
      const stmt = sqlite.prepare(INSERT_ONE_SQL);
      for (const row of rows) stmt.run(logRowValues(row));
      return;
    }
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await db.insertInto('logs').values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
  },

  async insert(db: Executor, log: Omit<NewLog, 'created_at'> & { created_at?: number }): Promise<void> {
    await db.insertInto('logs').values({ created_at: nowSeconds(), ...log }).execute();
  },

  /** A log row about a user, under the user's name as it is now (a deleted user's row is still found). */
  async insertForUser(db: Executor, log: Omit<NewLog, 'created_at' | 'username'> & { user_id: number; created_at?: number }): Promise<void> {
    const user = await db.selectFrom('users').select('username').where('id', '=', log.user_id).executeTakeFirst();
    await logsRepository.insert(db, { ...log, username: user?.username ?? '' });
  },

  /** A page of logs, newest first (created_at, then id). Every filter column leads an index ending in created_at. */
  list(db: Executor, filter: LogFilter, page: { offset: number; limit: number }): Promise<LogRow[]> {
    return db
      .selectFrom('logs')
      .selectAll()
      .where((eb) => eb.and(conditions(db, eb, filter)))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  },

  /**
   * The newest `limit` logs of one API token, newest first. There is no token_id index (it cost every
   * log insert), so the owner's id leads the filter and the user_id index narrows the read to that user.
   */
  listByToken(db: Executor, userId: number, tokenId: number, limit: number): Promise<LogRow[]> {
    return db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('token_id', '=', tokenId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** Up to `limit` logs strictly older than `after` (newest first): the export's keyset scan, never an offset. */
  listAfter(db: Executor, filter: LogFilter, after: LogCursor | null, limit: number): Promise<LogRow[]> {
    return db
      .selectFrom('logs')
      .selectAll()
      .where((eb) => {
        const all = conditions(db, eb, filter);
        if (after) {
          // `created_at <= c` alone is what indexes can range over; the OR settles ties within one second.
          all.push(eb('created_at', '<=', after.createdAt));
          all.push(eb.or([eb('created_at', '<', after.createdAt), eb('id', '<', after.id)]));
        }
        return eb.and(all);
      })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  async count(db: Executor, filter: LogFilter, range: IdRange = {}): Promise<number> {
    const q = db
      .selectFrom('logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.and([...conditions(db, eb, filter), ...idConditions(eb, range)]));
    const [row] = await rowsOf(db, q, range);
    return Number(row?.n ?? 0);
  },

  /** Count, quota and tokens of the consume logs matching the filter (its `type` is ignored). */
  async consumeSums(db: Executor, filter: LogFilter, range: IdRange = {}): Promise<UsageSums> {
    const q = db
      .selectFrom('logs')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('quota'), sql<number>`0`).as('quota'),
        eb.fn.coalesce(eb.fn.sum<number>(eb('prompt_tokens', '+', eb.ref('completion_tokens'))), sql<number>`0`).as('tokens'),
      ])
      .where((eb) => eb.and([...conditions(db, eb, { ...filter, type: LogType.Consume }), ...idConditions(eb, range)]));
    const [row] = await rowsOf(db, q, range);
    return { count: Number(row?.n ?? 0), quota: Number(row?.quota ?? 0), tokens: Number(row?.tokens ?? 0) };
  },

  /** Count and quota of the consume logs matching the filter: what the stat sums (quota-carrying indexes). */
  async consumeQuota(db: Executor, filter: LogFilter, range: IdRange = {}): Promise<number> {
    const q = db
      .selectFrom('logs')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quota'), sql<number>`0`).as('quota'))
      .where((eb) => eb.and([...conditions(db, eb, { ...filter, type: LogType.Consume }), ...idConditions(eb, range)]));
    const [row] = await rowsOf(db, q, range);
    return Number(row?.quota ?? 0);
  },

  /** The highest log id (0 when empty). */
  async maxId(db: Executor): Promise<number> {
    const row = await db.selectFrom('logs').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    return Number(row?.id ?? 0);
  },

  /** Count and quota per type and hour of the logs in an id range (a primary-key range read). */
  async countsByHour(db: Executor, range: IdRange): Promise<HourCount[]> {
    const hour = sql<number>`${sql.ref('created_at')} - (${sql.ref('created_at')} % ${sql.lit(HOUR)})`;
    const q = db
      .selectFrom('logs')
      .select((eb) => ['type', hour.as('hour'), eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('quota'), sql<number>`0`).as('quota')])
      .where((eb) => eb.and(idConditions(eb, range)))
      .groupBy(['type', hour]);
    return (await rowsOf(db, q, range)).map((r) => ({ type: r.type, hour: Number(r.hour), count: Number(r.count), quota: Number(r.quota) }));
  },

  /** The lowest id after `afterId` of a log created at or after `since` (undefined when none). */
  async firstIdSince(db: Executor, afterId: number, since: number): Promise<number | undefined> {
    const row = await db.selectFrom('logs').select((eb) => eb.fn.min('id').as('id')).where('created_at', '>=', since).where('id', '>', afterId).executeTakeFirst();
    return row?.id === null || row?.id === undefined ? undefined : Number(row.id);
  },

  /** The id of the `n`-th log after `afterId` by id (undefined when fewer follow). */
  async nthIdAfter(db: Executor, afterId: number, n: number): Promise<number | undefined> {
    const row = await db.selectFrom('logs').select('id').where('id', '>', afterId).orderBy('id').limit(1).offset(n - 1).executeTakeFirst();
    return row ? Number(row.id) : undefined;
  },

  /** Up to `batch` logs created before `before` (unix seconds): what one clean-up step removes. */
  findOlderThan(db: Executor, before: number, batch: number): Promise<{ id: number; type: number; quota: number; created_at: number }[]> {
    return db.selectFrom('logs').select(['id', 'type', 'quota', 'created_at']).where('created_at', '<', before).limit(batch).execute();
  },

  /** Deletes by primary key (PostgreSQL and SQLite have no DELETE … LIMIT); answers how many went. */
  async deleteByIds(db: Executor, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db.deleteFrom('logs').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

function idConditions(eb: ExpressionBuilder<Database, 'logs'>, range: IdRange): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (range.afterId !== undefined) out.push(eb('id', '>', range.afterId));
  if (range.upToId !== undefined) out.push(eb('id', '<=', range.upToId));
  return out;
}

/**
 * Runs an aggregate. "Rows after id X" is a short primary-key range, but SQLite's planner (without
 * ANALYZE statistics) prefers any index with an equality match or a GROUP BY order — the type index
 * holds 90% of the rows — so on SQLite such a query is told NOT INDEXED, leaving only the rowid range.
 */
async function rowsOf<R>(db: Executor, q: Compilable<R>, range: IdRange): Promise<R[]> {
  const compiled = q.compile();
  if (range.afterId === undefined || dialectOf(db) !== 'sqlite') return (await db.executeQuery(compiled)).rows;
  const text = compiled.sql.replace(/^(select .*? from "logs")/, '$1 not indexed');
  if (text === compiled.sql) throw new Error('unexpected log query shape');
  return (await db.executeQuery<R>({ ...compiled, sql: text })).rows;
}

type TextColumn = 'username' | 'token_name' | 'model_name' | 'group' | 'request_id';

function conditions(db: Executor, eb: ExpressionBuilder<Database, 'logs'>, f: LogFilter): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.userId !== undefined) out.push(eb('user_id', '=', f.userId));
  if (f.type) out.push(eb('type', '=', f.type));
  if (f.start) out.push(eb('created_at', '>=', f.start));
  if (f.end) out.push(eb('created_at', '<=', f.end));
  if (f.channelId) out.push(eb('channel_id', '=', f.channelId));
  const text: [TextColumn, string | undefined][] = [
    ['username', f.username], ['token_name', f.tokenName], ['model_name', f.modelName], ['group', f.group], ['request_id', f.requestId],
  ];
  for (const [column, value] of text) if (value) out.push(textMatch(eb, column, value));
  if (f.content) out.push(like(db, 'content', `%${escapeLike(f.content)}%`, true));
  if (f.keyword) out.push(keywordMatch(db, eb, f.keyword));
  return out;
}

/** `type = keyword` (when the keyword is a whole number) or content starting with the keyword. */
function keywordMatch(db: Executor, eb: ExpressionBuilder<Database, 'logs'>, keyword: string): Expression<SqlBool> {
  const prefix = like(db, 'content', `${escapeLike(keyword)}%`, true);
  return /^\d{1,9}$/.test(keyword) ? eb.or([eb('type', '=', Number(keyword)), prefix]) : prefix;
}

/** Exact match, or LIKE when the value carries its own `%` wildcards (`_` and `\` stay literal). */
function textMatch(eb: ExpressionBuilder<Database, 'logs'>, column: TextColumn, value: string): Expression<SqlBool> {
  if (!value.includes('%')) return eb(column, '=', value);
  return sql<SqlBool>`${sql.ref(column)} like ${value.replace(/[\\_]/g, (m) => '\\' + m)} escape ${'\\'}`;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (m) => '\\' + m);

/** The escape character is a bound parameter so it means one backslash everywhere (SQLite has no default). */
function like(db: Executor, column: 'content', pattern: string, caseInsensitive: boolean): Expression<SqlBool> {
  const op = caseInsensitive && dialectOf(db) === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${sql.ref(column)} ${op} ${pattern} escape ${'\\'}`;
}
