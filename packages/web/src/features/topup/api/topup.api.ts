import { api } from '../../../lib/api-client';

/** POST /api/user/topup {key}: redeems a code; answers the quota added (spec 3 §7). */
export function redeemCode(key: string): Promise<number> {
  return api.post<number>('/api/user/topup', { key });
}
