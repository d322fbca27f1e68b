import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import pino from 'pino';
import { lazyChildLoggerFactory } from './lazy-child-logger.js';
import { REDACT_PATHS } from './logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

async function appWith(level: string) {
  const { lines, stream } = capture();
  const logger = pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
  const childSpy = vi.spyOn(logger, 'child');
  const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLoggerFactory, disableRequestLogging: true, requestIdHeader: 'x-request-id' });
  app.get('/quiet', async (req) => {
    req.log.info('not at this level');
    return 'ok';
  });
  app.get('/loud', async (req) => {
    req.log.warn({ user: { password: 'hunter2' } }, 'something to see');
    return 'ok';
  });
  await app.ready();
  childSpy.mockClear(); // Fastify's own loggers are made at start-up
  return { app, lines, childSpy };
}

describe('lazy request loggers', () => {
  it('creates no child logger for a request that writes nothing at the configured level', async () => {
    const { app, lines, childSpy } = await appWith('warn');
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(childSpy).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes a line with the request id and the redaction when the request logs', async () => {
    const { app, lines, childSpy } = await appWith('warn');
    const res = await app.inject({ url: '/loud', headers: { 'x-request-id': 'r-1' } });
    expect(res.statusCode).toBe(200);
    expect(childSpy).toHaveBeenCalledTimes(1);
    const line = lines.find((l) => l.msg === 'something to see')!;
    expect(line.reqId).toBe('r-1');
    expect(line.level).toBe(40);
    expect(line.user).toEqual({ password: '[redacted]' });
    await app.close();
  });

  it('logs below warn when the level allows it', async () => {
    const { app, lines } = await appWith('info');
    await app.inject('/quiet');
    expect(lines.map((l) => l.msg)).toContain('not at this level');
    await app.close();
  });
});
