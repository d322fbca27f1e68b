/** Stable machine-readable error codes carried as `code` next to the human message. */
export const ErrorCode = {
  Validation: 'validation_failed',
  NotFound: 'not_found',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  Conflict: 'conflict',
  RateLimited: 'rate_limited',
  BadRequest: 'bad_request',
  PayloadTooLarge: 'payload_too_large',
  SetupRequired: 'setup_required',
  Internal: 'internal_error',
  InsufficientUserQuota: 'insufficient_user_quota',
  PreConsumeTokenQuotaFailed: 'pre_consume_token_quota_failed',
  /** A mail or SMS could not be sent (not configured, or the provider refused it). */
  DeliveryFailed: 'delivery_failed',
  /** A human check (Turnstile, slider captcha) is missing or failed. */
  HumanCheckFailed: 'human_check_failed',
  /** A payment provider (Stripe, Creem) refused or did not answer the checkout request. */
  PaymentProviderFailed: 'payment_provider_failed',
  /** A sensitive action needs a fresh 2FA or passkey check (POST /api/verify); new-api's code. */
  VerificationRequired: 'VERIFICATION_REQUIRED',
  /** The session's secure verification is older than its window; new-api's code. */
  VerificationExpired: 'VERIFICATION_EXPIRED',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
