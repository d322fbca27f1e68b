import type { LoggerOptions } from 'pino';

/** Paths never written to logs, whatever object they appear in. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-goog-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.key',
  '*.secret',
  '*.access_token',
  '*.sessionSecret',
  // A channel proxy URL may hold a password (UpstreamCall.proxy, setting.proxy).
  '*.proxy',
];

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}
