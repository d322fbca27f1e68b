#!/usr/bin/env node
// The README's test command: installs the browser when missing, then type-checks, lints, checks the
// translation files, builds, and runs every Vitest project (unit, integration on SQLite/PostgreSQL/
// MariaDB/Redis, browser end-to-end). Ends with one line "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function run(label, cmd, args, opts = {}) {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`\n== ${label} failed (exit ${r.status ?? r.signal})`);
    return false;
  }
  return true;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => (prefix.length ? run('install chromium', prefix[0], [...prefix.slice(1), 'apt-get', ...args], { env }) : run('install chromium', 'apt-get', args, { env }));
  return apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'chromium']) && existsSync(CHROMIUM);
}

const steps = [
  () => ensureChromium(),
  () => run('type-check', 'npm', ['run', '--silent', 'typecheck']),
  () => run('lint', 'npm', ['run', '--silent', 'lint']),
  () => run('translations', 'npm', ['run', '--silent', 'check:i18n']),
  () => run('build', 'npm', ['run', '--silent', 'build']),
];
for (const step of steps) {
  if (!step()) {
    console.log('\nTests: 0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('test-results', { recursive: true });

/** Each failed attempt's first line and the test-file line it stopped at: a retry's error alone can hide the first one's cause. */
function attempts(messages) {
  return messages
    .map((message, i) => {
      const lines = String(message).split('\n');
      const at = lines.find((line) => /\.test\.tsx?:\d+/.test(line))?.match(/([\w./-]+\.test\.tsx?:\d+)/)?.[1];
      return `    attempt ${i + 1}: ${lines[0]}${at ? ` (${at.replace(process.cwd() + '/', '')})` : ''}`;
    })
    .join('\n');
}

/** One Vitest run with a JSON report; answers its pass/fail counts. */
function vitest(label, extraArgs, report) {
  const ok = run(label, 'npx', ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  let passed = 0;
  let failed = ok ? 0 : 1;
  const failures = [];
  const flaky = [];
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed = r.numPassedTests ?? 0;
    failed = (r.numFailedTests ?? 0) + (ok || r.numFailedTests ? 0 : 1);
    for (const file of r.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        // A passed test that still carries failure messages passed on a retry: named so it gets fixed.
        if (t.status === 'passed' && t.failureMessages?.length) flaky.push(`${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}\n${attempts(t.failureMessages)}`);
        if (t.status === 'failed') failures.push(`${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}\n${attempts(t.failureMessages ?? [])}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) failures.push(`${file.name.replace(process.cwd() + '/', '')}: ${String(file.message ?? '').split('\n')[0]}`);
    }
  }
  return { ok, passed, failed, failures, flaky };
}

// Every project in parallel, then the fault tests alone: they restart PostgreSQL and Redis under load.
const main = vitest('vitest', [], 'test-results/vitest.json');
const faults = vitest('fault tests', ['--config', 'vitest.faults.config.ts'], 'test-results/vitest-faults.json');
const passed = main.passed + faults.passed;
const failed = main.failed + faults.failed;
// Repeated at the very end so a log's tail names what failed.
for (const line of [...main.flaky, ...faults.flaky]) console.log(`FLAKY (passed on a retry) ${line}`);
for (const line of [...main.failures, ...faults.failures]) console.log(`FAILED ${line}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(main.ok && faults.ok && failed === 0 && passed > 0 ? 0 : 1);
