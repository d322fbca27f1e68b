import { z } from 'zod';

/**
 * The activity center (spec 3 §2.12, §9): the fuel pack, reward quota and its transfer to the balance.
 * Balances shown on the cards come from GET /api/user/self (quota, aff_quota, aff_history_quota, aff_count,
 * aff_code, activity_quota, activity_history_quota, history_fuel_pack_quota) and the pack size from
 * GET /api/status (fuel_pack_quota).
 */

/** Spec 3 §5 / §8: a transfer of 0, less, or more than the transferable rewards. Nothing is changed. */
export const INSUFFICIENT_TRANSFER_QUOTA = 'insufficient transfer quota';
/** GET /api/user/fuel_pack while FuelPackEnabled is off (or FuelPackQuota is 0). */
export const FUEL_PACK_DISABLED = 'the fuel pack is not available';
/** GET /api/user/fuel_pack again within FuelPackLimit days; `data` is a FuelPackRefusal. */
export const FUEL_PACK_ALREADY_CLAIMED = 'you have already claimed the fuel pack; it can be claimed again later';

/**
 * Answer of GET /api/user/fuel_pack (a claim: the pack is credited to the balance `quota` at once, and
 * to `history_fuel_pack_quota`; a type-5 log is written). Times are unix seconds.
 */
export interface FuelPackClaim {
  /** Quota credited by this claim (FuelPackQuota). */
  quota: number;
  /** The balance after the claim. */
  balance: number;
  /** When the next claim becomes possible (now + FuelPackLimit days). */
  next_claim_at: number;
}

/** `data` of a refused GET /api/user/fuel_pack (message FUEL_PACK_ALREADY_CLAIMED). */
export interface FuelPackRefusal {
  next_claim_at: number;
}

/**
 * POST /api/user/quota_transfer: moves reward quota (invitation rewards `aff_quota` first, then activity
 * rewards `activity_quota`) to the balance `quota`, atomically. Must be above 0 and not above
 * aff_quota + activity_quota, else INSUFFICIENT_TRANSFER_QUOTA. Writes a type-1 (top-up) log.
 */
export const QuotaTransferBody = z.object({
  quota: z.coerce
    .number({ error: INSUFFICIENT_TRANSFER_QUOTA })
    .int(INSUFFICIENT_TRANSFER_QUOTA)
    .positive(INSUFFICIENT_TRANSFER_QUOTA)
    .max(Number.MAX_SAFE_INTEGER, INSUFFICIENT_TRANSFER_QUOTA),
});
export type QuotaTransferBody = z.infer<typeof QuotaTransferBody>;

/** Answer of POST /api/user/quota_transfer: the amount moved and the balances after it. */
export interface QuotaTransferResult {
  transferred: number;
  quota: number;
  aff_quota: number;
  activity_quota: number;
}

/**
 * One entry of GET /api/activity_list (signed-in users): the enabled activities that have not ended,
 * newest first (at most 50), each with whether the caller already received its reward.
 * Dates are unix seconds, 0 = unlimited.
 */
export interface ActivityListItem {
  id: number;
  name: string;
  desc: string;
  quota: number;
  start_date: number;
  end_date: number;
  created_at: number;
  /** True while enabled and now is within [start_date, end_date]. */
  in_progress: boolean;
  rewarded: boolean;
  /** When the caller received the reward; 0 if not. */
  rewarded_at: number;
}
