import { randomAlphanumeric } from './crypto.js';

/**
 * Request ids unique across processes and restarts without a CSPRNG call per request (that was 3% of
 * the relay's CPU): a random per-process prefix, the start time, and a counter.
 */
const prefix = `${randomAlphanumeric(8)}${Date.now().toString(36)}`;
let counter = 0;

export function nextRequestId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${prefix}${counter.toString(36).padStart(6, '0')}`;
}
