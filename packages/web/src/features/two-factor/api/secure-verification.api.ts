import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyCeremony, SecureVerification } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** Secure verification: marks this session verified for five minutes of sensitive actions. */
export const secureVerificationApi = {
  /** POST /api/verify with an authenticator code or a backup code. */
  withCode: (code: string) => api.post<SecureVerification>('/api/verify', { method: '2fa', code }),
  /** The passkey check (begin, the browser's prompt, finish), then POST /api/verify as new-api's console does. */
  async withPasskey(): Promise<SecureVerification> {
    const ceremony = await api.post<PasskeyCeremony>('/api/user/passkey/verify/begin');
    const response = await startAuthentication({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON });
    await api.post<SecureVerification>('/api/user/passkey/verify/finish', { challenge_id: ceremony.challenge_id, response });
    return api.post<SecureVerification>('/api/verify', { method: 'passkey' });
  },
};
