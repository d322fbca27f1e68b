import type { Kysely } from 'kysely';

/**
 * Which of a multi-key channel's keys submitted a task (tasks/task-channel.ts keyHintOf: a fingerprint,
 * never the key). Polling, follow-up actions and downloads go back with the same key: the upstream
 * account that holds the task is the only one that knows it. '' for tasks from before this column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['tasks', 'drawing_tasks']) {
    await db.schema.alterTable(table).addColumn('channel_key_hint', 'varchar(16)', (c) => c.notNull().defaultTo('')).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tasks', 'drawing_tasks']) await db.schema.alterTable(table).dropColumn('channel_key_hint').execute();
}
