import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupViaApi, startServer, type RunningServer } from './support/server';
import { startSlowStreamingUpstream, streamChat } from './support/slow-upstream';

const ROOT = { username: 'drainroot', password: 'drain-pass-123' };
const CHUNKS = 10;
const CHUNK_GAP_MS = 150;

async function api(baseUrl: string, method: string, path: string, auth: { cookie: string; userId: string }, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie: auth.cookie, 'new-api-user': auth.userId, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { success: boolean; message: string; data: any };
}

/** SIGTERM while streams are open: every stream finishes, every request is billed and logged, then the process exits 0. */
describe('graceful shutdown under load', () => {
  let server: RunningServer & { pid: () => number | undefined };
  let upstream: Awaited<ReturnType<typeof startSlowStreamingUpstream>>;
  let key = '';

  beforeAll(async () => {
    upstream = await startSlowStreamingUpstream(CHUNKS, CHUNK_GAP_MS);
  });

  // A server of its own per attempt: the test stops it, so a retry needs a fresh one (and fresh logs and balance).
  beforeEach(async () => {
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    const login = await fetch(`${server.baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ROOT) });
    const auth = { cookie: String(login.headers.get('set-cookie')).split(';')[0], userId: String(((await login.json()) as { data: { id: number } }).data.id) };
    const channel = await api(server.baseUrl, 'POST', '/api/channel/', auth, { type: 1, name: 'slow', key: 'sk-slow', base_url: upstream.url, models: 'gpt-4o-mini', group: 'default' });
    expect(channel.success).toBe(true);
    await api(server.baseUrl, 'PUT', '/api/user/', auth, { id: Number(auth.userId), quota: 100_000_000 });
    const created = await api(server.baseUrl, 'POST', '/api/token/', auth, { name: 'drain', unlimited_quota: true });
    expect(created.success).toBe(true);
    const list = await api(server.baseUrl, 'GET', '/api/token/?p=1&size=10', auth);
    key = `sk-${list.data.items[0].key}`;
  }, 60_000);

  afterEach(async () => {
    await server?.stop();
  });

  afterAll(async () => {
    await upstream?.close();
  });

  it('lets open streams finish, settles them, refuses new connections and exits 0', async () => {
    const dbFile = join(server.dataDir, 'gateway.db');
    const before = new Database(dbFile, { readonly: true });
    const quotaBefore = (before.prepare('select quota from users where username = ?').get(ROOT.username) as { quota: number }).quota;
    before.close();

    const pid = server.pid()!;
    const streams = Array.from({ length: 6 }, () => streamChat(server.baseUrl, key));
    // Should this attempt fail before reading them, the streams' ends are no unhandled errors for the retry.
    for (const stream of streams) stream.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 400));
    const exited = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        try {
          process.kill(pid, 0);
        } catch {
          clearInterval(timer);
          resolve();
        }
      }, 50);
    });
    process.kill(pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${server.baseUrl}/api/status`)).rejects.toThrow();

    const results = await Promise.all(streams);
    for (const r of results) {
      expect(r.status).toBe(200);
      for (let i = 0; i < CHUNKS; i++) expect(r.text).toContain(`piece${i} `);
      expect(r.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    }
    await exited;
    expect(server.output()).not.toMatch(/error/i);

    const db = new Database(dbFile, { readonly: true });
    const logs = db.prepare('select quota, completion_tokens from logs where type = 2').all() as { quota: number; completion_tokens: number }[];
    const quotaAfter = (db.prepare('select quota from users where username = ?').get(ROOT.username) as { quota: number }).quota;
    const holds = db.prepare("select count(*) as n from quota_holds where status = 'held'").get() as { n: number };
    db.close();
    expect(logs).toHaveLength(6);
    expect(logs.every((l) => l.completion_tokens === CHUNKS && l.quota > 0)).toBe(true);
    expect(quotaBefore - quotaAfter).toBe(logs.reduce((sum, l) => sum + l.quota, 0));
    expect(holds.n).toBe(0);
  }, 60_000);
});
