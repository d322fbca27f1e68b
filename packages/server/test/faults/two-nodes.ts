import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp, type Services } from '../../src/app.js';
import { connectRedis } from '../../src/platform/redis.js';
import { nowSeconds } from '../../src/platform/clock.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../test-database.js';
import { createUser, markSetupDone, testConfig } from '../test-app.js';
import { jsonReply, startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';

export interface Node {
  app: FastifyInstance;
  services: Services;
  url: string;
}

export interface TwoNodes {
  database: TestDatabase;
  nodes: [Node, Node];
  upstream: FakeUpstream;
  userId: number;
  tokenId: number;
  key: string;
  close(): Promise<void>;
}

export const MODEL = 'gpt-4o-mini';
const completion = { id: 'c', object: 'chat.completion', created: 1, model: MODEL, choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }], usage: { prompt_tokens: 40, completion_tokens: 10, total_tokens: 50 } };

/**
 * Two gateway nodes on one PostgreSQL database and one Redis (as docker-compose runs them), a fake
 * upstream, one user and one token. The user's balance is below the trust threshold, so every request
 * takes a quota hold before its upstream call.
 */
export async function startTwoNodes(): Promise<TwoNodes> {
  const database = await createTestDatabase('postgres');
  await markSetupDone(database.db);
  const prefix = `gwfault:${randomBytes(4).toString('hex')}:`;
  const clients: Redis[] = [];
  const upstream = await startFakeUpstream({ routes: { 'POST /v1/chat/completions': jsonReply(completion) } });
  const nodes: Node[] = [];
  for (let i = 0; i < 2; i++) {
    const redis = await connectRedis(REDIS_URL, prefix);
    redis.on('error', () => {});
    clients.push(redis);
    const { app, services } = await buildApp({ config: testConfig('postgres'), db: database.db, redis });
    await app.listen({ port: 0, host: '127.0.0.1' });
    nodes.push({ app, services, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  }
  await nodes[0].services.routing.createChannel({ type: 1, name: 'fault-upstream', key: 'sk-up', base_url: upstream.url, models: MODEL, group: 'default', status: 1 });
  await new Promise((r) => setTimeout(r, 300));
  await nodes[1].services.routing.reload();
  const user = await createUser(database.db, { quota: 4_000_000 });
  const key = randomBytes(24).toString('hex');
  await database.db.insertInto('tokens').values({ user_id: user.id, key, name: 'fault', status: 1, created_time: nowSeconds(), expired_time: -1, remain_quota: 3_000_000, unlimited_quota: 0 }).execute();
  const token = await database.db.selectFrom('tokens').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  return {
    database,
    nodes: nodes as [Node, Node],
    upstream,
    userId: user.id,
    tokenId: token.id,
    key: `sk-${key}`,
    async close() {
      for (const n of nodes) await n.app.close().catch(() => {});
      for (const c of clients) c.disconnect();
      await upstream.close();
      await database.drop().catch(() => {});
    },
  };
}

export interface LoadResult {
  ok: number;
  failed: number;
  statuses: Map<number, number>;
  /** Successes in the last second of the run (the service recovered). */
  okAtEnd: number;
}

/** `concurrency` loops sending chat completions for `ms`, alternating between the nodes. */
export async function runLoad(t: TwoNodes, ms: number, concurrency = 8, onTick?: (elapsedMs: number) => void): Promise<LoadResult> {
  const result: LoadResult = { ok: 0, failed: 0, statuses: new Map(), okAtEnd: 0 };
  const started = Date.now();
  let n = 0;
  const loop = async () => {
    while (Date.now() - started < ms) {
      const node = t.nodes[n++ % 2];
      let status = 0;
      try {
        const res = await fetch(`${node.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${t.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hello' }] }),
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        const body = (await res.json()) as { choices?: { message: { content: string } }[] };
        if (status === 200 && body.choices?.[0]?.message.content === 'ok') {
          result.ok++;
          if (Date.now() - started > ms - 1000) result.okAtEnd++;
        } else result.failed++;
      } catch {
        result.failed++;
      }
      result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
      onTick?.(Date.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return result;
}

/** After the load: every node's queued settlements written and stale holds (refunds that could not be written) given back. */
export async function settleEverything(t: TwoNodes): Promise<void> {
  for (const n of t.nodes) await n.services.billing.drain();
  for (let i = 0; i < 20; i++) {
    try {
      await t.nodes[0].services.billing.reconcileStaleHolds(0);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** The books: what the user and token lost, what the logs say was charged, how many holds are still open. */
export async function ledger(t: TwoNodes) {
  const db = t.database.db;
  const user = await db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', t.userId).executeTakeFirstOrThrow();
  const token = await db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('id', '=', t.tokenId).executeTakeFirstOrThrow();
  const logs = await db.selectFrom('logs').select(['quota']).where('user_id', '=', t.userId).where('type', '=', 2).execute();
  const open = await db.selectFrom('quota_holds').select('request_id').where('user_id', '=', t.userId).where('status', '=', 'held').execute();
  return {
    userSpent: 4_000_000 - Number(user.quota),
    userUsed: Number(user.used_quota),
    tokenSpent: 3_000_000 - Number(token.remain_quota),
    tokenUsed: Number(token.used_quota),
    logCount: logs.length,
    logSum: logs.reduce((s, l) => s + Number(l.quota), 0),
    openHolds: open.length,
  };
}

const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'pipe', timeout: 60_000 }).toString();

export function restartPostgres(): void {
  sh('pg_ctlcluster', ['--skip-systemctl-redirect', '15', 'main', 'restart', '-m', 'fast']);
}

export function ensurePostgres(): void {
  try {
    sh('pg_ctlcluster', ['--skip-systemctl-redirect', '15', 'main', 'start']);
  } catch {
    // already running
  }
}

export function stopRedis(): void {
  sh('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'shutdown', 'nosave']);
}

export function startRedis(): void {
  try {
    sh('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'ping']);
  } catch {
    sh('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', '6379', '--save', '', '--appendonly', 'no', '--dir', '/var/lib/redis', '--logfile', '/var/log/redis/ci.log']);
  }
}
