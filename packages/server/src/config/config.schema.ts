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
  /** Upstream timeouts: connecting, waiting for the answer's headers, and silence inside a streamed body. */
  relayConnectTimeoutMs: z.coerce.number().int().min(100).default(10_000),
  relayFirstByteTimeoutMs: z.coerce.number().int().min(100).default(300_000),
  relayIdleTimeoutMs: z.coerce.number().int().min(100).default(300_000),
  /** After a client leaves a stream, keep reading the upstream this long to learn the real usage. */
  relayDrainAfterDisconnectMs: z.coerce.number().int().min(0).default(30_000),
});

export type ConfigInput = z.input<typeof ConfigSchema>;
export type Config = Readonly<z.output<typeof ConfigSchema> & { sessionSecret: string; databaseType: DatabaseType }>;
export type DatabaseType = 'sqlite' | 'postgres' | 'mysql';
