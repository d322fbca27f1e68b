import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../platform/redis.js';
import { DbSessionStore, RedisSessionStore, SESSION_TTL_SECONDS, sessionIdOf, type SessionStore } from './session-store.js';
import { randomAlphanumeric, sha256Hex } from '../platform/crypto.js';
import { REDIS_URL, createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';

const newId = () => randomAlphanumeric(48);
const meta = { ip: '127.0.0.1', userAgent: 'vitest' };

function sessionStoreContract(name: string, make: () => SessionStore, stored: () => Promise<string[]>) {
  describe(`${name} session store`, () => {
    it('finds the user of a live session and nothing for an unknown value', async () => {
      const store = make();
      const value = await store.create(41, meta);
      expect(await store.find(value)).toBe(41);
      expect(await store.find('not-a-session')).toBeNull();
    });

    it('stores only a hash of the cookie value', async () => {
      const store = make();
      const value = await store.create(42, meta);
      const all = (await stored()).join('\n');
      expect(all).not.toContain(value);
      expect(all).toContain(sha256Hex(value));
    });

    it('destroys one session, or every session of a user', async () => {
      const store = make();
      const a = await store.create(43, meta);
      const b = await store.create(43, meta);
      const other = await store.create(44, meta);
      await store.destroy(a);
      expect(await store.find(a)).toBeNull();
      expect(await store.find(b)).toBe(43);
      await store.destroyAllForUser(43);
      expect(await store.find(b)).toBeNull();
      expect(await store.find(other)).toBe(44);
    });

    it("lists a user's live sessions with their details, and ends one by id or all but one", async () => {
      const store = make();
      const user = 1000 + Math.floor(Math.random() * 1e6);
      const first = await store.create(user, { ip: '10.0.0.1', userAgent: 'Firefox' });
      const second = await store.create(user, { ip: '10.0.0.2', userAgent: 'Chrome' });
      const third = await store.create(user, { ip: '10.0.0.3', userAgent: 'Safari' });
      const stranger = await store.create(user + 1, meta);
      const listed = await store.list(user);
      expect(listed.map((s) => s.id).sort()).toEqual([first, second, third].map(sessionIdOf).sort());
      expect(listed.find((s) => s.id === sessionIdOf(second))).toMatchObject({ ip: '10.0.0.2', user_agent: 'Chrome' });
      for (const s of listed) expect(s.expires_at - s.created_at).toBe(SESSION_TTL_SECONDS);

      expect(await store.destroyById(user, sessionIdOf(stranger))).toBe(false);
      expect(await store.find(stranger)).toBe(user + 1);
      expect(await store.destroyById(user, sessionIdOf(first))).toBe(true);
      expect(await store.destroyById(user, sessionIdOf(first))).toBe(false);
      expect(await store.find(first)).toBeNull();

      expect(await store.destroyOthers(user, sessionIdOf(third))).toBe(1);
      expect(await store.find(second)).toBeNull();
      expect(await store.find(third)).toBe(user);
      expect((await store.list(user)).map((s) => s.id)).toEqual([sessionIdOf(third)]);
      expect(await store.find(stranger)).toBe(user + 1);
    });

    it('keeps a secure-verification time per session, and none for an ended or unknown one', async () => {
      const store = make();
      const a = await store.create(45, meta);
      const b = await store.create(45, meta);
      expect(await store.verifiedUntil(a)).toBe(0);
      expect(await store.markVerified(a, 1_900_000_000)).toBe(true);
      expect(await store.verifiedUntil(a)).toBe(1_900_000_000);
      expect(await store.verifiedUntil(b)).toBe(0);
      expect(await store.markVerified('not-a-session', 1_900_000_000)).toBe(false);
      expect(await store.verifiedUntil('not-a-session')).toBe(0);
      await store.destroy(a);
      expect(await store.verifiedUntil(a)).toBe(0);
    });
  });
}

let redis: Redis;
const prefix = `gwtest:${randomBytes(4).toString('hex')}:`;
beforeAll(async () => { redis = await connectRedis(REDIS_URL, prefix); });
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  for (const k of keys) await redis.del(k.slice(prefix.length));
  redis.disconnect();
});
sessionStoreContract('redis', () => new RedisSessionStore(redis, newId), async () => (await redis.keys(`${prefix}*`)));

describe.each(testDialects())('database sessions (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(dialect); });
  afterAll(() => t?.drop());
  sessionStoreContract(dialect, () => new DbSessionStore(t.db, newId), async () => (await t.db.selectFrom('sessions').select('id').execute()).map((r) => r.id));

  it('treats an expired session as absent', async () => {
    const store = new DbSessionStore(t.db, newId);
    const value = await store.create(50, meta);
    await t.db.updateTable('sessions').set({ expires_at: 1 }).where('id', '=', sha256Hex(value)).execute();
    expect(await store.find(value)).toBeNull();
  });
});
