import { ErrorCode, SecureVerifyMethod, type SecureVerificationMethods, type SecureVerifyMethodValue } from '@gw/contracts';

/** The fields of lib/api-client's ApiError this reads (kept structural so the rule is testable without a browser). */
interface FailedCall {
  status: number;
  code?: string;
  data?: unknown;
}

const isFailedCall = (err: unknown): err is FailedCall => typeof err === 'object' && err !== null && typeof (err as FailedCall).status === 'number';

/** What a refused sensitive action asks for: a fresh check, with the methods the user has. */
export interface VerificationNeeded {
  methods: SecureVerificationMethods;
  /** The session was verified, but longer ago than the window. */
  expired: boolean;
}

const NO_METHODS: SecureVerificationMethods = { two_factor: false, passkey: false };

/** Reads the server's 403 VERIFICATION_REQUIRED / VERIFICATION_EXPIRED refusal; null for any other failure. */
export function verificationNeededBy(err: unknown): VerificationNeeded | null {
  if (!isFailedCall(err) || err.status !== 403) return null;
  if (err.code !== ErrorCode.VerificationRequired && err.code !== ErrorCode.VerificationExpired) return null;
  const methods = (err.data as { methods?: Partial<SecureVerificationMethods> } | undefined)?.methods;
  return {
    methods: { two_factor: methods?.two_factor === true, passkey: methods?.passkey === true },
    expired: err.code === ErrorCode.VerificationExpired,
  };
}

/** The method the prompt opens with: a passkey when this browser can use one (new-api's choice), else the code. */
export function defaultVerifyMethod(methods: SecureVerificationMethods = NO_METHODS, passkeySupported: boolean): SecureVerifyMethodValue | null {
  if (methods.passkey && passkeySupported) return SecureVerifyMethod.Passkey;
  if (methods.two_factor) return SecureVerifyMethod.TwoFactor;
  return methods.passkey ? SecureVerifyMethod.Passkey : null;
}
