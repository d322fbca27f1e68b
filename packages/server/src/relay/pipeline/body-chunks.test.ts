import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { forEachChunk } from './body-chunks.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('forEachChunk', () => {
  it('hands every chunk over in order and resolves at the end', async () => {
    const seen: string[] = [];
    await forEachChunk(Readable.from([Buffer.from('a'), Buffer.from('b'), Buffer.from('c')]), (c) => void seen.push(c.toString()));
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('pauses the body while a chunk is pending, and ends only after it', async () => {
    const body = new PassThrough();
    const seen: string[] = [];
    let release!: () => void;
    const done = forEachChunk(body, (c) => {
      seen.push(c.toString());
      if (seen.length === 1) return new Promise<void>((r) => (release = r));
    });
    let ended = false;
    void done.then(() => (ended = true));
    body.write('first');
    body.end('second');
    await tick();
    await tick();
    expect(seen).toEqual(['first']);
    expect(body.isPaused()).toBe(true);
    release();
    await done;
    expect(ended).toBe(true);
    expect(seen).toEqual(['first', 'second']);
  });

  it('resolves a body that ends while its last chunk is still pending only once that chunk is taken', async () => {
    const body = new PassThrough();
    let release!: () => void;
    let ended = false;
    const done = forEachChunk(body, () => new Promise<void>((r) => (release = r))).then(() => (ended = true));
    body.end('only');
    await tick();
    await tick();
    expect(ended).toBe(false);
    release();
    await done;
    expect(ended).toBe(true);
  });

  it("rejects with the body's error", async () => {
    const body = new PassThrough();
    const done = forEachChunk(body, () => {});
    body.destroy(new Error('connection reset'));
    await expect(done).rejects.toThrow('connection reset');
  });

  it('rejects when the body is closed before its end', async () => {
    const body = new PassThrough();
    const done = forEachChunk(body, () => {});
    body.write('partial');
    await tick();
    body.destroy();
    await expect(done).rejects.toThrow('the upstream answer broke off');
  });

  it('rejects and destroys the body when a chunk cannot be handled', async () => {
    const thrown = new PassThrough();
    const first = forEachChunk(thrown, () => {
      throw new Error('bad event');
    });
    thrown.write('x');
    await expect(first).rejects.toThrow('bad event');
    expect(thrown.destroyed).toBe(true);

    const rejected = new PassThrough();
    const second = forEachChunk(rejected, () => Promise.reject(new Error('client write failed')));
    rejected.write('y');
    await expect(second).rejects.toThrow('client write failed');
    expect(rejected.destroyed).toBe(true);
  });

  // undici's response body reports its own destruction as an error ("Request aborted"): with the reader's
  // listeners gone, that error event used to be an uncaught exception that ended the process.
  it('destroys a body whose destruction is reported as an error without an uncaught exception', async () => {
    const body = new Readable({
      read() {},
      destroy(err, callback) {
        callback(err ?? Object.assign(new Error('Request aborted'), { code: 'UND_ERR_ABORTED' }));
      },
    });
    const done = forEachChunk(body, () => {
      throw new Error('bad event');
    });
    body.push('x');
    await expect(done).rejects.toThrow('bad event');
    await tick();
    expect(body.destroyed).toBe(true);
    expect(() => body.emit('error', new Error('late'))).not.toThrow();
  });
});
