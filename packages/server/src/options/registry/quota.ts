import { bool, int } from '../option-def.js';

/** Quota grants, pre-consumption, fuel packs and the per-user model request rate limit. */
export const quotaOptions = {
  QuotaForNewUser: int(0, 0),
  QuotaForInviter: int(0, 0),
  QuotaForInvitee: int(0, 0),
  PreConsumedQuota: int(500, 0),
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
};
