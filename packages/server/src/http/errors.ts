import { ErrorCode, type ErrorCodeValue } from '@gw/contracts';

/**
 * The one error type services throw. `status` is the HTTP status the console API answers with;
 * business and validation failures use 200 + success:false so existing new-api clients keep working.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly status = 200,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(message: string, data?: unknown) {
    super(ErrorCode.Validation, message, 200, data);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super(ErrorCode.NotFound, `${what} not found`, 200);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(ErrorCode.Conflict, message, 200);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'not signed in or the session has expired') {
    super(ErrorCode.Unauthorized, message, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'you do not have permission to do this') {
    super(ErrorCode.Forbidden, message, 403);
  }
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number, message = 'too many requests, please try again later') {
    super(ErrorCode.RateLimited, message, 429);
  }
}
