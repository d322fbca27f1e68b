#!/usr/bin/env node
// npm run bench:logs — the usage-log list, stat and export paths over one million log rows, on SQLite and
// PostgreSQL. Seeds a realistic spread (1,000 users with a skewed activity, 50 models, 30 days, mostly
// consume logs with a full `other` JSON), then times through the service layer (packages/server/dist):
//   default page   GET /api/log/ with no filter (admin)
//   console view   the last 3 days (what the log page opens with), and type = consume over 30 days
//   filtered page  model + 7-day time range (admin)
//   self page      GET /api/log/self/ for a user picked by activity
//   deep page      page 500 of the unfiltered list
//   stat           GET /api/log/stat with no filter (admin: quota of every consume log, rpm, tpm),
//                  for one user (self), for model + 7 days, and for the last 3 days
// "first view" builds a new LogsService per call, so every total and sum is counted in full — what the
// first look at a filter costs; the targets apply to these. "repeat view" reuses one service, as the
// server does, so a remembered total is only topped up with the rows added since (logs/running-totals.ts):
// what paging and refreshing cost. Targets (issue 4): p95 < 50 ms for pages, < 300 ms for stats, on both.
//
// Env: BENCH_ROWS (default 1000000), BENCH_RUNS (default 100), BENCH_DIALECTS (default sqlite,postgres),
//      BENCH_PG_DSN (default postgres://postgres@127.0.0.1:5432/test; a database is created and dropped).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const dist = (p) => import(join(root, 'packages/server/dist', p));
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((s) => s.trim()).filter(Boolean);
const PG_DSN = process.env.BENCH_PG_DSN ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = 1000;
const MODELS = 50;
const DAYS = 30;
const PAGE_TARGET_MS = 50;
const STAT_TARGET_MS = 300;

const { createDatabase } = await dist('db/database.js');
const { migrateToLatest } = await dist('db/migrator.js');
const { LogsService } = await dist('logs/logs.service.js');
const { LogCounters } = await dist('logs/log-counters.js');
const { LogListQuery, PageQuery } = await import(join(root, 'packages/contracts/dist/index.js'));

// ---------- data ----------

/** Deterministic PRNG (mulberry32), so both databases get the same rows. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks index i with probability ∝ 1/(i+1)^s (a Zipf-like skew: a few heavy users and popular models). */
function skewedPicker(n, s, random) {
  const cumulative = [];
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative.push((sum += 1 / Math.pow(i + 1, s)));
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const MODEL_NAMES = Array.from({ length: MODELS }, (_, i) => ['gpt-4o-mini', 'gpt-4o', 'claude-sonnet-4', 'gemini-2.5-flash', 'deepseek-chat'][i % 5] + (i < 5 ? '' : `-v${i}`));
const NOW = Math.floor(Date.now() / 1000);
const START = NOW - DAYS * 86400;
const COLUMNS = ['user_id', 'created_at', 'type', 'content', 'username', 'token_name', 'token_id', 'model_name', 'quota', 'prompt_tokens', 'completion_tokens', 'use_time', 'is_stream', 'channel_id', 'channel_name', 'group', 'ip', 'request_id', 'other', 'remark'];

/** Yields batches of rows (arrays in COLUMNS order), oldest first, so ids grow with time as in production. */
function* logBatches(batchSize) {
  const random = rng(42);
  const pickUser = skewedPicker(USERS, 0.9, random);
  const pickModel = skewedPicker(MODELS, 1.1, random);
  for (let start = 0; start < ROWS; start += batchSize) {
    const batch = [];
    for (let i = start; i < Math.min(ROWS, start + batchSize); i++) {
      const userId = pickUser() + 1;
      const model = MODEL_NAMES[pickModel()];
      const r = random();
      const type = r < 0.9 ? 2 : r < 0.95 ? 5 : r < 0.98 ? 1 : 4;
      const createdAt = START + Math.floor((i / ROWS) * DAYS * 86400);
      const prompt = type === 2 ? Math.floor(random() * 4000) + 10 : 0;
      const completion = type === 2 ? Math.floor(random() * 1500) : 0;
      const quota = type === 2 ? Math.floor((prompt + completion * 4) * 0.075) + 1 : 0;
      const channelId = Math.floor(random() * 20) + 1;
      const group = r < 0.8 ? 'default' : r < 0.95 ? 'vip' : 'svip';
      const other =
        type === 2
          ? JSON.stringify({
              model_ratio: 0.075, group_ratio: 1, completion_ratio: 4, model_price: -1, cache_tokens: 0, cache_ratio: 0.5,
              cache_creation_tokens: 0, cache_creation_ratio: 1.25, reasoning_tokens: 0, audio_input_tokens: 0, audio_output_tokens: 0,
              frt: Math.floor(random() * 3000), is_model_mapped: false, upstream_model_name: model, request_path: '/v1/chat/completions',
              stream_status: 'ok', usage_semantic: 'openai',
              admin_info: { use_channel: [channelId], route_trace: ['priority 0, weight 1'], local_count_tokens: false, prompt_estimate: prompt },
            })
          : type === 5
            ? JSON.stringify({ status_code: 429, error_code: 'rate_limited', admin_info: { use_channel: [channelId] } })
            : null;
      batch.push([
        userId, createdAt, type, type === 2 ? '' : type === 5 ? 'upstream error: rate limited' : 'top-up or system note', `user${userId}`,
        `token-${userId}-${i % 3}`, userId * 10 + (i % 3), type === 1 || type === 4 ? '' : model, quota, prompt, completion,
        Math.floor(random() * 20), r < 0.6 ? 1 : 0, type === 2 || type === 5 ? channelId : 0, type === 2 || type === 5 ? `channel-${channelId}` : '',
        group, `10.0.${userId % 256}.${i % 256}`, randomBytes(12).toString('hex'), other, '',
      ]);
    }
    yield batch;
  }
}

// ---------- seeding ----------

async function seedSqlite(file) {
  const db = createDatabase({ type: 'sqlite', sqlitePath: file });
  await migrateToLatest(db);
  await db.destroy();
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const insert = sqlite.prepare(`insert into logs (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
  sqlite.transaction(() => {
    for (const batch of logBatches(10_000)) for (const row of batch) insert.run(row);
  })();
  sqlite.close();
}

const PG_TYPES = ['int4', 'int8', 'int4', 'text', 'text', 'text', 'int4', 'text', 'int8', 'int4', 'int4', 'int4', 'int4', 'int4', 'text', 'text', 'text', 'text', 'text', 'text'];

async function seedPostgres(dsn) {
  const db = createDatabase({ type: 'postgres', dsn });
  await migrateToLatest(db);
  await db.destroy();
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    // One INSERT … SELECT FROM unnest(arrays) per 10,000 rows: a single round trip and plan per batch.
    const sqlText = `insert into logs (${COLUMNS.map((c) => `"${c}"`).join(', ')}) select * from unnest(${PG_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
    for (const batch of logBatches(10_000)) await client.query(sqlText, COLUMNS.map((_, c) => batch.map((row) => row[c])));
    // What autovacuum does on its own after a bulk load: statistics and the visibility map.
    await client.query('vacuum analyze logs');
  } finally {
    await client.end();
  }
}

// ---------- timing ----------

const percentile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];

async function time(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function measure(name, makeCall) {
  for (let i = 0; i < 3; i++) await makeCall(i)(); // warm the connection pool and caches of the database
  const samples = [];
  for (let i = 0; i < RUNS; i++) samples.push(await time(makeCall(i)));
  return { name, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: Math.max(...samples) };
}

async function runCases(db, dialect) {
  // The server folds new logs into the hourly per-type counters every minute as they arrive; a bulk
  // load skips that, so catch up once (what the timer would have done over the 30 days) and say how long.
  const caughtUp = await time(() => new LogCounters(db).advance());
  console.log(`${dialect}: per-type hourly counters caught up with ${ROWS} logs in ${(caughtUp / 1000).toFixed(1)} s`);
  const random = rng(7);
  const pickUser = skewedPicker(USERS, 0.9, random);
  const query = (q) => LogListQuery.parse(q);
  const firstPage = PageQuery.parse({});
  const shared = new LogsService(db);
  const results = [];
  const first = async (name, kind, call) => {
    const r = await measure(`${name}, first view`, (i) => () => call(new LogsService(db), i));
    results.push({ ...r, dialect, kind });
  };
  const repeat = async (name, call) => {
    const r = await measure(`${name}, repeat view`, (i) => () => call(shared, i));
    results.push({ ...r, dialect, kind: 'info' });
  };
  // The same 100 users and filters for cold and warm, drawn once.
  const users = Array.from({ length: RUNS + 3 }, () => pickUser() + 1);
  const filters = Array.from({ length: RUNS + 3 }, (_, i) => {
    const end = NOW - Math.floor(random() * 20) * 86400;
    return { model_name: MODEL_NAMES[i % 20], start_timestamp: end - 7 * 86400, end_timestamp: end };
  });

  const defaultPage = (s) => s.list({ all: true }, query({}), firstPage);
  const stat = (s) => s.stat({ all: true }, query({}));
  await first('default page', 'page', defaultPage);
  const last3Days = { start_timestamp: NOW - 3 * 86400, end_timestamp: NOW };
  await first('console view (last 3 days)', 'page', (s) => s.list({ all: true }, query(last3Days), firstPage));
  await first('type = consume, 30 days', 'page', (s) => s.list({ all: true }, query({ type: 2, start_timestamp: START }), firstPage));
  await first('filtered page (model + 7 days)', 'page', (s, i) => s.list({ all: true }, query(filters[i]), firstPage));
  await first('self page', 'page', (s, i) => s.list({ all: false, userId: users[i] }, query({}), firstPage));
  await first('page 500 (offset 4990)', 'page', (s) => s.list({ all: true }, query({}), PageQuery.parse({ p: 500 })));
  await first('stat', 'stat', stat);
  await first('self stat', 'stat', (s, i) => s.stat({ all: false, userId: users[i] }, query({})));
  await first('filtered stat (model + 7 days)', 'stat', (s, i) => s.stat({ all: true }, query(filters[i])));
  await first('stat (last 3 days)', 'stat', (s) => s.stat({ all: true }, query(last3Days)));
  await repeat('default page', defaultPage);
  await repeat('stat', stat);

  const exportRows = await time(async () => {
    let n = 0;
    for await (const chunk of shared.exportCsv({ all: true }, query({ model_name: MODEL_NAMES[3] }))) n += chunk.length;
    return n;
  });
  results.push({ name: `CSV export, one model (${MODEL_NAMES[3]})`, p50: exportRows, p95: exportRows, max: exportRows, dialect, kind: 'info' });
  return results;
}

// ---------- main ----------

const all = [];
for (const dialect of DIALECTS) {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gw-bench-logs-'));
    const file = join(dir, 'gateway.db');
    try {
      const t = await time(() => seedSqlite(file));
      console.log(`sqlite: seeded ${ROWS} rows in ${(t / 1000).toFixed(1)} s`);
      const db = createDatabase({ type: 'sqlite', sqlitePath: file });
      try {
        all.push(...(await runCases(db, 'sqlite')));
      } finally {
        await db.destroy();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } else if (dialect === 'postgres') {
    const name = `gw_bench_logs_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_DSN });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_DSN);
    url.pathname = `/${name}`;
    try {
      const t = await time(() => seedPostgres(url.toString()));
      console.log(`postgres: seeded ${ROWS} rows in ${(t / 1000).toFixed(1)} s`);
      const db = createDatabase({ type: 'postgres', dsn: url.toString() });
      try {
        all.push(...(await runCases(db, 'postgres')));
      } finally {
        await db.destroy();
      }
    } finally {
      // pg's pool.end() resolves before its clients have left; FORCE would kill them mid-goodbye.
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    throw new Error(`unknown dialect ${dialect}`);
  }
}

const pad = (s, n) => String(s).padEnd(n);
const num = (x) => x.toFixed(1).padStart(8);
console.log(`\n${pad('database', 10)}${pad('case', 46)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}  target`);
let met = true;
for (const r of all) {
  const target = r.kind === 'page' ? PAGE_TARGET_MS : r.kind === 'stat' ? STAT_TARGET_MS : undefined;
  const verdict = target === undefined ? '' : r.p95 < target ? `ok (< ${target})` : `MISSED (< ${target})`;
  if (target !== undefined && r.p95 >= target) met = false;
  console.log(`${pad(r.dialect, 10)}${pad(r.name, 46)}${num(r.p50)}${num(r.p95)}${num(r.max)}  ${verdict}`);
}
console.log(`\n${ROWS} rows, ${RUNS} runs per case. Targets ${met ? 'met' : 'NOT met'}: pages p95 < ${PAGE_TARGET_MS} ms, stats p95 < ${STAT_TARGET_MS} ms.`);
process.exitCode = met ? 0 : 1;
