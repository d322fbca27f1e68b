import type { Kysely } from 'kysely';

/**
 * channels.channel_info (channels/multi-key/keys-info.ts): how many keys a channel holds, how the relay
 * picks one, and each disabled key's status. Channels that already hold several keys get their count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('channels').addColumn('channel_info', 'text').execute();
  const rows = (await db.selectFrom('channels').select(['id', 'key']).execute()) as { id: number; key: string | null }[];
  for (const row of rows) {
    const size = keyCount(row.key ?? '');
    if (size < 2) continue;
    const info = { multi_key_size: size, multi_key_mode: 'random', multi_key_status_list: {}, multi_key_disabled_reason: {}, multi_key_disabled_time: {} };
    await db.updateTable('channels').set({ channel_info: JSON.stringify(info) }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('channels').dropColumn('channel_info').execute();
}

/** How many keys a key text holds, counted as channels/multi-key/channel-keys.ts splits them at the time of writing. */
function keyCount(raw: string): number {
  const text = raw.trim();
  if (text.startsWith('{')) return 1;
  if (text.startsWith('[')) {
    try {
      const list = JSON.parse(text) as unknown;
      return Array.isArray(list) ? list.filter(Boolean).length : 1;
    } catch {
      return 1;
    }
  }
  return text.split('\n').filter((k) => k.trim()).length;
}
