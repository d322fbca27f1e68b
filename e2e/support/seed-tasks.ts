import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface SeedDrawingTask {
  userId: number;
  channelId: number;
  action: string;
  mjId: string;
  code?: number;
  status: string;
  progress: string;
  /** Unix milliseconds. */
  submitTime: number;
  finishTime?: number;
  imageUrl?: string;
  prompt?: string;
  promptEn?: string;
  failReason?: string;
}

export interface SeedTask {
  userId: number;
  channelId: number;
  platform: string;
  action: string;
  taskId: string;
  status: string;
  progress: string;
  /** Unix seconds. */
  submitTime: number;
  finishTime?: number;
  failReason?: string;
  data?: unknown;
}

/** The id of a user, read from a stopped server's SQLite file. */
export function userIdOf(dataDir: string, username: string): number {
  const db = new Database(join(dataDir, 'gateway.db'), { readonly: true });
  try {
    const row = db.prepare('select id from users where username = ?').get(username) as { id: number } | undefined;
    if (!row) throw new Error(`no user named ${username}`);
    return row.id;
  } finally {
    db.close();
  }
}

/**
 * Writes drawing (Midjourney) and music/video task rows straight into a stopped server's SQLite file, in
 * the given order (later rows get higher ids).
 */
export function seedTaskRows(dataDir: string, drawings: SeedDrawingTask[], tasks: SeedTask[]): void {
  const db = new Database(join(dataDir, 'gateway.db'));
  try {
    const now = Math.floor(Date.now() / 1000);
    const insertDrawing = db.prepare(
      `insert into drawing_tasks (user_id, code, action, mj_id, prompt, prompt_en, submit_time, start_time, finish_time,
         image_url, status, progress, fail_reason, channel_id, quota, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
    );
    const insertTask = db.prepare(
      `insert into tasks (task_id, platform, user_id, channel_id, quota, action, status, fail_reason, submit_time, start_time,
         finish_time, progress, data, created_at, updated_at)
       values (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (const d of drawings) {
        insertDrawing.run(
          d.userId, d.code ?? 1, d.action, d.mjId, d.prompt ?? '', d.promptEn ?? '', d.submitTime, d.submitTime, d.finishTime ?? 0,
          d.imageUrl ?? '', d.status, d.progress, d.failReason ?? '', d.channelId, Math.floor(d.submitTime / 1000),
        );
      }
      for (const t of tasks) {
        insertTask.run(
          t.taskId, t.platform, t.userId, t.channelId, t.action, t.status, t.failReason ?? '', t.submitTime, t.submitTime,
          t.finishTime ?? 0, t.progress, t.data === undefined ? null : JSON.stringify(t.data), t.submitTime, now,
        );
      }
    })();
  } finally {
    db.close();
  }
}
