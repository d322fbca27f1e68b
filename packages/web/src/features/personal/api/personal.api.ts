import type { UpdateSelfBody, UserSessionView, UserSettingBody, UserSettingView, UserView } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** The personal page's calls (spec 3 §7). */
export const personalApi = {
  setting: (signal?: AbortSignal) => api.get<UserSettingView>('/api/user/setting', undefined, signal),
  saveSetting: (body: UserSettingBody) => api.put<UserSettingView>('/api/user/setting', body),
  models: (signal?: AbortSignal) => api.get<string[]>('/api/user/models', undefined, signal),
  /** GET /api/user/token: a new access token (the old one stops working); shown once. */
  resetAccessToken: () => api.get<string>('/api/user/token'),
  changePassword: (body: UpdateSelfBody) => api.put<UserView>('/api/user/self', body),
  deleteAccount: () => api.delete<undefined>('/api/user/self'),
  sessions: (signal?: AbortSignal) => api.get<UserSessionView[]>('/api/user/sessions', undefined, signal),
  endSession: (id: string) => api.delete<undefined>(`/api/user/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: () => api.post<{ revoked: number }>('/api/user/sessions/revoke-others'),
};
