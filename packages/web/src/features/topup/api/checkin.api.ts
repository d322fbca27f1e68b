import type { CheckinResult, CheckinStatus } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/user/checkin?month=YYYY-MM: the month's check-ins, totals and whether today is done. */
export const getCheckinStatus = (month: string, signal?: AbortSignal) => api.get<CheckinStatus>('/api/user/checkin', { month }, signal);

/** POST /api/user/checkin: today's check-in; answers the quota awarded. */
export const checkIn = () => api.post<CheckinResult>('/api/user/checkin');
