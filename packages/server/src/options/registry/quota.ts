import { z } from 'zod';
import { MAX_TOKENS_PER_USER } from '@gw/contracts';
import { bool, int, json, objectError } from '../option-def.js';

const MAX_COUNT = 2 ** 31 - 1;
const count = (what: string, min: number) =>
  z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).min(min, `${what} must be at least ${min}`).max(MAX_COUNT, `${what} is too large`);
/** [requests of any outcome (0 = unlimited), successful requests (at least 1)] per period. */
const groupRequestLimits = z.tuple([count('the request count', 0), count('the success count', 1)], { error: 'each group needs [request count, success count]' });

/** Quota grants, pre-consumption, fuel packs and the per-user model request rate limit. */
export const quotaOptions = {
  QuotaForNewUser: int(0, 0),
  QuotaForInviter: int(0, 0),
  QuotaForInvitee: int(0, 0),
  PreConsumedQuota: int(500, 0),
  /** Off: a request priced at 0 (free model or group ratio 0) is neither held for nor refused for an empty balance. */
  'quota_setting.enable_free_model_pre_consume': bool(true),
  /** Most live API tokens one user may hold (new-api's token_setting.max_user_tokens). */
  'token_setting.max_user_tokens': int(MAX_TOKENS_PER_USER, 1, 100_000),
  StreamCacheQueueLength: int(0, 0),

  // Fuel pack
  FuelPackEnabled: bool(false),
  /** Days a fuel pack lasts. */
  FuelPackLimit: int(7, 1),
  FuelPackQuota: int(0, 0),

  // Model request rate limit (spec 2 §5: period ≥ 0, count ≥ 0 where 0 = unlimited, success count ≥ 1)
  ModelRequestRateLimitEnabled: bool(false),
  ModelRequestRateLimitDurationMinutes: int(1, 0),
  ModelRequestRateLimitCount: int(0, 0),
  ModelRequestRateLimitSuccessCount: int(1000, 1),
  /** Group → [Count, SuccessCount] for keys of that group (the token's, else its owner's), as in new-api. */
  ModelRequestRateLimitGroup: json<Record<string, [number, number]>>({}, z.record(z.string(), groupRequestLimits, objectError)),
  /**
   * Group → { limit, lease_ttl_seconds? }: requests one API key of that group may have in flight at once
   * (new-api's token concurrency gate; unnamed group = no limit). Entries are checked per request, so a
   * malformed one fails closed with 503 for its group only.
   */
  TokenConcurrencyPolicy: json<Record<string, unknown>>({}, z.record(z.string(), z.unknown(), objectError)),
};
