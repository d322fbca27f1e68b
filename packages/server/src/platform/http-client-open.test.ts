import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startHttpProxy, type FakeProxy } from '../../test/fake-proxies.js';
import { forEachChunk } from '../relay/pipeline/body-chunks.js';
import { readBounded } from '../relay/pipeline/relay-non-stream.js';
import { UpstreamHttpClient } from './http-client.js';
import { UpstreamProxyError } from './upstream-proxy.js';

const BIG_BYTES = 32 * 1024 * 1024;

/** A server with one behaviour per path, recording how each response ended. */
function startServer() {
  const ended: Record<string, 'finished' | 'closed early'> = {};
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/short': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'retry-after': '7', 'X-Trace-Id': 'abc' });
      res.end('{"ok":true}');
    },
    '/echo': (req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization, body: Buffer.concat(parts).toString() })));
    },
    // 32 MiB written as fast as the client takes it, then end.
    '/big': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const piece = Buffer.alloc(64 * 1024, 'b');
      let sent = 0;
      const write = () => {
        while (sent < BIG_BYTES) {
          sent += piece.length;
          if (!res.write(piece)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('close', () => (ended['/big'] = res.writableFinished ? 'finished' : 'closed early'));
      write();
    },
    '/reset': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"part":1}\n\n', () => setTimeout(() => req.socket.destroy(), 20));
    },
    '/stall': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"part":1}\n\n');
    },
    '/no-headers': () => {},
  };
  const server: Server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  return new Promise<{ url: string; ended: typeof ended; server: Server }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ended, server })),
  );
}

describe('UpstreamHttpClient.open (the relay\'s light response body)', () => {
  let upstream: Awaited<ReturnType<typeof startServer>>;
  let proxy: FakeProxy;
  let client: UpstreamHttpClient;

  beforeAll(async () => {
    upstream = await startServer();
    proxy = await startHttpProxy();
    client = new UpstreamHttpClient({ connectTimeoutMs: 2000, headersTimeoutMs: 500, bodyIdleTimeoutMs: 500 });
  });
  afterAll(async () => {
    await client?.close();
    upstream?.server.closeAllConnections();
    await new Promise((resolve) => upstream?.server.close(resolve));
    await proxy?.close();
  });

  const get = (path: string, proxyUrl?: string) => client.open({ method: 'GET', url: `${upstream.url}${path}`, headers: {}, proxy: proxyUrl });

  it('answers status and headers, and keeps a short body that nobody read at once', async () => {
    const res = await get('/short');
    expect(res.statusCode).toBe(200);
    // One header at a time (by lower-case name, whatever case the upstream used), or all of them.
    expect([res.header('content-type'), res.header('retry-after'), res.header('x-trace-id'), res.header('x-missing')]).toEqual(['application/json', '7', 'abc', undefined]);
    expect(res.headers).toMatchObject({ 'content-type': 'application/json', 'retry-after': '7', 'x-trace-id': 'abc' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(Buffer.from(await readBounded(res.body, 1024)).toString()).toBe('{"ok":true}');
  });

  it('sends method, headers and body, directly and through a channel proxy', async () => {
    for (const proxyUrl of [undefined, proxy.url]) {
      const res = await client.open({ method: 'POST', url: `${upstream.url}/echo`, headers: { authorization: 'Bearer sk-up' }, body: '{"q":1}', proxy: proxyUrl });
      expect(JSON.parse(Buffer.from(await readBounded(res.body, 1024)).toString())).toEqual({ method: 'POST', auth: 'Bearer sk-up', body: '{"q":1}' });
    }
    expect(proxy.forwarded).toMatchObject([{ method: 'POST', url: `${upstream.url}/echo`, accepted: true }]);
  });

  it('reads a large body whole and in order, with a slow reader holding the upstream back meanwhile', async () => {
    const res = await get('/big');
    let bytes = 0;
    let chunks = 0;
    await forEachChunk(res.body, (chunk) => {
      bytes += chunk.length;
      // Every 64th chunk the reader is slow (a slow client): reading waits for it.
      if (++chunks % 64 === 0) return new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(bytes).toBe(BIG_BYTES);
  });

  it('holds the upstream back while nobody reads: it cannot finish sending 32 MiB, and destroying the body closes its connection', async () => {
    delete upstream.ended['/big'];
    const res = await get('/big');
    const errors: Error[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(upstream.ended['/big']).toBeUndefined();
    } finally {
      res.body.on('error', (err: Error) => errors.push(err));
      res.body.destroy();
    }
    await expect.poll(() => upstream.ended['/big'], { timeout: 2000 }).toBe('closed early');
    expect(errors.map((e) => e.message)).toEqual(['Request aborted']);
  });

  it('fails the body, after what came before, when the upstream resets the connection', async () => {
    const res = await get('/reset');
    const seen: string[] = [];
    const error = await forEachChunk(res.body, (chunk) => void seen.push(chunk.toString())).catch((e: unknown) => e);
    expect(seen.join('')).toBe('data: {"part":1}\n\n');
    expect(error).toBeInstanceOf(Error);
  });

  it('fails a body that goes silent for the idle timeout, and an upstream that never answers for the headers timeout', async () => {
    const res = await get('/stall');
    const started = Date.now();
    await expect(readBounded(res.body, 1024)).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(get('/no-headers')).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
  });

  it('fails at once when the upstream is down, and names a proxy that is down without its password', async () => {
    const port = await closedPort();
    await expect(client.open({ method: 'GET', url: `http://127.0.0.1:${port}/x`, headers: {} })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const err = (await get('/short', `http://user:hunter2@127.0.0.1:${port}`).catch((e: unknown) => e)) as UpstreamProxyError;
    expect(err).toBeInstanceOf(UpstreamProxyError);
    expect(err.message).not.toContain('hunter2');
    const invalid = (await get('/short', 'ftp://user:hunter2@proxy.example:21').catch((e: unknown) => e)) as UpstreamProxyError;
    expect(invalid).toMatchObject({ code: 'ERR_PROXY_INVALID' });
  });
});
