import type { ChunkSource } from './upstream-body.js';

const ignore = () => {};

/**
 * Destroys a response body that nobody will read any more. undici reports the cut as an error event of
 * its own ("Request aborted"); once the reader's listeners are gone, that error would be an uncaught
 * exception, which ends the process.
 */
export function discardBody(body: Pick<ChunkSource, 'on' | 'destroy'>): void {
  body.on('error', ignore);
  body.destroy();
}
