import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@gw/contracts';

/** The shape of lib/api-client's ApiError. */
class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string, readonly data?: unknown) {
    super(message);
  }
}
import { defaultVerifyMethod, verificationNeededBy } from './secure-verification';

describe('verificationNeededBy', () => {
  it("reads the server's 403 refusal with the user's methods", () => {
    const required = new ApiError('verify first', 403, ErrorCode.VerificationRequired, { methods: { two_factor: true, passkey: false } });
    expect(verificationNeededBy(required)).toEqual({ methods: { two_factor: true, passkey: false }, expired: false });
    const expired = new ApiError('expired', 403, ErrorCode.VerificationExpired, { methods: { two_factor: false, passkey: true } });
    expect(verificationNeededBy(expired)).toEqual({ methods: { two_factor: false, passkey: true }, expired: true });
    expect(verificationNeededBy(new ApiError('x', 403, ErrorCode.VerificationRequired))).toEqual({ methods: { two_factor: false, passkey: false }, expired: false });
  });

  it('ignores every other failure', () => {
    expect(verificationNeededBy(new ApiError('no', 403, ErrorCode.Forbidden))).toBeNull();
    expect(verificationNeededBy(new ApiError('no', 200, ErrorCode.VerificationRequired))).toBeNull();
    expect(verificationNeededBy(new Error('boom'))).toBeNull();
    expect(verificationNeededBy(undefined)).toBeNull();
  });
});

describe('defaultVerifyMethod', () => {
  it('prefers a passkey the browser can use, then the code', () => {
    expect(defaultVerifyMethod({ two_factor: true, passkey: true }, true)).toBe('passkey');
    expect(defaultVerifyMethod({ two_factor: true, passkey: true }, false)).toBe('2fa');
    expect(defaultVerifyMethod({ two_factor: true, passkey: false }, true)).toBe('2fa');
    expect(defaultVerifyMethod({ two_factor: false, passkey: true }, false)).toBe('passkey');
    expect(defaultVerifyMethod({ two_factor: false, passkey: false }, true)).toBeNull();
  });
});
