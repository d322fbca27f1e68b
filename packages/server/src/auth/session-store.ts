import type { Redis } from 'ioredis';
import type { Db } from '../db/database.js';
import { sha256Hex } from '../platform/crypto.js';
import { nowSeconds } from '../platform/clock.js';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** Server-side sessions, keyed by the SHA-256 of the cookie value (a leaked table cannot be replayed). */
export interface SessionStore {
  create(userId: number, meta: { ip: string; userAgent: string }): Promise<string>;
  /** The user id of a live session, or null. */
  find(cookieValue: string): Promise<number | null>;
  destroy(cookieValue: string): Promise<void>;
  destroyAllForUser(userId: number): Promise<void>;
}

export class DbSessionStore implements SessionStore {
  constructor(private readonly db: Db, private readonly newId: () => string) {}

  async create(userId: number, meta: { ip: string; userAgent: string }): Promise<string> {
    const value = this.newId();
    const now = nowSeconds();
    await this.db
      .insertInto('sessions')
      .values({ id: sha256Hex(value), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_SECONDS, ip: meta.ip.slice(0, 64), user_agent: meta.userAgent.slice(0, 255) })
      .execute();
    if (Math.random() < 0.01) await this.db.deleteFrom('sessions').where('expires_at', '<', now).execute();
    return value;
  }

  async find(cookieValue: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('id', '=', sha256Hex(cookieValue))
      .executeTakeFirst();
    if (!row || row.expires_at <= nowSeconds()) return null;
    return row.user_id;
  }

  async destroy(cookieValue: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sha256Hex(cookieValue)).execute();
  }

  async destroyAllForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis, private readonly newId: () => string) {}

  async create(userId: number, _meta: { ip: string; userAgent: string }): Promise<string> {
    const value = this.newId();
    const id = sha256Hex(value);
    await this.redis.multi().set(`sess:${id}`, String(userId), 'EX', SESSION_TTL_SECONDS).sadd(`sess-user:${userId}`, id).expire(`sess-user:${userId}`, SESSION_TTL_SECONDS).exec();
    return value;
  }

  async find(cookieValue: string): Promise<number | null> {
    const v = await this.redis.get(`sess:${sha256Hex(cookieValue)}`);
    return v ? Number(v) : null;
  }

  async destroy(cookieValue: string): Promise<void> {
    await this.redis.del(`sess:${sha256Hex(cookieValue)}`);
  }

  async destroyAllForUser(userId: number): Promise<void> {
    const ids = await this.redis.smembers(`sess-user:${userId}`);
    if (ids.length) await this.redis.del(...ids.map((id) => `sess:${id}`));
    await this.redis.del(`sess-user:${userId}`);
  }
}
