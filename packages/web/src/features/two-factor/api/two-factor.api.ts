import type { PasskeyCeremony, PasskeyView, TotpSetup, TwoFactorStatus } from '@gw/contracts';
import { api } from '../../../lib/api-client';
import type { StoredUser } from '../../../lib/session';

/** Two-factor calls (TOTP, backup codes, passkeys) under /api/user. */
export const twoFactorApi = {
  status: (signal?: AbortSignal) => api.get<TwoFactorStatus>('/api/user/2fa/status', undefined, signal),
  setup: () => api.post<TotpSetup>('/api/user/2fa/setup'),
  enable: (code: string) => api.post<undefined>('/api/user/2fa/enable', { code }),
  disable: (code: string) => api.post<undefined>('/api/user/2fa/disable', { code }),
  regenerateBackupCodes: (code: string) => api.post<string[]>('/api/user/2fa/backup_codes', { code }),
  /** The second step of a password sign-in. */
  completeLogin: (pending_token: string, code: string) => api.post<StoredUser>('/api/user/login/2fa', { pending_token, code }),

  registerBegin: () => api.post<PasskeyCeremony>('/api/user/passkey/register/begin'),
  registerFinish: (challenge_id: string, response: unknown, name: string) => api.post<PasskeyView>('/api/user/passkey/register/finish', { challenge_id, response, name }),
  removePasskey: (id: number) => api.delete<undefined>(`/api/user/passkey/${id}`),
  loginBegin: () => api.post<PasskeyCeremony>('/api/user/passkey/login/begin'),
  loginFinish: (challenge_id: string, response: unknown) => api.post<StoredUser>('/api/user/passkey/login/finish', { challenge_id, response }),
};
