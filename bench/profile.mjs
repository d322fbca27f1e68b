#!/usr/bin/env node
// npm run bench:profile -- [json|stream|stream40] — where the main thread's time goes, per request, for the floor
// and the one-process gateway under the same load (64 connections): a V8 CPU profile of each, cut to the
// measured load window and summed by kind of work (kernel write, idle, Node core, HTTP client, Fastify,
// the relay's own code, SQLite settlement, garbage collection…). Not a throughput figure: profiling slows
// both targets alike, so compare the rows, not the requests/s with bench/relay.mjs.
//
// Env: BENCH_SECONDS (measured load, default 8; a warm-up of the same length comes first), BENCH_PROFILE_TOP
// (also list the gateway's N functions with the most self time, by file and line).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_NODE_FLAGS, KEY, firstLine, loadOf, run, seedDatabase, startChild, waitFor } from './relay.mjs';

const mode = process.argv[2] ?? 'json';
const load = loadOf(mode);
if (!load) {
  console.error('usage: node bench/profile.mjs [json|stream|stream40]');
  process.exit(2);
}
// The floor has no signal handling of its own: exiting on SIGINT lets --cpu-prof write its profile.
const EXIT_ON_SIGINT = '--import=data:text/javascript,process.on("SIGINT",()=>process.exit(0))';

/** What a profile node's code is, for the table's rows. */
function kindOf(frame) {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === 'writev' || functionName === 'writeBuffer' || functionName === 'writeUtf8String') return 'socket writes (kernel)';
    if (functionName === '(idle)') return 'idle (waiting in epoll)';
    if (functionName === '(garbage collector)' || functionName === '(program)') return 'garbage collection, (program)';
    return 'other native';
  }
  if (url.includes('/bench/')) return "the floor's own code";
  if (url.includes('/dist/relay/')) return "the relay's own code";
  if (/\/dist\/(logs|billing)\/|\/kysely\/|better-sqlite3/.test(url)) return 'settlement and consume log';
  if (url.includes('/dist/')) return 'other gateway code';
  if (/node_modules\/undici\//.test(url) || url.startsWith('wasm://') || /^node:_http_(agent|client)$/.test(url)) return 'HTTP client';
  if (/node_modules\/(fastify|find-my-way|@fastify|light-my-request|avvio)\//.test(url)) return 'Fastify';
  if (url.startsWith('node:')) return 'Node core (HTTP server, streams, events, sockets)';
  return 'other';
}

/** Microseconds per request by kind, over the samples taken between `from` and `to` (µs, monotonic clock). */
function perRequest(profileFile, from, to, requests) {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const totals = new Map();
  const functions = new Map();
  let at = profile.startTime;
  let wall = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    if (at < from || at > to) continue;
    const kind = kindOf(frames.get(profile.samples[i]));
    totals.set(kind, (totals.get(kind) ?? 0) + profile.timeDeltas[i]);
    const frame = frames.get(profile.samples[i]);
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${frame.lineNumber + 1}`;
    functions.set(where, (functions.get(where) ?? 0) + profile.timeDeltas[i]);
    wall += profile.timeDeltas[i];
  }
  const perReq = (m) => new Map([...m].map(([k, v]) => [k, v / requests]));
  return { wall: wall / requests, kinds: perReq(totals), functions: perReq(functions) };
}

// CLOCK_MONOTONIC in µs: the clock V8 stamps its profile samples with.
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function profileTarget(name, start, headers) {
  const dir = mkdtempSync(join(tmpdir(), `gw-profile-${name}-`));
  const { child, url } = await start(dir);
  await run(url, { stream: load.stream, chunks: load.chunks, connections: 64, headers });
  const from = nowUs();
  const result = await run(url, { stream: load.stream, chunks: load.chunks, connections: 64, headers });
  const to = nowUs();
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name} answered ${result.non2xx} non-2xx and ${result.errors} errors`);
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGINT');
  });
  const profiles = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort();
  // The main thread's profile is written first (thread 0); worker threads (the WAL checkpointer) follow.
  const main = profiles.find((f) => /\.0\.\d+\.cpuprofile$/.test(f)) ?? profiles[0];
  const breakdown = perRequest(join(dir, main), from, to, result.requests.total);
  rmSync(dir, { recursive: true, force: true });
  return { rps: result.requests.average, ...breakdown };
}

const children = [];
const upstream = startChild(['bench/fast-upstream.mjs']);
children.push(upstream);
try {
  const upstreamPort = Number(await firstLine(upstream));
  const floor = await profileTarget('floor', async (dir) => {
    const child = startChild([EXIT_ON_SIGINT, '--cpu-prof', `--cpu-prof-dir=${dir}`, 'bench/floor-proxy.mjs', String(upstreamPort)]);
    children.push(child);
    return { child, url: `http://127.0.0.1:${Number(await firstLine(child))}` };
  });
  const headers = { authorization: `Bearer sk-${KEY}` };
  const gateway = await profileTarget(
    'gateway',
    async (dir) => {
      await seedDatabase(dir, upstreamPort);
      const port = 20000 + Math.floor(Math.random() * 20000);
      const env = { HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', SQL_DSN: '', REDIS_URL: '', PORT: String(port), WORKERS: '1' };
      const child = startChild([...GATEWAY_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${dir}`, 'packages/server/dist/main.js'], env);
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitFor(`${url}/api/status`);
      return { child, url };
    },
    headers,
  );

  console.log(`\nMain thread per request, ${mode}, 64 connections (µs; V8 CPU profile of the measured window)\n`);
  const kinds = [...new Set([...gateway.kinds.keys(), ...floor.kinds.keys()])].sort((a, b) => (gateway.kinds.get(b) ?? 0) - (gateway.kinds.get(a) ?? 0));
  const cell = (v) => (v === undefined ? '—' : v.toFixed(1)).padStart(8);
  console.log(`${'kind of work'.padEnd(52)}${'floor'.padStart(8)}${'gateway'.padStart(8)}`);
  for (const kind of kinds) console.log(`${kind.padEnd(52)}${cell(floor.kinds.get(kind))}${cell(gateway.kinds.get(kind))}`);
  console.log(`${'wall time per request'.padEnd(52)}${cell(floor.wall)}${cell(gateway.wall)}`);
  const top = Number(process.env.BENCH_PROFILE_TOP ?? 0);
  if (top > 0) {
    console.log(`\nthe gateway's ${top} functions with the most self time (µs per request)\n`);
    for (const [where, us] of [...gateway.functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${us.toFixed(2).padStart(7)}  ${where}`);
  }
  console.log(`\nrequests/s while profiled: floor ${floor.rps.toFixed(0)}, gateway ${gateway.rps.toFixed(0)} (${((gateway.rps / floor.rps) * 100).toFixed(1)}%)`);
} finally {
  for (const c of children) c.kill('SIGTERM');
}
