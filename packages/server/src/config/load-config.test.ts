import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'gw-config-'));

describe('loadConfig', () => {
  it('uses SQLite under ./data on port 3000 by default', () => {
    const dataDir = tempDir();
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c.port).toBe(3000);
    expect(c.databaseType).toBe('sqlite');
    expect(c.logLevel).toBe('info');
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('reads WORKERS as a count or auto (one per core), 1 by default, and names it in errors', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir, WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: '0' })).toThrow(/^invalid configuration: WORKERS: /);
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: 'many' })).toThrow(/^invalid configuration: WORKERS: /);
  });

  it('reads NODE_TYPE (master by default)', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).nodeType).toBe('master');
    expect(loadConfig({ DATA_DIR: dataDir, NODE_TYPE: 'slave' }).nodeType).toBe('slave');
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_TYPE: 'leader' })).toThrow(/^invalid configuration: NODE_TYPE: /);
  });

  it('selects PostgreSQL or MySQL from SQL_DSN', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, SQL_DSN: 'postgres://u@h/db' }).databaseType).toBe('postgres');
    expect(loadConfig({ DATA_DIR: dataDir, SQL_DSN: 'postgresql://u@h/db' }).databaseType).toBe('postgres');
    expect(loadConfig({ DATA_DIR: dataDir, SQL_DSN: 'mysql://root@h/db' }).databaseType).toBe('mysql');
  });

  it('generates a session secret once and keeps it under the data dir with owner-only permissions', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'session-secret')).mode & 0o077).toBe(0);
  });

  it('prefers SESSION_SECRET from the environment', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: 'a-long-enough-secret' }).sessionSecret).toBe('a-long-enough-secret');
  });

  it.each([
    [{ PORT: 'abc' }, /^invalid configuration: PORT: /],
    [{ PORT: '70000' }, /^invalid configuration: PORT: /],
    [{ SQL_DSN: 'oracle://x' }, /^invalid configuration: SQL_DSN: must start with/],
    [{ REDIS_URL: 'http://x' }, /^invalid configuration: REDIS_URL: /],
    [{ LOG_LEVEL: 'loud' }, /^invalid configuration: LOG_LEVEL: /],
    [{ SESSION_SECRET: 'short' }, /^invalid configuration: SESSION_SECRET: /],
  ])('rejects %o with one clear line', (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), ...env });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});
