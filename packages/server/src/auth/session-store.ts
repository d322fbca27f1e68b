import type { Redis } from 'ioredis';
import type { Db } from '../db/database.js';
import { sha256Hex } from '../platform/crypto.js';
import { nowSeconds } from '../platform/clock.js';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** One signed-in browser, as its owner sees it (GET /api/user/sessions). `id` is the stored hash, never the cookie. */
export interface SessionInfo {
  id: string;
  created_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
}

/** Server-side sessions, keyed by the SHA-256 of the cookie value (a leaked table cannot be replayed). */
export interface SessionStore {
  create(userId: number, meta: { ip: string; userAgent: string }): Promise<string>;
  /** The user id of a live session, or null. */
  find(cookieValue: string): Promise<number | null>;
  destroy(cookieValue: string): Promise<void>;
  destroyAllForUser(userId: number): Promise<void>;
  /** The user's live sessions, newest first. */
  list(userId: number): Promise<SessionInfo[]>;
  /** Ends one of the user's sessions by its id; false when the user has no such live session. */
  destroyById(userId: number, id: string): Promise<boolean>;
  /** Ends every session of the user but the one with id `keepId`; answers how many ended. */
  destroyOthers(userId: number, keepId: string): Promise<number>;
  /**
   * Records that the session passed a second-factor check and counts as verified until `until` (unix
   * seconds; auth/secure-verification.ts). False when the session is not live.
   */
  markVerified(cookieValue: string, until: number): Promise<boolean>;
  /** Until when the live session counts as verified (unix seconds, possibly past); 0 = never verified. */
  verifiedUntil(cookieValue: string): Promise<number>;
}

/** The id a session is stored under: what the owner sees and revokes by. */
export const sessionIdOf = (cookieValue: string): string => sha256Hex(cookieValue);

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

  list(userId: number): Promise<SessionInfo[]> {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'expires_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowSeconds())
      .orderBy('created_at', 'desc')
      .execute();
  }

  async destroyById(userId: number, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).where('expires_at', '>', nowSeconds()).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async destroyOthers(userId: number, keepId: string): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async markVerified(cookieValue: string, until: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ verified_until: until })
      .where('id', '=', sha256Hex(cookieValue))
      .where('expires_at', '>', nowSeconds())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async verifiedUntil(cookieValue: string): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select('verified_until')
      .where('id', '=', sha256Hex(cookieValue))
      .where('expires_at', '>', nowSeconds())
      .executeTakeFirst();
    return Number(row?.verified_until ?? 0);
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis, private readonly newId: () => string) {}

  async create(userId: number, meta: { ip: string; userAgent: string }): Promise<string> {
    const value = this.newId();
    const id = sha256Hex(value);
    const now = nowSeconds();
    const info = JSON.stringify({ created_at: now, expires_at: now + SESSION_TTL_SECONDS, ip: meta.ip.slice(0, 64), user_agent: meta.userAgent.slice(0, 255) });
    await this.redis
      .multi()
      .set(`sess:${id}`, String(userId), 'EX', SESSION_TTL_SECONDS)
      .set(`sess-meta:${id}`, info, 'EX', SESSION_TTL_SECONDS)
      .sadd(`sess-user:${userId}`, id)
      .expire(`sess-user:${userId}`, SESSION_TTL_SECONDS)
      .exec();
    return value;
  }

  async find(cookieValue: string): Promise<number | null> {
    const v = await this.redis.get(`sess:${sha256Hex(cookieValue)}`);
    return v ? Number(v) : null;
  }

  async destroy(cookieValue: string): Promise<void> {
    const id = sha256Hex(cookieValue);
    await this.redis.del(`sess:${id}`, `sess-verified:${id}`);
  }

  async destroyAllForUser(userId: number): Promise<void> {
    const ids = await this.redis.smembers(`sess-user:${userId}`);
    if (ids.length) await this.redis.del(...ids.flatMap((id) => [`sess:${id}`, `sess-meta:${id}`, `sess-verified:${id}`]));
    await this.redis.del(`sess-user:${userId}`);
  }

  async list(userId: number): Promise<SessionInfo[]> {
    const ids = await this.redis.smembers(`sess-user:${userId}`);
    if (ids.length === 0) return [];
    const [owners, metas] = await Promise.all([this.redis.mget(...ids.map((id) => `sess:${id}`)), this.redis.mget(...ids.map((id) => `sess-meta:${id}`))]);
    const live: SessionInfo[] = [];
    const gone: string[] = [];
    ids.forEach((id, i) => {
      if (owners[i] !== String(userId)) return void gone.push(id);
      // Sessions made before their details were kept show without them.
      const meta = parseMeta(metas[i]);
      live.push({ id, created_at: meta.created_at ?? 0, expires_at: meta.expires_at ?? 0, ip: meta.ip ?? '', user_agent: meta.user_agent ?? '' });
    });
    if (gone.length) await this.redis.srem(`sess-user:${userId}`, ...gone);
    return live.sort((a, b) => b.created_at - a.created_at);
  }

  async destroyById(userId: number, id: string): Promise<boolean> {
    if ((await this.redis.get(`sess:${id}`)) !== String(userId)) return false;
    await this.redis.multi().del(`sess:${id}`, `sess-meta:${id}`, `sess-verified:${id}`).srem(`sess-user:${userId}`, id).exec();
    return true;
  }

  async destroyOthers(userId: number, keepId: string): Promise<number> {
    const others = (await this.redis.smembers(`sess-user:${userId}`)).filter((id) => id !== keepId);
    if (others.length === 0) return 0;
    const owners = await this.redis.mget(...others.map((id) => `sess:${id}`));
    await this.redis
      .multi()
      .del(...others.flatMap((id) => [`sess:${id}`, `sess-meta:${id}`, `sess-verified:${id}`]))
      .srem(`sess-user:${userId}`, ...others)
      .exec();
    return owners.filter((o) => o === String(userId)).length;
  }

  async markVerified(cookieValue: string, until: number): Promise<boolean> {
    const id = sha256Hex(cookieValue);
    const ttl = await this.redis.ttl(`sess:${id}`);
    if (ttl <= 0) return false;
    // Kept as long as the session, so a lapsed verification still reads as "expired" rather than "never".
    await this.redis.set(`sess-verified:${id}`, String(until), 'EX', ttl);
    return true;
  }

  async verifiedUntil(cookieValue: string): Promise<number> {
    const id = sha256Hex(cookieValue);
    const [owner, until] = await this.redis.mget(`sess:${id}`, `sess-verified:${id}`);
    return owner && until ? Number(until) || 0 : 0;
  }
}

function parseMeta(text: string | null): Partial<Omit<SessionInfo, 'id'>> {
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<Omit<SessionInfo, 'id'>>;
  } catch {
    return {};
  }
}
