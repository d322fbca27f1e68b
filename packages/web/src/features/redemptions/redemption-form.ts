import dayjs, { type Dayjs } from 'dayjs';
import { REDEMPTION_NAME_MAX, type CreateRedemptionBody, type RedemptionView } from '@gw/contracts';

/** Redemption defaults (spec 3 §9): quota 100000, count 1. */
export const DEFAULT_REDEMPTION_QUOTA = 100_000;

/** The redemption editor's form model; `expires` null means "never" (0). */
export interface RedemptionFormValues {
  name: string;
  quota: number;
  count: number;
  expires: Dayjs | null;
}

export function newRedemptionValues(): RedemptionFormValues {
  return { name: '', quota: DEFAULT_REDEMPTION_QUOTA, count: 1, expires: null };
}

export function redemptionToValues(code: RedemptionView): RedemptionFormValues {
  return { name: code.name, quota: code.quota, count: 1, expires: code.expired_time ? dayjs.unix(code.expired_time) : null };
}

/** Form values → POST body; an empty name becomes the formatted quota (spec 3 §5), cut to the 20-character limit. */
export function valuesToBody(v: RedemptionFormValues, formatQuota: (quota: number) => string): CreateRedemptionBody {
  const quota = Math.trunc(v.quota ?? 0);
  return {
    name: (v.name?.trim() || formatQuota(quota)).slice(0, REDEMPTION_NAME_MAX),
    quota,
    count: Math.max(1, Math.trunc(v.count || 1)),
    expired_time: v.expires ? v.expires.unix() : 0,
  };
}
