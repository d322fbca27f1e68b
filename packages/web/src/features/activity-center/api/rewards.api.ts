import type { ActivityListItem, FuelPackClaim, QuotaTransferResult } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/user/fuel_pack: claims the periodic free pack (once per FuelPackLimit days). */
export function claimFuelPack(): Promise<FuelPackClaim> {
  return api.get('/api/user/fuel_pack');
}

/** GET /api/activity_list: running activities, each saying whether the caller was rewarded. */
export function listRecentActivities(signal?: AbortSignal): Promise<ActivityListItem[]> {
  return api.get('/api/activity_list', undefined, signal);
}

/** POST /api/user/quota_transfer: moves reward quota to the balance. */
export function transferRewardQuota(quota: number): Promise<QuotaTransferResult> {
  return api.post('/api/user/quota_transfer', { quota });
}
