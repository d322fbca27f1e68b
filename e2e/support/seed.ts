import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface SeedChannel {
  name: string;
  baseUrl: string;
  models: string[];
  group?: string;
}

/**
 * Writes an enabled OpenAI-type channel (and its abilities) straight into a stopped server's SQLite file
 * (the channel management API arrives with a later issue). Answers the channel id.
 */
export function seedChannel(dataDir: string, channel: SeedChannel): number {
  const db = new Database(join(dataDir, 'gateway.db'));
  try {
    const group = channel.group ?? 'default';
    const now = Math.floor(Date.now() / 1000);
    const insert = db.transaction(() => {
      const { lastInsertRowid } = db
        .prepare('insert into channels (type, key, status, name, base_url, models, "group", created_time) values (1, ?, 1, ?, ?, ?, ?, ?)')
        .run('sk-fake-upstream', channel.name, channel.baseUrl, channel.models.join(','), group, now);
      const id = Number(lastInsertRowid);
      const ability = db.prepare('insert into abilities ("group", model, channel_id, enabled, priority, weight) values (?, ?, ?, 1, 0, 0)');
      for (const model of channel.models) ability.run(group, model, id);
      return id;
    });
    return insert();
  } finally {
    db.close();
  }
}
