import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { VERIFICATION_MAX_ATTEMPTS, VerificationCodes } from './verification-codes.js';
import { newEmailCode, newSmsCode } from './random-codes.js';

const opts = (secret: string) => ({ secret, ttlSeconds: 180, resendAfterSeconds: 60 });

describe('code formats', () => {
  it('makes 6-character e-mail codes without look-alike characters and 6-digit SMS codes', () => {
    for (let i = 0; i < 50; i++) {
      expect(newEmailCode()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      expect(newSmsCode()).toMatch(/^\d{6}$/);
    }
  });
});

describe.each(testDialects())('verification codes in the database (%s)', (dialect) => {
  let t: TestDatabase;
  let codes: VerificationCodes;
  let n = 0;
  const address = () => `user${++n}.${dialect}@example.com`;
  const age = (target: string, seconds: number) =>
    t.db.updateTable('verification_codes').set((eb) => ({ created_at: eb('created_at', '-', seconds), expires_at: eb('expires_at', '-', seconds) })).where('target', '=', target.toLowerCase()).execute();

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    codes = new VerificationCodes(t.db);
  });
  afterAll(() => t?.drop());

  it('accepts a code once, for its own purpose and address only, ignoring letter case', async () => {
    const target = address();
    expect(await codes.issue('email', target.toUpperCase(), opts('AB12CD'))).toEqual({ issued: true });
    expect(await codes.consume('reset_password', target, 'AB12CD')).toBe(false);
    expect(await codes.consume('email', address(), 'AB12CD')).toBe(false);
    expect(await codes.consume('email', ` ${target} `, 'ab12cd')).toBe(true);
    expect(await codes.consume('email', target, 'AB12CD')).toBe(false);
  });

  it('keeps only a hash of the code', async () => {
    const target = address();
    await codes.issue('email', target, opts('SECRET'));
    const row = await t.db.selectFrom('verification_codes').selectAll().where('target', '=', target).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('SECRET');
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an expired code', async () => {
    const target = address();
    await codes.issue('email', target, opts('OLDONE'));
    await age(target, 181);
    expect(await codes.consume('email', target, 'OLDONE')).toBe(false);
  });

  it('refuses another code within 60 s, saying how long to wait, and replaces the code after that', async () => {
    const target = address();
    await codes.issue('sms', target, opts('111111'));
    const early = await codes.issue('sms', target, opts('222222'));
    expect(early.issued).toBe(false);
    if (!early.issued) expect(early.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    await age(target, 45);
    const stillEarly = await codes.issue('sms', target, opts('222222'));
    expect(stillEarly).toMatchObject({ issued: false });
    if (!stillEarly.issued) expect(stillEarly.retryAfterSeconds).toBeLessThanOrEqual(15);
    await age(target, 15);
    expect(await codes.issue('sms', target, opts('333333'))).toEqual({ issued: true });
    expect(await codes.consume('sms', target, '111111')).toBe(false);
    expect(await codes.consume('sms', target, '333333')).toBe(true);
  });

  it('throws a code away after too many wrong guesses', async () => {
    const target = address();
    await codes.issue('email', target, opts('RIGHT1'));
    for (let i = 0; i < VERIFICATION_MAX_ATTEMPTS; i++) expect(await codes.consume('email', target, `WRONG${i}`)).toBe(false);
    expect(await codes.consume('email', target, 'RIGHT1')).toBe(false);
  });

  it('rejects an empty code', async () => {
    const target = address();
    await codes.issue('email', target, opts('ABCDEF'));
    expect(await codes.consume('email', target, '')).toBe(false);
  });

  it('lets only one of several concurrent uses of a code succeed', async () => {
    const target = address();
    await codes.issue('reset_password', target, opts('RACE01'));
    const results = await Promise.all(Array.from({ length: 6 }, () => codes.consume('reset_password', target, 'RACE01')));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('lets only one of several concurrent sends through the resend interval', async () => {
    const target = address();
    const results = await Promise.all(Array.from({ length: 5 }, (_v, i) => codes.issue('sms', target, opts(`00000${i}`))));
    expect(results.filter((r) => r.issued)).toHaveLength(1);
  });

  it('forgets a discarded code and allows a new one at once', async () => {
    const target = address();
    await codes.issue('email', target, opts('DROPME'));
    await codes.discard('email', target);
    expect(await codes.consume('email', target, 'DROPME')).toBe(false);
    expect(await codes.issue('email', target, opts('NEWONE'))).toEqual({ issued: true });
  });
});
