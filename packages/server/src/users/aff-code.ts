import { randomAlphanumeric } from '../platform/crypto.js';

/** A per-user invite code. 8 characters over 62 symbols: collisions are negligible and retried on insert. */
export const newAffCode = (): string => randomAlphanumeric(8);
