import { bool, int } from '../option-def.js';

/**
 * Daily check-in (new-api's checkin_setting.*): a random reward in [min_quota, max_quota] once a day.
 * option-rules.ts refuses a max below the min.
 */
export const checkinOptions = {
  'checkin_setting.enabled': bool(false),
  'checkin_setting.min_quota': int(1000, 0, Number.MAX_SAFE_INTEGER),
  'checkin_setting.max_quota': int(10000, 0, Number.MAX_SAFE_INTEGER),
};
