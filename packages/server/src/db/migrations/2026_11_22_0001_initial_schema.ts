import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * The first schema: one table per entity of the spec. Frozen once released; later changes are new files.
 * Integers that hold quota or unix seconds are bigint. Booleans are 0/1 integers so all three dialects agree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const idx = async (table: string, name: string, columns: string[], unique = false) => {
    let b = db.schema.createIndex(`idx_${table}_${name}`).ifNotExists().on(table).columns(columns);
    if (unique) b = b.unique();
    await b.execute();
  };
  const text = (dialect === 'mysql' ? sql`longtext` : 'text') as 'text';

  await withId(db.schema.createTable('users').ifNotExists())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('password', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('github_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('oidc_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('wechat_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('telegram_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('google_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('linux_do_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('access_token_hash', 'varchar(64)')
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo('default'))
    .addColumn('remarks', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('aff_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('aff_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('aff_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('aff_history_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('activity_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('activity_history_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('history_fuel_pack_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('inviter_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('login_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_login_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .addColumn('setting', text)
    .execute();
  await idx('users', 'username', ['username'], true);
  await idx('users', 'aff_code', ['aff_code'], true);
  await idx('users', 'access_token_hash', ['access_token_hash'], true);
  await idx('users', 'email', ['email']);
  await idx('users', 'phone', ['phone']);
  await idx('users', 'group', ['group']);
  await idx('users', 'inviter_id', ['inviter_id']);
  await idx('users', 'deleted_at', ['deleted_at']);
  for (const col of ['github_id', 'oidc_id', 'wechat_id', 'telegram_id', 'google_id', 'linux_do_id']) {
    await idx('users', col, [col]);
  }

  await db.schema
    .createTable('sessions')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await idx('sessions', 'user_id', ['user_id']);
  await idx('sessions', 'expires_at', ['expires_at']);

  await db.schema
    .createTable('options')
    .ifNotExists()
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('value', text)
    .execute();

  await withId(db.schema.createTable('setups').ifNotExists())
    .addColumn('version', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('initialized_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('tokens').ifNotExists())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('accessed_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(-1))
    .addColumn('remain_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unlimited_quota', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_limits_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_limits', text)
    .addColumn('allow_ips', text)
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await idx('tokens', 'key', ['key'], true);
  await idx('tokens', 'user_id_name', ['user_id', 'name']);
  await idx('tokens', 'deleted_at', ['deleted_at']);

  await withId(db.schema.createTable('channels').ifNotExists())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('key', text)
    .addColumn('openai_organization', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('test_model', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('test_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('response_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('base_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('other', text)
    .addColumn('balance', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('models', text)
    .addColumn('group', 'varchar(255)', (c) => c.notNull().defaultTo('default'))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('model_mapping', text)
    .addColumn('status_code_mapping', text)
    .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_ban', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('other_info', text)
    .addColumn('tag', 'varchar(128)')
    .addColumn('setting', text)
    .addColumn('param_override', text)
    .addColumn('max_input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await idx('channels', 'name', ['name']);
  await idx('channels', 'status', ['status']);
  await idx('channels', 'tag', ['tag']);
  await idx('channels', 'type', ['type']);

  await db.schema
    .createTable('abilities')
    .ifNotExists()
    .addColumn('group', 'varchar(64)', (c) => c.notNull())
    .addColumn('model', 'varchar(191)', (c) => c.notNull())
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tag', 'varchar(128)')
    .addPrimaryKeyConstraint('pk_abilities', ['group', 'model', 'channel_id'])
    .execute();
  await idx('abilities', 'channel_id', ['channel_id']);
  await idx('abilities', 'route', ['group', 'model', 'enabled', 'priority']);

  await withId(db.schema.createTable('redemptions').ifNotExists())
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('redeemed_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await idx('redemptions', 'key', ['key'], true);
  await idx('redemptions', 'name', ['name']);

  await withId(db.schema.createTable('logs').ifNotExists())
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', text)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('token_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_name', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_stream', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('other', text)
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await idx('logs', 'created_at_type', ['created_at', 'type']);
  await idx('logs', 'user_id_created_at', ['user_id', 'created_at']);
  await idx('logs', 'username', ['username']);
  await idx('logs', 'token_name', ['token_name']);
  await idx('logs', 'model_name', ['model_name']);
  await idx('logs', 'channel_id', ['channel_id']);
  await idx('logs', 'token_id', ['token_id']);
  await idx('logs', 'request_id', ['request_id']);

  await withId(db.schema.createTable('drawing_tasks').ifNotExists())
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('action', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('mj_id', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('prompt', text)
    .addColumn('prompt_en', text)
    .addColumn('description', text)
    .addColumn('state', text)
    .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('image_url', text)
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('progress', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_reason', text)
    .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('buttons', text)
    .addColumn('properties', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await idx('drawing_tasks', 'user_id_submit', ['user_id', 'submit_time']);
  await idx('drawing_tasks', 'mj_id', ['mj_id']);
  await idx('drawing_tasks', 'status', ['status']);
  await idx('drawing_tasks', 'channel_id', ['channel_id']);

  await withId(db.schema.createTable('tasks').ifNotExists())
    .addColumn('task_id', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('action', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_reason', text)
    .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('properties', text)
    .addColumn('data', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await idx('tasks', 'task_id', ['task_id']);
  await idx('tasks', 'user_id_submit', ['user_id', 'submit_time']);
  await idx('tasks', 'status', ['status']);
  await idx('tasks', 'channel_id', ['channel_id']);

  await withId(db.schema.createTable('top_ups').ifNotExists())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('money', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('trade_no', 'varchar(191)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('complete_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await idx('top_ups', 'trade_no', ['trade_no'], true);
  await idx('top_ups', 'user_id', ['user_id']);

  await withId(db.schema.createTable('activities').ifNotExists())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('desc', text)
    .addColumn('start_date', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('end_date', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await idx('activities', 'status', ['status']);

  await withId(db.schema.createTable('suppliers').ifNotExists())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sdk', 'varchar(20)', (c) => c.notNull().defaultTo('openai'))
    .addColumn('base_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('disable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('user_custom_models').ifNotExists())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('supplier_id', 'integer', (c) => c.notNull())
    .addColumn('key', text)
    .addColumn('models', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await idx('user_custom_models', 'user_id', ['user_id']);
  await idx('user_custom_models', 'supplier_id', ['supplier_id']);

  await withId(db.schema.createTable('suggested_prompts').ifNotExists())
    .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('mcp', text)
    .addColumn('instruction', text)
    .addColumn('version', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('platform', text)
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('facets', text)
    .addColumn('tags', text)
    .addColumn('result_link', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await idx('suggested_prompts', 'sort', ['sort']);

  await withId(db.schema.createTable('ai_roles').ifNotExists())
    .addColumn('role_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('role', text)
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('applications').ifNotExists())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', text)
    .addColumn('homepage', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('dxt_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('app_groups', text)
    .addColumn('keywords', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await idx('applications', 'name', ['name'], true);
  await idx('applications', 'rank', ['rank']);

  await withId(db.schema.createTable('model_hub').ifNotExists())
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('ratio', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_ratio', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('model_type', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('multimodal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('desc', text)
    .addColumn('max_token', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hide', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('icon', text)
    .addColumn('models', text)
    .addColumn('models_id', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await idx('model_hub', 'name', ['name'], true);
  await idx('model_hub', 'sort', ['sort']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'model_hub', 'applications', 'ai_roles', 'suggested_prompts', 'user_custom_models', 'suppliers', 'activities',
    'top_ups', 'tasks', 'drawing_tasks', 'logs', 'redemptions', 'abilities', 'channels', 'tokens', 'setups',
    'options', 'sessions', 'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
