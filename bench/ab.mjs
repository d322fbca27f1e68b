#!/usr/bin/env node
// Paired comparison of two gateway builds: node bench/ab.mjs <A main.js> <B main.js> [json|stream|stream40]
// Both run at once over their own SQLite databases, in front of one fast upstream, and take turns under
// the same autocannon load; each pair of runs gives a ratio B/A, so a VM whose speed drifts slows both
// sides of a pair alike. Prints each pair and the medians.
// Env: BENCH_SECONDS (per run, default 5), BENCH_REPEAT (pairs, default 6), BENCH_WORKERS (default 1),
// BENCH_CONNECTIONS (default 64). A build to compare against must sit inside this checkout so that it
// finds node_modules, e.g. `git worktree add packages/server/.base-wt <rev>` and `npx tsc -b
// packages/contracts packages/server` in it; remove the worktree afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { GATEWAY_NODE_FLAGS, KEY, cpuMs, firstLine, loadOf, run, seedDatabase, startChild, waitFor } from './relay.mjs';

const [aMain, bMain, mode = 'json'] = process.argv.slice(2);
const load = loadOf(mode);
if (!aMain || !bMain || !load) {
  console.error('usage: node bench/ab.mjs <A main.js> <B main.js> [json|stream|stream40]');
  process.exit(2);
}
const REPEAT = Number(process.env.BENCH_REPEAT ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const WORKERS = process.env.BENCH_WORKERS ?? '1';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const children = [];
const dirs = [];
try {
  const upstream = startChild(['bench/fast-upstream.mjs']);
  children.push(upstream);
  const upstreamPort = Number(await firstLine(upstream));
  const sides = {};
  for (const [name, main] of [['A', aMain], ['B', bMain]]) {
    const dir = mkdtempSync(join(tmpdir(), 'gw-ab-'));
    dirs.push(dir);
    await seedDatabase(dir, upstreamPort, dirname(resolve(main)));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = startChild([...GATEWAY_NODE_FLAGS, main], { HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', SQL_DSN: '', REDIS_URL: '', PORT: String(port), WORKERS });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/api/status`);
    sides[name] = { url, pid: child.pid, runs: [] };
  }
  const headers = { authorization: `Bearer sk-${KEY}` };
  for (const side of Object.values(sides)) await run(side.url, { stream: load.stream, chunks: load.chunks, connections: 8, headers });
  const ratios = [];
  for (let i = 0; i < REPEAT; i++) {
    const got = {};
    for (const name of i % 2 ? ['B', 'A'] : ['A', 'B']) {
      const side = sides[name];
      const before = cpuMs(side.pid);
      const r = await run(side.url, { stream: load.stream, chunks: load.chunks, connections: CONNECTIONS, headers });
      const after = cpuMs(side.pid);
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
      got[name] = { rps: r.requests.average, cpu: ((after.user + after.sys - before.user - before.sys) * 1000) / r.requests.total };
      side.runs.push(got[name]);
    }
    ratios.push(got.B.rps / got.A.rps);
    console.log(`pair ${i + 1}: A ${got.A.rps.toFixed(0)} req/s ${got.A.cpu.toFixed(0)} µs/req | B ${got.B.rps.toFixed(0)} req/s ${got.B.cpu.toFixed(0)} µs/req | B/A ${ratios.at(-1).toFixed(3)}`);
  }
  const { A, B } = sides;
  console.log(`\n${mode}, ${CONNECTIONS} connections, WORKERS=${WORKERS}, median of ${REPEAT} pairs`);
  console.log(`A ${median(A.runs.map((r) => r.rps)).toFixed(0)} req/s, ${median(A.runs.map((r) => r.cpu)).toFixed(1)} µs CPU per request`);
  console.log(`B ${median(B.runs.map((r) => r.rps)).toFixed(0)} req/s, ${median(B.runs.map((r) => r.cpu)).toFixed(1)} µs CPU per request`);
  console.log(`B/A ${median(ratios).toFixed(3)} (pairs ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})`);
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
