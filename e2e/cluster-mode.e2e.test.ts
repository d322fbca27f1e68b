import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupViaApi, startServer, type RunningServer } from './support/server';
import { startSlowStreamingUpstream, streamChat } from './support/slow-upstream';

const ROOT = { username: 'clusterroot', password: 'cluster-pass-1' };
const LOGIN_LIMIT = 4;

/** One request on a new connection (agent: false), so the kernel may hand it to either worker. */
function call(baseUrl: string, method: string, path: string, body?: unknown, cookie?: string, userId?: string): Promise<{ status: number; json: any; headers: Record<string, string | string[] | undefined> }> {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent: false, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...(userId ? { 'new-api-user': userId } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Child processes of `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) === pid) out.push(Number(entry));
    } catch {
      // the process went away meanwhile
    }
  }
  return out.sort();
}

/** How many established connections to local `port` each process holds, from its fds and /proc/net/tcp. */
function connectionsHeld(pids: number[], port: number): number[] {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // f[1] local address:port (hex), f[3] state (01 = established), f[9] inode
      if (f.length > 9 && parseInt(f[1].split(':')[1], 16) === port && f[3] === '01') inodes.add(f[9]);
    }
  }
  return pids.map((pid) => {
    let held = 0;
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) held++;
      } catch {
        // the fd closed meanwhile
      }
    }
    return held;
  });
}

async function until<T>(probe: () => T | Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms (last: ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** WORKERS=2: one site served by two processes that share limits, options and routing, and stop cleanly. */
describe('cluster mode (WORKERS=2)', () => {
  let server: RunningServer & { pid: () => number | undefined };
  let primary: number;
  let cookie = '';
  let userId = '';

  /** Starts a cluster set up with ROOT, and makes the first of the address's LOGIN_LIMIT sign-ins this minute. */
  async function startCluster(): Promise<void> {
    server = await startServer({ env: { WORKERS: '2', AUTH_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT) } });
    primary = server.pid()!;
    await setupViaApi(server.baseUrl, ROOT);
    const login = await call(server.baseUrl, 'POST', '/api/user/login', ROOT);
    cookie = String(login.headers['set-cookie']).split(';')[0];
    userId = String(login.json.data.id);
  }

  /** Stops the cluster (what is left of it) and starts a new one: for a retry after an attempt that used it up. */
  async function freshCluster(): Promise<void> {
    await server?.stop();
    await startCluster();
  }

  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  /** The two workers, once both are up; on a fresh cluster if `fresh` or if the primary is gone. */
  async function twoWorkers(fresh = false): Promise<number[]> {
    if (fresh || !alive(primary)) await freshCluster();
    return until(() => childrenOf(primary), (c) => c.length === 2, 15_000);
  }

  beforeAll(startCluster, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('runs two workers under one primary', async () => {
    const workers = await until(() => childrenOf(primary), (c) => c.length === 2, 10_000);
    expect(workers).toHaveLength(2);
    expect(server.output()).toContain('started 2 workers');
  });

  let signInLimitAttempts = 0;

  it('enforces one sign-in limit across the workers', async () => {
    // An earlier attempt used up this minute's sign-ins: a retry counts on a fresh cluster, from its one sign-in.
    if (++signInLimitAttempts > 1) await freshCluster();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 3; i++) {
      statuses.push((await call(server.baseUrl, 'POST', '/api/user/login', { username: 'nobody-here', password: 'wrong-password' })).status);
    }
    // One sign-in happened in beforeAll: LOGIN_LIMIT - 1 more pass, whichever worker takes them.
    expect(statuses.slice(0, LOGIN_LIMIT - 1).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(LOGIN_LIMIT - 1).every((s) => s === 429)).toBe(true);
  });

  it('an option changed through one worker is in force on every connection within a second', async () => {
    const put = await new Promise<number>((resolve, reject) => {
      const req = request(new URL('/api/option/', server.baseUrl), { method: 'PUT', agent: false, headers: { 'content-type': 'application/json', cookie, 'new-api-user': userId } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ key: 'SystemName', value: 'Two Workers Site' }));
    });
    expect(put).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    const names = await Promise.all(Array.from({ length: 12 }, () => call(server.baseUrl, 'GET', '/api/status').then((r) => r.json.data.system_name)));
    expect(new Set(names)).toEqual(new Set(['Two Workers Site']));
  });

  it('answers a metrics scrape with the sum of every worker', async () => {
    const put = await call(server.baseUrl, 'PUT', '/api/option/', { key: 'MetricsToken', value: 'cluster-scrape' }, cookie, userId);
    expect(put.json.success).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer cluster-scrape', connection: 'close' } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^gw_processes 2$/m);
    }
  });

  it("answers the channels' health for every worker, whichever worker is asked", async () => {
    for (let i = 0; i < 6; i++) {
      const health = await call(server.baseUrl, 'GET', '/api/channel/health', undefined, cookie, userId);
      expect(health.json).toMatchObject({ success: true, data: { processes: 2, failure_threshold: 5, window_size: 20 } });
    }
    const reset = await call(server.baseUrl, 'POST', '/api/channel/health/reset', { all: true }, cookie, userId);
    expect(reset.json).toMatchObject({ success: true, message: 'every cool-down ended' });
  });

  it('deals a burst of new connections out to both workers', async () => {
    const workers = await until(() => childrenOf(primary), (c) => c.length === 2, 10_000);
    const port = Number(new URL(server.baseUrl).port);
    const burst = 32;
    /** How many of one burst's connections each worker holds. */
    const dealt = async () => {
      const sockets = await Promise.all(
        Array.from({ length: burst }, () => new Promise<Socket>((resolve, reject) => {
          const s = connect(port, '127.0.0.1', () => resolve(s));
          s.on('error', reject);
        })),
      );
      try {
        return await until(() => connectionsHeld(workers, port), (h) => h[0] + h[1] >= burst, 10_000);
      } finally {
        for (const s of sockets) s.destroy();
      }
    };
    // The primary deals only to a worker that has taken its last connection: a worker stalled for a moment on
    // a loaded box (CI once saw 31 and 1) gets fewer. Up to three bursts, then, and one must be dealt fairly.
    const shares: number[] = [];
    while (shares.length < 3 && !shares.some((share) => share >= burst / 4)) {
      shares.push(Math.min(...(await dealt())));
      await until(() => connectionsHeld(workers, port), (h) => h[0] + h[1] < burst, 10_000);
    }
    expect(Math.max(...shares)).toBeGreaterThanOrEqual(burst / 4);
  });

  it('holds one token-concurrency limit for a key across the workers', async () => {
    const upstream = await startSlowStreamingUpstream(8, 150);
    try {
      const attempt = `tc${Date.now().toString(36)}`;
      const admin = (method: string, path: string, body?: unknown) => call(server.baseUrl, method, path, body, cookie, userId);
      expect((await admin('POST', '/api/channel/', { type: 1, name: attempt, key: 'sk-slow', base_url: upstream.url, models: attempt, group: 'default' })).json.success).toBe(true);
      expect((await admin('PUT', '/api/user/', { id: Number(userId), quota: 100_000_000 })).json.success).toBe(true);
      expect((await admin('POST', '/api/token/', { name: attempt, unlimited_quota: true })).json.success).toBe(true);
      const tokens = (await admin('GET', `/api/token/search?keyword=${attempt}&p=1&size=10`)).json.data;
      const key = `sk-${(Array.isArray(tokens) ? tokens : tokens.items).find((t: { name: string }) => t.name === attempt).key}`;
      // The channel's model has no price: self-use mode serves it.
      expect((await admin('PUT', '/api/option/', { key: 'SelfUseModeEnabled', value: 'true' })).json.success).toBe(true);
      expect((await admin('PUT', '/api/option/', { key: 'TokenConcurrencyPolicy', value: JSON.stringify({ default: { limit: 2 } }) })).json.success).toBe(true);
      await new Promise((r) => setTimeout(r, 1000));

      // Eight streams at once on new connections, dealt to both workers: two get through, whichever worker serves them.
      const results = await Promise.all(Array.from({ length: 8 }, () => streamChat(server.baseUrl, key, attempt)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
      for (const r of results.filter((x) => x.status === 429)) expect(r.text).toContain('token_concurrency_limit_reached');
      // The slots are free again once the streams ended.
      const after = await Promise.all(Array.from({ length: 2 }, () => streamChat(server.baseUrl, key, attempt)));
      expect(after.map((r) => r.status)).toEqual([200, 200]);
    } finally {
      for (const [key, value] of [['TokenConcurrencyPolicy', '{}'], ['SelfUseModeEnabled', 'false']]) await call(server.baseUrl, 'PUT', '/api/option/', { key, value }, cookie, userId);
      await upstream.close();
    }
  }, 60_000);

  it('replaces a worker that dies and keeps serving', async () => {
    // A retry waits for the replacement of the worker an earlier attempt killed.
    const before = await twoWorkers();
    process.kill(before[0], 'SIGKILL');
    const after = await until(() => childrenOf(primary), (c) => c.length === 2 && !c.includes(before[0]), 15_000);
    expect(after).toContain(before[1]);
    const res = await until(() => call(server.baseUrl, 'GET', '/api/status'), (r) => r.status === 200, 10_000);
    expect(res.json.success).toBe(true);
  }, 60_000);

  let stopAttempts = 0;

  it('stops the workers and exits cleanly on SIGTERM', async () => {
    // A retry stops a fresh cluster: the earlier attempt's may be gone or still stopping.
    const workers = await twoWorkers(++stopAttempts > 1);
    const exited = new Promise<number | null>((resolve) => {
      const timer = setInterval(() => {
        try {
          process.kill(primary, 0);
        } catch {
          clearInterval(timer);
          resolve(0);
        }
      }, 100);
    });
    process.kill(primary, 'SIGTERM');
    await exited;
    for (const w of workers) expect(() => process.kill(w, 0)).toThrow();
  }, 60_000);
});
