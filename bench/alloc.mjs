#!/usr/bin/env node
// npm run bench:alloc -- [json|stream|stream40] — JavaScript heap bytes allocated per request by the floor and the
// one-process gateway at 64 connections. Unlike requests/s or CPU time, allocation does not move with the
// VM's speed, so two builds can be compared by it in one short run: every byte allocated is later
// collected, and garbage collection plus the allocations themselves are a fifth of the gateway's main thread
// (bench/README.md). Read from V8's `--trace-gc-nvp` lines (`allocated=` since the previous collection),
// summed over the measured window; the error is at most one collection's worth (about 1%).
//
// With BENCH_ALLOC_TOP=N the gateway also runs V8's sampling heap profiler (bench/alloc-sampler.mjs) over
// the measured window and the N functions that allocate the most are listed, with their two callers.
//
// Env: BENCH_SECONDS (measured load, default 8, after a warm-up of the same length), BENCH_GATEWAY (the
// gateway's main.js, default packages/server/dist/main.js), BENCH_ALLOC_TOP.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GATEWAY_NODE_FLAGS, KEY, firstLine, loadOf, run, seedDatabase, startChild, waitFor } from './relay.mjs';

const mode = process.argv[2] ?? 'json';
const load = loadOf(mode);
if (!load) {
  console.error('usage: node bench/alloc.mjs [json|stream|stream40]');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const gatewayMain = resolve(root, process.env.BENCH_GATEWAY ?? 'packages/server/dist/main.js');
const top = Number(process.env.BENCH_ALLOC_TOP ?? 0);

/**
 * A child whose --trace-gc-nvp lines (on stdout) are summed: `allocated()` is the running total. `port` is
 * the first line that is only a number (the floor prints its port).
 */
function traced(args, env = {}) {
  const child = spawn(process.execPath, ['--trace-gc-nvp', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let total = 0;
  let rest = '';
  let onPort;
  const port = new Promise((resolvePort) => (onPort = resolvePort));
  child.stdout.on('data', (d) => {
    const lines = (rest + d).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const m = / allocated=(\d+)/.exec(line);
      if (m) total += Number(m[1]);
      else if (/^\d+$/.test(line.trim())) onPort(Number(line.trim()));
    }
  });
  return { child, allocated: () => total, port };
}

/** Bytes allocated per request over one measured run (after a warm-up run); `window` brackets the run. */
async function measure(url, target, headers, window = { start() {}, end() {} }) {
  await run(url, { stream: load.stream, chunks: load.chunks, connections: 64, headers });
  const before = target.allocated();
  window.start();
  const result = await run(url, { stream: load.stream, chunks: load.chunks, connections: 64, headers });
  window.end();
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx and ${result.errors} errors`);
  return { perRequest: (target.allocated() - before) / result.requests.total, requests: result.requests.total };
}

async function readProfile(file) {
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 200));
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The sampled bytes per request by allocating function, with its two nearest callers. */
function printTopSites(profile, requests) {
  const where = new Map();
  const visit = (node, callers) => {
    const f = node.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${f.lineNumber + 1}`;
    where.set(node.id, [name, ...callers.slice(-2).reverse()].join(' <- '));
    for (const child of node.children) visit(child, [...callers, name]);
  };
  visit(profile.head, []);
  const bytes = new Map();
  for (const s of profile.samples) bytes.set(where.get(s.nodeId), (bytes.get(where.get(s.nodeId)) ?? 0) + s.size);
  console.log(`\nthe gateway's ${top} allocating functions (sampled bytes per request; <- callers)\n`);
  for (const [site, b] of [...bytes].sort((a, b2) => b2[1] - a[1]).slice(0, top)) console.log(`${(b / requests).toFixed(0).padStart(7)}  ${site}`);
}

const children = [];
const dir = mkdtempSync(join(tmpdir(), 'gw-alloc-'));
try {
  const upstream = startChild(['bench/fast-upstream.mjs']);
  children.push(upstream);
  const upstreamPort = Number(await firstLine(upstream));

  const floor = traced(['bench/floor-proxy.mjs', String(upstreamPort)]);
  children.push(floor.child);
  const floorUrl = `http://127.0.0.1:${await floor.port}`;
  const floorResult = await measure(floorUrl, floor, {});

  await seedDatabase(dir, upstreamPort);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env = { HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', SQL_DSN: '', REDIS_URL: '', PORT: String(port), WORKERS: '1' };
  const profileOut = join(dir, 'allocations.json');
  const sampler = top > 0 ? [`--import=${join(root, 'bench/alloc-sampler.mjs')}`] : [];
  const gateway = traced([...GATEWAY_NODE_FLAGS, ...sampler, gatewayMain], { ...env, ALLOC_PROFILE_OUT: profileOut });
  children.push(gateway.child);
  const gatewayUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${gatewayUrl}/api/status`);
  const headers = { authorization: `Bearer sk-${KEY}` };
  const toggleSampling = () => top > 0 && gateway.child.kill('SIGUSR2');
  const gatewayResult = await measure(gatewayUrl, gateway, headers, { start: toggleSampling, end: toggleSampling });

  const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
  console.log(`\nJS heap allocated per request, ${mode}, 64 connections (V8 --trace-gc-nvp)\n`);
  console.log(`floor    ${kb(floorResult.perRequest).padStart(12)}   over ${floorResult.requests} requests`);
  console.log(`gateway  ${kb(gatewayResult.perRequest).padStart(12)}   over ${gatewayResult.requests} requests  (${gatewayMain.replace(`${root}/`, '')})`);
  if (top > 0) printTopSites(await readProfile(profileOut), gatewayResult.requests);
} finally {
  for (const c of children) c.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
