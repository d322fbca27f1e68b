import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigSchema, type Config, type DatabaseType } from './config.schema.js';

export class ConfigError extends Error {}

/** The only reader of process.env. Returns a frozen, validated Config or throws ConfigError with one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse({
    port: env.PORT || undefined,
    host: env.HOST || undefined,
    dataDir: env.DATA_DIR || undefined,
    sqlitePath: env.SQLITE_PATH || undefined,
    sqlDsn: env.SQL_DSN || undefined,
    redisUrl: env.REDIS_URL || undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    logLevel: env.LOG_LEVEL || undefined,
    bodyLimitMb: env.MAX_REQUEST_BODY_MB || undefined,
    trustProxy: env.TRUST_PROXY || undefined,
    webDistDir: env.WEB_DIST_DIR || undefined,
    secureCookies: env.SECURE_COOKIES || undefined,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE || undefined,
    allowPrivateWebhooks: env.WEBHOOK_ALLOW_PRIVATE_FOR_TESTS || undefined,
    generateDefaultToken: env.GENERATE_DEFAULT_TOKEN || undefined,
    relayConnectTimeoutMs: env.RELAY_CONNECT_TIMEOUT_MS || undefined,
    relayFirstByteTimeoutMs: env.RELAY_FIRST_BYTE_TIMEOUT_MS || undefined,
    relayIdleTimeoutMs: env.RELAY_IDLE_TIMEOUT_MS || undefined,
    relayDrainAfterDisconnectMs: env.RELAY_DRAIN_AFTER_DISCONNECT_MS || undefined,
    workers: env.WORKERS || undefined,
    nodeType: env.NODE_TYPE || undefined,
    oauthGithubBaseUrl: env.OAUTH_GITHUB_BASE_URL || undefined,
    oauthGoogleBaseUrl: env.OAUTH_GOOGLE_BASE_URL || undefined,
    oauthLinuxdoBaseUrl: env.OAUTH_LINUXDO_BASE_URL || undefined,
    oauthWechatBaseUrl: env.OAUTH_WECHAT_BASE_URL || undefined,
    oauthDiscordBaseUrl: env.OAUTH_DISCORD_BASE_URL || undefined,
    turnstileVerifyUrl: env.TURNSTILE_VERIFY_URL || undefined,
    yunpianBaseUrl: env.YUNPIAN_BASE_URL || undefined,
    stripeApiBaseUrl: env.STRIPE_API_BASE_URL || undefined,
    creemApiBaseUrl: env.CREEM_API_BASE_URL || undefined,
    smtpCaFile: env.SMTP_CA_FILE || undefined,
    syncUpstreamBase: env.SYNC_UPSTREAM_BASE || undefined,
    codexOAuthTokenUrl: env.CODEX_OAUTH_TOKEN_URL || undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const envName = ENV_NAMES[String(issue.path[0])] ?? String(issue.path[0]);
    throw new ConfigError(`invalid configuration: ${envName}: ${issue.message}`);
  }
  const c = parsed.data;
  const sessionSecret = c.sessionSecret ?? persistedSecret(c.dataDir);
  return Object.freeze({ ...c, sessionSecret, databaseType: databaseTypeOf(c.sqlDsn) });
}

const ENV_NAMES: Record<string, string> = {
  port: 'PORT', host: 'HOST', dataDir: 'DATA_DIR', sqlitePath: 'SQLITE_PATH', sqlDsn: 'SQL_DSN',
  redisUrl: 'REDIS_URL', sessionSecret: 'SESSION_SECRET', logLevel: 'LOG_LEVEL', bodyLimitMb: 'MAX_REQUEST_BODY_MB',
  trustProxy: 'TRUST_PROXY', webDistDir: 'WEB_DIST_DIR', secureCookies: 'SECURE_COOKIES',
  authRateLimitPerMinute: 'AUTH_RATE_LIMIT_PER_MINUTE',
  allowPrivateWebhooks: 'WEBHOOK_ALLOW_PRIVATE_FOR_TESTS',
  generateDefaultToken: 'GENERATE_DEFAULT_TOKEN',
  relayConnectTimeoutMs: 'RELAY_CONNECT_TIMEOUT_MS',
  relayFirstByteTimeoutMs: 'RELAY_FIRST_BYTE_TIMEOUT_MS',
  relayIdleTimeoutMs: 'RELAY_IDLE_TIMEOUT_MS',
  relayDrainAfterDisconnectMs: 'RELAY_DRAIN_AFTER_DISCONNECT_MS',
  workers: 'WORKERS',
  nodeType: 'NODE_TYPE',
  oauthGithubBaseUrl: 'OAUTH_GITHUB_BASE_URL',
  oauthGoogleBaseUrl: 'OAUTH_GOOGLE_BASE_URL',
  oauthLinuxdoBaseUrl: 'OAUTH_LINUXDO_BASE_URL',
  oauthWechatBaseUrl: 'OAUTH_WECHAT_BASE_URL',
  oauthDiscordBaseUrl: 'OAUTH_DISCORD_BASE_URL',
  turnstileVerifyUrl: 'TURNSTILE_VERIFY_URL',
  yunpianBaseUrl: 'YUNPIAN_BASE_URL',
  stripeApiBaseUrl: 'STRIPE_API_BASE_URL',
  creemApiBaseUrl: 'CREEM_API_BASE_URL',
  smtpCaFile: 'SMTP_CA_FILE',
  syncUpstreamBase: 'SYNC_UPSTREAM_BASE',
  codexOAuthTokenUrl: 'CODEX_OAUTH_TOKEN_URL',
};

export function databaseTypeOf(dsn: string | undefined): DatabaseType {
  if (!dsn || dsn.startsWith('local')) return 'sqlite';
  return dsn.startsWith('postgres') ? 'postgres' : 'mysql';
}

/** A generated secret kept under the data dir so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    if (existsSync(file)) {
      const value = readFileSync(file, 'utf8').trim();
      if (value.length >= 16) return value;
    }
    mkdirSync(dataDir, { recursive: true });
    const value = randomBytes(32).toString('hex');
    writeFileSync(file, value + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
    return value;
  } catch (err) {
    throw new ConfigError(`invalid configuration: DATA_DIR: cannot write ${file} (${(err as Error).message})`);
  }
}
