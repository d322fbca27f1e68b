import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientIO, HEADER_FLUSH_MS } from './client-io.js';

let server: http.Server | undefined;

afterEach(async () => {
  await new Promise((r) => server?.close(r));
  server = undefined;
});

/** A server whose every request is answered by `handle` through a ClientIO. */
async function serve(handle: (io: ClientIO) => void): Promise<number> {
  server = http.createServer((_req, res) => handle(new ClientIO(res, { 'x-request-id': 'req-1' })));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server!.address() as AddressInfo).port;
}

/** Raw socket reads of one GET, each with its arrival time since the request went out. */
function rawReads(port: number, until: (text: string) => boolean): Promise<{ at: number; text: string }[]> {
  return new Promise((resolve, reject) => {
    const reads: { at: number; text: string }[] = [];
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n'));
    socket.on('data', (d) => {
      reads.push({ at: performance.now() - started, text: d.toString() });
      if (until(reads.map((r) => r.text).join(''))) {
        socket.destroy();
        resolve(reads);
      }
    });
    socket.on('error', reject);
  });
}

describe('ClientIO streams', () => {
  it('sends the status line and headers on their own when the first chunk is slow', async () => {
    const port = await serve((io) => {
      io.startStream();
      setTimeout(() => io.end('data: late\n\n'), 400);
    });
    const reads = await rawReads(port, (t) => t.includes('data: late'));
    expect(reads[0].text).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(reads[0].text).toContain('x-request-id: req-1');
    expect(reads[0].text).not.toContain('data: late');
    expect(reads[0].at).toBeGreaterThanOrEqual(HEADER_FLUSH_MS - 5);
    expect(reads[0].at).toBeLessThan(300);
  });

  it('sends the headers with the first chunk when it comes soon', async () => {
    const port = await serve((io) => {
      io.startStream();
      setImmediate(() => void io.write('data: first\n\n'));
      setTimeout(() => io.end('data: last\n\n'), 200);
    });
    const reads = await rawReads(port, (t) => t.includes('data: last'));
    expect(reads[0].text).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(reads[0].text).toContain('data: first');
  });

  it('never flushes the headers of a stream whose client left', async () => {
    let io: ClientIO | undefined;
    const port = await serve((created) => {
      io = created;
      created.startStream();
    });
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n'));
    let received = '';
    socket.on('data', (d) => (received += d));
    await new Promise((r) => setTimeout(r, 10));
    socket.destroy();
    await new Promise((r) => setTimeout(r, HEADER_FLUSH_MS * 3));
    expect(io?.closed).toBe(true);
    expect(received).toBe('');
  });
});
