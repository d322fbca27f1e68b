import {
  AUTHORIZATION_TTL_SECONDS,
  AuthorizationStatus,
  ErrorCode,
  TOKEN_NEVER_EXPIRES,
  TokenStatus,
  type AuthorizationRequestView,
  type AuthorizationStatusValue,
  type AuthorizationTokenResult,
  type AuthorizeQuery,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import { AppError, NotFoundError, ValidationError } from '../http/errors.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import { nowSeconds } from '../platform/clock.js';
import { tokensRepository } from '../tokens/tokens.repository.js';
import { authorizationRequestsRepository as requests, type AuthorizationRequestRow } from './authorization-requests.repository.js';
import { codeChallengeOf } from './pkce.js';

export const REQUEST_EXPIRED = 'this authorization request has expired; please start again from the application';
export const REQUEST_ANSWERED = 'this authorization request has already been answered';
export const CHALLENGE_USED = 'this authorization request was already used; please start again from the application';
export const TOKEN_NOT_USABLE = 'this token cannot be handed over: choose one of your enabled tokens';

/** Expired requests are kept this long after expiry so a late poll still learns "expired". */
const KEEP_AFTER_EXPIRY_SECONDS = 24 * 3600;

/**
 * Third-party authorization (spec 3 §2.10–2.11): an outside application asks a signed-in user for one of
 * their API tokens. The browser only ever sees the request's `code`; the token goes to the holder of the
 * PKCE verifier the application started with, once.
 */
export class AuthorizationService {
  constructor(private readonly db: Db) {}

  /** GET /api/oauth/authorize: opens the request (or finds the user's own pending one for the same challenge). */
  async open(userId: number, query: AuthorizeQuery): Promise<string> {
    const now = nowSeconds();
    const existing = await requests.findByChallenge(this.db, query.code_challenge);
    if (existing) {
      if (existing.user_id === userId && existing.status === AuthorizationStatus.Pending && existing.expires_at >= now) return existing.code;
      throw new AppError(ErrorCode.Conflict, CHALLENGE_USED);
    }
    const code = randomAlphanumeric(32);
    await requests.insert(this.db, {
      code,
      code_challenge: query.code_challenge,
      app_name: query.app_name,
      user_id: userId,
      status: AuthorizationStatus.Pending,
      created_at: now,
      updated_at: now,
      expires_at: now + AUTHORIZATION_TTL_SECONDS,
    });
    if (Math.random() < 0.05) await requests.deleteExpiredBefore(this.db, now - KEEP_AFTER_EXPIRY_SECONDS);
    return code;
  }

  /** What the /approve page shows about one of the user's requests. */
  async view(userId: number, code: string): Promise<AuthorizationRequestView> {
    const row = await this.owned(userId, code);
    return { code: row.code, app_name: row.app_name, status: statusOf(row, nowSeconds()), created_at: row.created_at, expires_at: row.expires_at };
  }

  /** PATCH /api/request_bind: hands one of the user's enabled tokens to the request, or refuses it. */
  async decide(userId: number, body: { code: string; token: string; reject: boolean }): Promise<AuthorizationStatusValue> {
    const row = await this.owned(userId, body.code);
    const now = nowSeconds();
    const status = statusOf(row, now);
    if (status === AuthorizationStatus.Expired) throw new ValidationError(REQUEST_EXPIRED);
    if (status !== AuthorizationStatus.Pending) throw new AppError(ErrorCode.Conflict, REQUEST_ANSWERED);
    if (body.reject) {
      if (!(await requests.transition(this.db, row.id, AuthorizationStatus.Pending, AuthorizationStatus.Rejected, now))) throw new AppError(ErrorCode.Conflict, REQUEST_ANSWERED);
      return AuthorizationStatus.Rejected;
    }
    const token = await tokensRepository.findByKeyWithOwner(this.db, body.token.replace(/^sk-/, ''));
    const usable =
      token !== undefined &&
      token.user_id === userId &&
      token.status === TokenStatus.Enabled &&
      (token.expired_time === TOKEN_NEVER_EXPIRES || token.expired_time > now) &&
      (token.unlimited_quota === 1 || token.remain_quota > 0);
    if (!usable) throw new ValidationError(TOKEN_NOT_USABLE, { field: 'token' });
    if (!(await requests.transition(this.db, row.id, AuthorizationStatus.Pending, AuthorizationStatus.Approved, now, token.id))) {
      throw new AppError(ErrorCode.Conflict, REQUEST_ANSWERED);
    }
    return AuthorizationStatus.Approved;
  }

  /**
   * The application's poll with its verifier. An approved request answers the token once and becomes
   * "delivered"; a racing second poll sees "delivered" without the token.
   */
  async collect(codeVerifier: string): Promise<AuthorizationTokenResult> {
    const row = await requests.findByChallenge(this.db, codeChallengeOf(codeVerifier));
    if (!row) throw new NotFoundError('authorization request');
    const now = nowSeconds();
    const status = statusOf(row, now);
    if (status !== AuthorizationStatus.Approved) return { status };
    if (!(await requests.transition(this.db, row.id, AuthorizationStatus.Approved, AuthorizationStatus.Delivered, now))) {
      return { status: AuthorizationStatus.Delivered };
    }
    const token = await tokensRepository.findOwned(this.db, row.user_id, row.token_id);
    // Deleted between approval and collection: nothing to hand over.
    if (!token) return { status: AuthorizationStatus.Rejected };
    return { status: AuthorizationStatus.Approved, token: `sk-${token.key}` };
  }

  private async owned(userId: number, code: string): Promise<AuthorizationRequestRow> {
    const row = await requests.findOwnedByCode(this.db, userId, code);
    if (!row) throw new NotFoundError('authorization request');
    return row;
  }
}

/** The stored status, with pending and approved requests past their expiry reported as expired. */
function statusOf(row: AuthorizationRequestRow, now: number): AuthorizationStatusValue {
  const stored = row.status as AuthorizationStatusValue;
  if ((stored === AuthorizationStatus.Pending || stored === AuthorizationStatus.Approved) && row.expires_at < now) return AuthorizationStatus.Expired;
  return stored;
}
