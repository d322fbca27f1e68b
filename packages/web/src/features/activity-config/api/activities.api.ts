import type { ActivityBody, ActivityRewardBody, ActivityRewardResult, ActivityView, PageResult, UserView } from '@gw/contracts';
import { api } from '../../../lib/api-client';

export const ACTIVITY_FILTER_KEYS = ['q', 'status'] as const;
export type ActivityFilterKey = (typeof ACTIVITY_FILTER_KEYS)[number];

export interface ActivityListParams {
  filters: Record<ActivityFilterKey, string>;
  p: number;
  page_size: number;
}

/** The user picker of the reward dialog pages 100 users at a time (spec 3 §2.13). */
export const USER_PICKER_PAGE_SIZE = 100;

/** GET /api/activity/ with q (name part or id), status ('true', 'false' or '' for all) and paging. */
export function listActivities({ filters, p, page_size }: ActivityListParams, signal?: AbortSignal): Promise<PageResult<ActivityView>> {
  return api.get('/api/activity/', { q: filters.q || undefined, status: filters.status || undefined, p, page_size }, signal);
}

export function createActivity(body: ActivityBody): Promise<ActivityView> {
  return api.post('/api/activity/', body);
}

export function updateActivity(id: number, body: ActivityBody): Promise<ActivityView> {
  return api.put(`/api/activity/${id}`, body);
}

/** POST /api/activity/reward: grants the activity's quota to each user once. */
export function rewardActivityUsers(body: ActivityRewardBody): Promise<ActivityRewardResult> {
  return api.post('/api/activity/reward', body);
}

/** GET /api/user/search for the reward dialog: keyword, page `p` (1-based), 100 a page. */
export function searchUsers(keyword: string, p: number, signal?: AbortSignal): Promise<PageResult<UserView>> {
  return api.get('/api/user/search', { keyword, p, page_size: USER_PICKER_PAGE_SIZE }, signal);
}
