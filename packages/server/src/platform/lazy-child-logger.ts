import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import type { Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, created only when the request writes a line. Fastify makes a child logger per
 * request; with our redaction paths pino serialises its bindings through the redactor each time, a
 * real cost on the relay path where almost every request logs nothing.
 */
class LazyChildLogger {
  private real: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.real?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, opts?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, opts as never);
  }

  isLevelEnabled(level: string): boolean {
    return this.real ? this.real.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  private logger(): Logger {
    this.real ??= this.parent.child(this.bindings, this.opts as never);
    return this.real;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.real && !this.parent.isLevelEnabled(level)) return;
    (this.logger()[level] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: lazy unless the route sets its own level or serializers. */
export function lazyChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  if (opts.level || opts.serializers) return logger.child(bindings, opts);
  // Fastify's own logger is pino (buildApp passes pino options), which has isLevelEnabled.
  return new LazyChildLogger(logger as Logger, bindings, opts) as unknown as FastifyBaseLogger;
}
