import { ErrorCode } from '@gw/contracts';
import { AppError } from '../http/errors.js';

/** The user's balance cannot cover the pre-consumed amount (or is not positive at all). HTTP 403 as in new-api. */
export class InsufficientUserQuotaError extends AppError {
  constructor(message = 'user quota is not enough') {
    super(ErrorCode.InsufficientUserQuota, message, 403);
  }
}

/** A limited token's remaining quota cannot cover the pre-consumed amount. */
export class InsufficientTokenQuotaError extends AppError {
  constructor(message = 'token quota is not enough') {
    super(ErrorCode.PreConsumeTokenQuotaFailed, message, 403);
  }
}

/** The user pays only from subscriptions (billing preference `subscription_only`) and none has room for the request. */
export class InsufficientSubscriptionQuotaError extends AppError {
  constructor(message = 'subscription quota is not enough') {
    super(ErrorCode.InsufficientUserQuota, message, 403);
  }
}
