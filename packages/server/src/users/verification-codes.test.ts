import { describe, expect, it } from 'vitest';
import { MemoryVerificationCodes, VERIFICATION_CODE_TTL_SECONDS, VERIFICATION_MAX_ATTEMPTS } from './verification-codes.js';

describe('in-memory verification codes', () => {
  it('accepts a code once, for its own purpose and address only', async () => {
    const codes = new MemoryVerificationCodes();
    const code = await codes.issue('register', 'A@Example.com');
    expect(code).toMatch(/^[0-9A-Za-z]{6}$/);
    expect(await codes.consume('reset_password', 'a@example.com', code)).toBe(false);
    expect(await codes.consume('register', 'b@example.com', code)).toBe(false);
    expect(await codes.consume('register', ' a@example.com ', code)).toBe(true);
    expect(await codes.consume('register', 'a@example.com', code)).toBe(false);
  });

  it('expires codes after three minutes', async () => {
    let now = 1_000_000;
    const codes = new MemoryVerificationCodes(VERIFICATION_CODE_TTL_SECONDS, () => now);
    expect(VERIFICATION_CODE_TTL_SECONDS).toBe(180);
    const early = await codes.issue('register', 'x@example.com');
    now += 179_000;
    expect(await codes.consume('register', 'x@example.com', early)).toBe(true);
    const late = await codes.issue('register', 'x@example.com');
    now += 180_000;
    expect(await codes.consume('register', 'x@example.com', late)).toBe(false);
  });

  it('replaces an earlier code when a new one is issued', async () => {
    const codes = new MemoryVerificationCodes();
    const first = await codes.issue('register', 'x@example.com');
    const second = await codes.issue('register', 'x@example.com');
    if (first !== second) expect(await codes.consume('register', 'x@example.com', first)).toBe(false);
    expect(await codes.consume('register', 'x@example.com', second)).toBe(true);
  });

  it('throws a code away after too many wrong guesses', async () => {
    const codes = new MemoryVerificationCodes();
    const code = await codes.issue('register', 'x@example.com');
    for (let i = 0; i < VERIFICATION_MAX_ATTEMPTS; i++) expect(await codes.consume('register', 'x@example.com', 'wrong!')).toBe(false);
    expect(await codes.consume('register', 'x@example.com', code)).toBe(false);
  });

  it('rejects an empty code', async () => {
    const codes = new MemoryVerificationCodes();
    await codes.issue('register', 'x@example.com');
    expect(await codes.consume('register', 'x@example.com', '')).toBe(false);
  });
});
