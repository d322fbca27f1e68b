import { describe, expect, it, vi } from 'vitest';
import { BodyAbortedError, UpstreamBody } from './upstream-body.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A body with its upstream side recorded, and every event it emits in order. */
function recordedBody() {
  const upstream = { resumed: 0, aborted: [] as Error[] };
  const body = new UpstreamBody(
    () => void upstream.resumed++,
    (err) => void upstream.aborted.push(err),
  );
  const events: string[] = [];
  const listen = () => {
    body.on('data', (chunk: Buffer) => events.push(`data:${chunk.toString()}`));
    body.once('end', () => events.push('end'));
    body.once('error', (err: Error) => events.push(`error:${err.message}`));
    body.once('close', () => events.push('close'));
  };
  return { body, upstream, events, listen };
}

describe('UpstreamBody', () => {
  it('holds what came before anyone listened, then hands it over in order, then end and close', async () => {
    const { body, events, listen } = recordedBody();
    expect(body.receive(Buffer.from('a'))).toBe(true);
    expect(body.receive(Buffer.from('b'))).toBe(true);
    body.end();
    await tick();
    expect(events).toEqual([]);
    listen();
    expect(events).toEqual([]);
    await tick();
    expect(events).toEqual(['data:a', 'data:b', 'end', 'close']);
  });

  it('hands chunks over as they come once a reader listens', async () => {
    const { body, events, listen } = recordedBody();
    listen();
    await tick();
    expect(body.receive(Buffer.from('x'))).toBe(true);
    expect(events).toEqual(['data:x']);
    body.end();
    expect(events).toEqual(['data:x', 'end', 'close']);
  });

  it('asks the upstream to pause once 64 KiB wait unread, and to resume when they are read', async () => {
    const { body, upstream, events, listen } = recordedBody();
    const kib = Buffer.alloc(1024, 'k');
    let accepted = 0;
    while (body.receive(kib)) accepted++;
    expect(accepted).toBe(63);
    listen();
    await tick();
    expect(events).toHaveLength(64);
    expect(upstream.resumed).toBe(1);
  });

  it('stops handing over while paused, pauses the upstream, and resumes both together', async () => {
    const { body, upstream, events } = recordedBody();
    body.on('data', (chunk: Buffer) => {
      events.push(chunk.toString());
      body.pause();
    });
    await tick();
    expect(body.receive(Buffer.from('1'))).toBe(false);
    expect(body.receive(Buffer.from('2'))).toBe(true);
    expect(events).toEqual(['1']);
    body.resume();
    await tick();
    expect(events).toEqual(['1', '2']);
    expect(upstream.resumed).toBe(0);
    body.resume();
    await tick();
    expect(upstream.resumed).toBe(1);
  });

  it('on destroy aborts the upstream, reports the abort and closes; later chunks are dropped', async () => {
    const { body, upstream, events, listen } = recordedBody();
    listen();
    await tick();
    body.receive(Buffer.from('part'));
    body.destroy();
    expect(upstream.aborted).toHaveLength(1);
    expect(upstream.aborted[0]).toBeInstanceOf(BodyAbortedError);
    body.receive(Buffer.from('late'));
    body.fail(new Error('socket closed'));
    await tick();
    expect(events).toEqual(['data:part', 'error:Request aborted', 'close']);
  });

  it('destroyed without an error listener only closes, and never aborts an upstream that already finished', async () => {
    const { body, upstream } = recordedBody();
    const closed = vi.fn();
    body.once('close', closed);
    body.receive(Buffer.from('all'));
    body.end();
    body.destroy();
    await tick();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(upstream.aborted).toEqual([]);
  });

  it('reports an upstream failure after the chunks that came before it', async () => {
    const { body, events, listen } = recordedBody();
    body.receive(Buffer.from('half'));
    body.fail(new Error('other side closed'));
    listen();
    await tick();
    expect(events).toEqual(['data:half', 'error:other side closed', 'close']);
  });
});
