#!/usr/bin/env node
// npm run bench:relay — throughput and latency of the gateway against a bare Node proxy (the floor)
// and the upstream itself (direct), non-streaming and streaming, at 1 and 64 connections; then a
// memory soak of the gateway. Everything runs on 127.0.0.1. Prints medians of REPEAT runs and ratios
// measured in this same invocation.
//
// The gateway runs twice over the same SQLite database: one process (WORKERS=1) and a cluster with one
// worker per core (WORKERS=auto, BENCH_WORKERS to override), the way an operator runs it on a multi-core box.
//
// Streams are measured twice at 64 connections: the upstream's whole stream in one write (`stream`), and 40
// content events written one by one as a model streams tokens (`stream40`).
//
// Env: BENCH_SECONDS (per run, default 5), BENCH_REPEAT (default 3), BENCH_SOAK_SECONDS (default 60).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { Pool } from 'undici';

const root = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
export const KEY = 'benchkey' + 'x'.repeat(40);
// The gateway runs as `npm start` runs it (package.json), Node flags included.
export const GATEWAY_NODE_FLAGS = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start.match(/node ((?:--\S+ )*)packages\/server\/dist\/main\.js/)[1].split(' ').filter(Boolean);

export function startChild(args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return child;
}

export function firstLine(child) {
  return new Promise((resolveLine, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const nl = buf.indexOf('\n');
      if (nl >= 0) resolveLine(buf.slice(0, nl).trim());
    });
    child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

export async function waitFor(url, headers = {}) {
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(url, { headers });
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Seeds with the build in `dist` (a compared build migrates its own schema, which may be older). */
export async function seedDatabase(dataDir, upstreamPort, dist = join(root, 'packages/server/dist')) {
  const { createDatabase } = await import(join(dist, 'db/database.js'));
  const { migrateToLatest } = await import(join(dist, 'db/migrator.js'));
  const { ChannelRoutingService } = await import(join(dist, 'channels/channel-routing.service.js'));
  const db = createDatabase({ type: 'sqlite', sqlitePath: join(dataDir, 'gateway.db') });
  await migrateToLatest(db);
  const now = Math.floor(Date.now() / 1000);
  await db.insertInto('setups').values({ version: 'bench', initialized_at: now }).execute();
  await db.insertInto('users').values({ username: 'bench', aff_code: 'bench001', quota: 1e15, created_at: now }).execute();
  const user = await db.selectFrom('users').select('id').where('username', '=', 'bench').executeTakeFirstOrThrow();
  await db.insertInto('tokens').values({ user_id: user.id, key: KEY, name: 'bench', unlimited_quota: 1, created_time: now }).execute();
  await new ChannelRoutingService(db).createChannel({ type: 1, name: 'bench', key: 'sk-bench', base_url: `http://127.0.0.1:${upstreamPort}`, models: 'gpt-4o-mini', group: 'default', status: 1 });
  await db.destroy();
}

/** One autocannon run; `chunks` asks the fast upstream for a stream of that many separately written events. */
export function run(url, { stream, connections, headers = {}, chunks = 0 }) {
  const body = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello to the benchmark.' }], ...(stream ? { stream: true } : {}), ...(chunks ? { bench_chunks: chunks } : {}) });
  return new Promise((resolveRun, reject) => {
    autocannon(
      { url: `${url}/v1/chat/completions`, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, connections, duration: SECONDS, pipelining: 1 },
      (err, result) => (err ? reject(err) : resolveRun(result)),
    );
  });
}

/**
 * What is measured. `stream` is the upstream's whole stream in one write (one chunk for the proxy: the
 * per-request cost laid bare); `stream40` is 40 content events written one by one, as a model streams
 * tokens, where each proxy also pays per chunk.
 */
export const MODES = [
  { mode: 'json', stream: false, chunks: 0, connectionCounts: [1, 64] },
  { mode: 'stream', stream: true, chunks: 0, connectionCounts: [1, 64] },
  { mode: 'stream40', stream: true, chunks: 40, connectionCounts: [64] },
];

/** The load of a mode named on a command line (json, stream or stream40); undefined for anything else. */
export const loadOf = (name) => MODES.find((m) => m.mode === name);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

/** Latency of sequential requests on one keep-alive connection, timed with hrtime (autocannon rounds to whole ms). */
async function sequentialLatency(url, { stream, headers = {} }, count = 3000) {
  const pool = new Pool(url, { connections: 1 });
  const body = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello to the benchmark.' }], ...(stream ? { stream: true } : {}) });
  const once = async () => {
    const t0 = process.hrtime.bigint();
    const res = await pool.request({ path: '/v1/chat/completions', method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  for (let i = 0; i < 300; i++) await once();
  const samples = [];
  for (let i = 0; i < count; i++) samples.push(await once());
  await pool.close();
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

/** Parent pid and user and system CPU (ms) from a /proc `stat` file. */
function statOf(path) {
  const f = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return { ppid: Number(f[1]), user: Number(f[11]) * 10, sys: Number(f[12]) * 10 };
}

/** CPU time (user and system, ms) of a process and its direct children (the cluster's workers), from /proc. */
export function cpuMs(pid) {
  const of = (id) => {
    try {
      return statOf(`/proc/${id}/stat`);
    } catch {
      return null;
    }
  };
  const total = { user: 0, sys: 0 };
  for (const id of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const s = of(Number(id));
    if (s && (Number(id) === pid || s.ppid === pid)) {
      total.user += s.user;
      total.sys += s.sys;
    }
  }
  return total;
}

/**
 * CPU time (user and system, ms) of a process's main thread alone. At 64 connections the floor's and the
 * one-process gateway's main threads are both busy nearly all the time, so the ratio of their CPU per
 * request is what bounds the ratio of their throughput (bench/README.md, thirteenth session).
 */
export function mainThreadMs(pid) {
  const s = statOf(`/proc/${pid}/task/${pid}/stat`);
  return s.user + s.sys;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-'));
  const children = [];
  try {
    const upstream = startChild(['bench/fast-upstream.mjs']);
    children.push(upstream);
    const upstreamPort = Number(await firstLine(upstream));
    const floor = startChild(['bench/floor-proxy.mjs', String(upstreamPort)]);
    children.push(floor);
    const floorPort = Number(await firstLine(floor));
    await seedDatabase(dataDir, upstreamPort);
    const gatewayPort = 20000 + Math.floor(Math.random() * 20000);
    const gatewayEnv = { HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SQL_DSN: '', REDIS_URL: '' };
    const gateway = startChild([...GATEWAY_NODE_FLAGS, 'packages/server/dist/main.js'], { ...gatewayEnv, PORT: String(gatewayPort), WORKERS: '1' });
    children.push(gateway);
    await waitFor(`http://127.0.0.1:${gatewayPort}/api/status`);
    const clusterPort = gatewayPort + 1;
    const workers = process.env.BENCH_WORKERS ?? 'auto';
    const cluster = startChild([...GATEWAY_NODE_FLAGS, 'packages/server/dist/main.js'], { ...gatewayEnv, PORT: String(clusterPort), WORKERS: workers });
    children.push(cluster);
    await waitFor(`http://127.0.0.1:${clusterPort}/api/status`);

    const targets = {
      direct: { url: `http://127.0.0.1:${upstreamPort}`, pid: upstream.pid },
      floor: { url: `http://127.0.0.1:${floorPort}`, pid: floor.pid },
      gateway: { url: `http://127.0.0.1:${gatewayPort}`, headers: { authorization: `Bearer sk-${KEY}` }, pid: gateway.pid },
      cluster: { url: `http://127.0.0.1:${clusterPort}`, headers: { authorization: `Bearer sk-${KEY}` }, pid: cluster.pid },
    };
    // Warm-up: JIT, connection pools, SQLite pages.
    await run(targets.gateway.url, { stream: false, connections: 8, headers: targets.gateway.headers });
    await run(targets.cluster.url, { stream: false, connections: 8, headers: targets.cluster.headers });

    // The targets take turns within each repetition, so a machine whose speed drifts (shared VMs do)
    // slows all of them alike instead of whichever happened to run during a slow spell.
    const rows = [];
    for (const { mode, stream, chunks, connectionCounts } of MODES) {
      for (const connections of connectionCounts) {
        const runs = Object.fromEntries(Object.keys(targets).map((name) => [name, { rps: [], p50: [], p99: [], cpu: [] }]));
        for (let i = 0; i < REPEAT; i++) {
          for (const [name, t] of Object.entries(targets)) {
            const before = cpuMs(t.pid);
            const mainBefore = mainThreadMs(t.pid);
            const r = await run(t.url, { stream, connections, headers: t.headers, chunks });
            const after = cpuMs(t.pid);
            const mainAfter = mainThreadMs(t.pid);
            if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
            const m = runs[name];
            m.rps.push(r.requests.average);
            m.p50.push(r.latency.p50);
            m.p99.push(r.latency.p99);
            m.cpu.push({ user: ((after.user - before.user) * 1000) / r.requests.total, sys: ((after.sys - before.sys) * 1000) / r.requests.total, main: ((mainAfter - mainBefore) * 1000) / r.requests.total });
          }
        }
        for (const [name, m] of Object.entries(runs)) {
          const cpuMid = m.cpu.sort((a, b) => a.user + a.sys - b.user - b.sys)[Math.floor(m.cpu.length / 2)];
          rows.push({ mode, connections, target: name, rps: median(m.rps), p50: median(m.p50), p99: median(m.p99), cpu: cpuMid });
        }
      }
    }

    console.log(`\nRelay benchmark (${SECONDS} s per run, median of ${REPEAT}; SQLite, consume logging on; cluster = WORKERS=${workers})\n`);
    // CPU: user and system microseconds the target process (with its workers) spent per request, and its
    // main thread's share (not for the cluster, whose primary only hands out connections).
    console.log('mode    conns  target    req/s      p50 ms  p99 ms   cpu us/req (user+sys)  main thread us/req');
    for (const r of rows) {
      const main = r.target === 'cluster' ? '—' : r.cpu.main.toFixed(0);
      console.log(`${r.mode.padEnd(7)} ${String(r.connections).padStart(5)}  ${r.target.padEnd(8)} ${r.rps.toFixed(0).padStart(8)}  ${r.p50.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)}   ${`${r.cpu.user.toFixed(0).padStart(4)}+${r.cpu.sys.toFixed(0)}`.padEnd(22)} ${main.padStart(4)}`);
    }
    console.log('\nratios (gateway and cluster vs floor throughput; added p50 latency vs direct)');
    for (const { mode, connectionCounts } of MODES) {
      for (const connections of connectionCounts) {
        const pick = (target) => rows.find((r) => r.mode === mode && r.connections === connections && r.target === target);
        const g = pick('gateway');
        const f = pick('floor');
        const d = pick('direct');
        const c = pick('cluster');
        console.log(`${mode.padEnd(7)} ${String(connections).padStart(5)}  gateway/floor ${(g.rps / f.rps * 100).toFixed(1)}%   cluster/floor ${(c.rps / f.rps * 100).toFixed(1)}%   added p50 ${(g.p50 - d.p50).toFixed(2)} ms`);
      }
    }

    console.log('\nsequential latency on one connection (ms, hrtime; median of 3000 after warm-up)');
    for (const stream of [false, true]) {
      const lat = {};
      for (const [name, t] of Object.entries(targets)) lat[name] = await sequentialLatency(t.url, { stream, headers: t.headers });
      const mode = stream ? 'stream' : 'json';
      for (const [name, l] of Object.entries(lat)) console.log(`${mode.padEnd(7)} ${name.padEnd(8)} p50 ${l.p50.toFixed(3)}  p99 ${l.p99.toFixed(3)}`);
      console.log(`${mode.padEnd(7)} gateway adds ${(lat.gateway.p50 - lat.direct.p50).toFixed(3)} ms at p50 over direct (floor adds ${(lat.floor.p50 - lat.direct.p50).toFixed(3)} ms)`);
    }

    if (SOAK_SECONDS > 0) {
      const samples = [];
      const timer = setInterval(() => samples.push(rssMb(gateway.pid)), 5000);
      const soakSeconds = SOAK_SECONDS;
      await new Promise((resolveSoak, reject) => {
        autocannon(
          { url: `${targets.gateway.url}/v1/chat/completions`, method: 'POST', headers: { 'content-type': 'application/json', ...targets.gateway.headers }, body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'soak' }] }), connections: 64, duration: soakSeconds },
          (err, r) => (err ? reject(err) : resolveSoak(r)),
        );
      });
      clearInterval(timer);
      // RSS saw-tooths with garbage collection: a leak shows as a rising floor, so compare the lowest
      // sample of each half rather than two single samples.
      const warm = samples.slice(1);
      const half = Math.floor(warm.length / 2);
      const early = Math.min(...warm.slice(0, half));
      const late = Math.min(...warm.slice(half));
      console.log(`\nmemory over a ${soakSeconds} s streaming soak at 64 connections (gateway RSS, MB, every 5 s):`);
      console.log(samples.map((s) => s.toFixed(0)).join(' '));
      if (half === 0) console.log('growth after warm-up: too few samples to compare (soak at least 15 s)');
      else console.log(`growth after warm-up (lowest RSS of the second half vs the first): ${(late - early).toFixed(1)} MB (${((late / early - 1) * 100).toFixed(1)}%)`);
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run when started as a script; bench/ab.mjs imports the helpers above.
if (import.meta.url === `file://${process.argv[1]}`) await main();
