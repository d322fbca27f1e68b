import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = join(repoRoot, 'packages/server/dist/main.js');
const webIndex = join(repoRoot, 'packages/web/dist/index.html');
/** The Node flags `npm start` runs the server with (garbage-collector tuning), so the browser tests run it the same way. */
const startFlags = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .match(/node ((?:--\S+ )*)packages\/server\/dist\/main\.js/)![1]
  .split(' ')
  .filter(Boolean);

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** What the server printed so far (shown when a test fails to start it). */
  output: () => string;
  stop: () => Promise<void>;
  /**
   * Stops the server, runs `between` (e.g. writing rows into the stopped server's SQLite file) and starts
   * it again on the same port and data directory; sessions survive.
   */
  restart: (between?: (dataDir: string) => void | Promise<void>) => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForStatus(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/status`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the server did not answer /api/status within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the built server (`npm run build` first) on a free port with a fresh SQLite database in a
 * temporary DATA_DIR, and waits until /api/status answers.
 */
export async function startServer(opts: { env?: Record<string, string> } = {}): Promise<RunningServer & { pid: () => number | undefined }> {
  for (const file of [serverMain, webIndex]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before the browser tests`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const key of ['SQL_DSN', 'SQLITE_PATH', 'REDIS_URL', 'WEB_DIST_DIR', 'SESSION_SECRET']) delete env[key];
  // The journeys sign in several times from one address; the per-IP limit is tested on the server side.
  env.AUTH_RATE_LIMIT_PER_MINUTE = '1000';
  Object.assign(env, opts.env);

  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  const output = () => log;
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(process.execPath, [...startFlags, serverMain], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    await waitForStatus(baseUrl, child, output, 30_000);
  };

  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };

  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const restart = async (between?: (dir: string) => void | Promise<void>) => {
    await halt();
    await between?.(dataDir);
    await launch();
  };

  try {
    await launch();
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, output, stop, restart, pid: () => child.pid };
}

export interface SetupAccount {
  username: string;
  password: string;
}

/** Completes first-run setup through the API (for journeys that do not test the setup page). */
export async function setupViaApi(baseUrl: string, account: SetupAccount): Promise<void> {
  const res = await fetch(`${baseUrl}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, confirmPassword: account.password, SelfUseModeEnabled: false, DemoSiteEnabled: false }),
  });
  const body = (await res.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`setup failed: ${body.message}`);
}

/** Registers an account through the public sign-up API (for journeys that need a second user). */
export async function registerViaApi(baseUrl: string, account: SetupAccount): Promise<void> {
  const res = await fetch(`${baseUrl}/api/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  const body = (await res.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`registering ${account.username} failed: ${body.message}`);
}

/**
 * A fresh server set up with `root` as its root user, and a headless browser, for one test file: filled in
 * before its tests, closed after them.
 */
export function useRootSite(root: { username: string; password: string }): { server: RunningServer; browser: Browser } {
  const site = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    site.server = await startServer();
    await setupViaApi(site.server.baseUrl, root);
    site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}
