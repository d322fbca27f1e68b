import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** Environment configuration. Runtime settings edited in the console live in the options table instead. */
export const ConfigSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  host: z.string().default('0.0.0.0'),
  dataDir: z.string().default('./data'),
  sqlitePath: z.string().optional(),
  sqlDsn: z
    .string()
    .optional()
    .refine((v) => !v || /^(postgres(ql)?|mysql|mariadb):\/\//.test(v) || v.startsWith('local'), {
      message: 'must start with postgres://, postgresql://, mysql:// or mariadb://',
    }),
  redisUrl: z
    .string()
    .optional()
    .refine((v) => !v || /^rediss?:\/\//.test(v), { message: 'must start with redis:// or rediss://' }),
  sessionSecret: z.string().min(16, 'must be at least 16 characters').optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  bodyLimitMb: z.coerce.number().positive().max(1024).default(32),
  trustProxy: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  webDistDir: z.string().optional(),
  secureCookies: z
    .enum(['true', 'false', '1', '0', 'auto'])
    .default('auto'),
  authRateLimitPerMinute: z.coerce.number().int().min(1).default(10),
  /**
   * Lets users' webhook addresses be plain http and point to loopback/private addresses. For tests only:
   * in production a webhook must be https on a public address (SSRF protection).
   */
  /** new-api's GENERATE_DEFAULT_TOKEN: every self-registered user gets an unlimited, never-expiring key. */
  generateDefaultToken: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  allowPrivateWebhooks: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Upstream timeouts: connecting, waiting for the answer's headers, and silence inside a streamed body. */
  relayConnectTimeoutMs: z.coerce.number().int().min(100).default(10_000),
  relayFirstByteTimeoutMs: z.coerce.number().int().min(100).default(300_000),
  relayIdleTimeoutMs: z.coerce.number().int().min(100).default(300_000),
  /** After a client leaves a stream, keep reading the upstream this long to learn the real usage. */
  relayDrainAfterDisconnectMs: z.coerce.number().int().min(0).default(30_000),
  /** Cloudflare Turnstile's siteverify endpoint (tests point it at a local fake). */
  turnstileVerifyUrl: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** Base address of the Yunpian SMS API (tests point it at a local fake). */
  yunpianBaseUrl: z.url().default('https://sms.yunpian.com'),
  /** Stripe's API origin (a self-hosted mock, or a local fake in tests). */
  stripeApiBaseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).default('https://api.stripe.com'),
  /** Replaces Creem's API origin (api.creem.io, or test-api.creem.io in test mode); for mocks and tests. */
  creemApiBaseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  /** Where the official model metadata is read from (new-api's SYNC_UPSTREAM_BASE): {base}/api/newapi/models.json and vendors.json. */
  syncUpstreamBase: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).default('https://basellm.github.io/llm-metadata'),
  /**
   * The OAuth token endpoint of Codex channels (ChatGPT sign-in): code exchanges and refreshes of their
   * tokens. An operator's setting (a mirror, or a local fake in tests), never an administrator's.
   */
  codexOAuthTokenUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).default('https://auth.openai.com/oauth/token'),
  /** PEM file of extra CA certificates trusted for the SMTP server's TLS (a private mail server). */
  smtpCaFile: z.string().optional(),
  /**
   * Where the third-party sign-in providers live, for GitHub Enterprise, a regional mirror or a local fake
   * in tests: each replaces the provider's origin and keeps its paths (see oauth/providers/endpoints.ts).
   */
  oauthGithubBaseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  oauthGoogleBaseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  oauthLinuxdoBaseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  oauthWechatBaseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  oauthDiscordBaseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  /** `slave` nodes serve requests only: no migrations, no periodic jobs (task polling, channel tests). */
  nodeType: z.enum(['master', 'slave'], { error: 'must be master or slave' }).default('master'),
  /** Worker processes sharing the port: a number, or `auto` for one per CPU core. 1 = no cluster. */
  workers: z
    .union([z.literal('auto'), z.coerce.number().int('must be a whole number or auto').min(1, 'must be at least 1').max(64, 'must be at most 64')], {
      error: 'must be a whole number or auto',
    })
    .default(1)
    .transform((v) => (v === 'auto' ? availableParallelism() : v)),
});

export type ConfigInput = z.input<typeof ConfigSchema>;
export type Config = Readonly<z.output<typeof ConfigSchema> & { sessionSecret: string; databaseType: DatabaseType }>;
export type DatabaseType = 'sqlite' | 'postgres' | 'mysql';
