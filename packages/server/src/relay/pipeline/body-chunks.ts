import type { ChunkSource } from '../../platform/upstream-body.js';
import { discardBody } from '../../platform/discard-body.js';

/**
 * Hands each chunk of a body to `onChunk`, in order, and resolves when the body has ended. While a
 * promise returned by `onChunk` is pending the body is paused (the client's backpressure reaches the
 * upstream). Rejects with the body's error, when the body closes before its end, or when `onChunk`
 * throws or its promise rejects (the body is then destroyed). Listens to events rather than iterating:
 * an async iterator costs a promise and a microtask per chunk on the relay's hot path.
 */
export function forEachChunk(body: ChunkSource, onChunk: (chunk: Buffer) => Promise<void> | void): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    // The chunk whose promise is pending: a body may end meanwhile, and then ends after it.
    let inFlight: Promise<void> | undefined;
    let ended = false;
    const settle = (err?: unknown) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
      if (err === undefined) resolve();
      else reject(err);
    };
    const fail = (err: unknown) => {
      settle(err);
      discardBody(body);
    };
    const onData = (chunk: Buffer) => {
      let pending: Promise<void> | void;
      try {
        pending = onChunk(chunk);
      } catch (err) {
        fail(err);
        return;
      }
      if (!pending) return;
      body.pause();
      inFlight = pending.then(() => {
        inFlight = undefined;
        if (!settled) body.resume();
      }, fail);
    };
    const onEnd = () => {
      ended = true;
      if (inFlight) void inFlight.then(() => settle());
      else settle();
    };
    const onError = (err: Error) => settle(err);
    const onClose = () => {
      if (!ended) settle(new Error('the upstream answer broke off'));
    };
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onError);
    body.once('close', onClose);
  });
}
