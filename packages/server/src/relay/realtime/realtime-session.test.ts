import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { RealtimeSession, type RealtimeSessionOptions } from './realtime-session.js';
import { connectUpstream, type OpenUpstream } from './realtime-upstream.js';
import { startFakeRealtimeUpstream, type FakeRealtimeUpstream } from './fake-realtime-upstream.test-helpers.js';

const OPTIONS: RealtimeSessionOptions = { keepAliveMs: 60_000, drainAfterClientGoneMs: 0, maxBufferedBytes: 512 * 1024, closeTimeoutMs: 1000 };

describe('RealtimeSession', () => {
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  /** A session between a real client socket (`client`, the far end) and a fake upstream. */
  async function start(options: Partial<RealtimeSessionOptions>) {
    const fake: FakeRealtimeUpstream = await startFakeRealtimeUpstream();
    cleanup.push(() => fake.close());
    const result = await connectUpstream({ url: `${fake.url.replace('http', 'ws')}/v1/realtime?model=m`, headers: {} }, 2000, new AbortController().signal);
    if (result.kind !== 'open') throw new Error(`upstream ${result.kind}`);
    const upstream: OpenUpstream = result;
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => wss.once('listening', resolve));
    cleanup.push(() => new Promise((resolve) => wss.close(resolve)));
    const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    const frames: Buffer[] = [];
    client.on('message', (data: Buffer) => frames.push(Buffer.from(data)));
    const clientClosed = new Promise<number>((resolve) => client.on('close', (code) => resolve(code)));
    cleanup.push(() => client.terminate());
    await new Promise((resolve) => client.once('open', resolve));
    const gatewaySide = await accepted;
    const session = new RealtimeSession(gatewaySide, upstream, { onResponseDone: () => true }, { ...OPTIONS, ...options });
    const conn = await fake.connection(0);
    return { session, client, frames, clientClosed, upstream: upstream.socket, conn };
  }

  it('stops reading the upstream while the client is slow, then relays everything in order', async () => {
    const { client, frames, upstream, conn } = await start({});
    client.pause();
    const sent: Buffer[] = [];
    for (let i = 0; i < 80; i++) {
      const frame = Buffer.alloc(256 * 1024, i);
      conn.socket!.send(frame);
      sent.push(frame);
    }
    await expect.poll(() => upstream.isPaused, { timeout: 5000 }).toBe(true);
    // What the gateway holds for the client stays near the bound; the rest waits in the upstream's sockets.
    await expect.poll(() => conn.socket!.bufferedAmount, { timeout: 5000 }).toBeGreaterThan(0);
    client.resume();
    await expect.poll(() => frames.length, { timeout: 10_000 }).toBe(1 + sent.length);
    expect(frames.slice(1).map((f) => f[0])).toEqual(sent.map((f) => f[0]));
    expect(frames.slice(1).every((f) => f.length === 256 * 1024)).toBe(true);
    expect(upstream.isPaused).toBe(false);
  });

  it('keeps a client that answers pings and drops one that stopped answering, closing the upstream with 1011', async () => {
    const { client, clientClosed, conn } = await start({ keepAliveMs: 40 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.readyState).toBe(WebSocket.OPEN);
    // A paused client reads nothing, so it cannot answer.
    client.pause();
    expect((await conn.closed).code).toBe(1011);
    client.resume();
    expect(await clientClosed).toBe(1006);
  });
});
