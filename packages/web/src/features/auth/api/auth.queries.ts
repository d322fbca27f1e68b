import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaptchaChallenge, LoginBody, PhoneLoginBody, PhoneRegisterBody, RegisterBody, TwoFactorChallenge } from '@gw/contracts';
import { api, requestEnvelope } from '../../../lib/api-client';
import { setStoredUser, type StoredUser } from '../../../lib/session';
import { statusKeys } from '../../status/api/status.queries';

/** What POST /api/user/login (and /login/mobile) answers. */
export interface LoginResult extends StoredUser {
  default_password_warning?: boolean;
}

/** A call guarded by Turnstile carries the widget's token as `?turnstile=` (empty when the check is off). */
export interface WithTurnstile {
  turnstile: string;
}

/**
 * Signs in, stores the user locally and refreshes the cached site status (spec 1 §7). A user with
 * two-factor sign-in gets a challenge instead (features/two-factor completes it).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ turnstile, ...body }: LoginBody & WithTurnstile) =>
      (await requestEnvelope<LoginResult | TwoFactorChallenge>('POST', '/api/user/login', { body, query: { turnstile } })).data,
    onSuccess: async (user) => {
      if ('require_2fa' in user) return;
      setStoredUser(user);
      await queryClient.invalidateQueries({ queryKey: statusKeys.all });
    },
  });
}

/** Signs in with a phone number and its SMS code (the account is created on first use when allowed). */
export function usePhoneLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: PhoneLoginBody) => (await requestEnvelope<LoginResult | TwoFactorChallenge>('POST', '/api/user/login/mobile', { body })).data,
    onSuccess: async (user) => {
      if ('require_2fa' in user) return;
      setStoredUser(user);
      await queryClient.invalidateQueries({ queryKey: statusKeys.all });
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: ({ turnstile, ...body }: RegisterBody & WithTurnstile) => requestEnvelope<unknown>('POST', '/api/user/register', { body, query: { turnstile } }),
  });
}

export function usePhoneRegister() {
  return useMutation({
    mutationFn: (body: PhoneRegisterBody) => requestEnvelope<unknown>('POST', '/api/user/register/mobile', { body }),
  });
}

/** GET /api/verification: mails a code to the address (registration and e-mail binding). */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: ({ email, turnstile }: { email: string } & WithTurnstile) => requestEnvelope<unknown>('GET', '/api/verification', { query: { email, turnstile } }),
  });
}

/** POST /api/sms/code, spending a slider captcha solved just before. */
export function useSendSmsCode() {
  return useMutation({
    mutationFn: (body: { mobile: string; captcha_key: string }) => requestEnvelope<unknown>('POST', '/api/sms/code', { body }),
  });
}

/** GET /api/reset_password: mails a reset link. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email, turnstile }: { email: string } & WithTurnstile) => requestEnvelope<unknown>('GET', '/api/reset_password', { query: { email, turnstile } }),
  });
}

/** POST /api/user/reset: answers the new password set by the link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string; token: string }) => api.post<string>('/api/user/reset', body),
  });
}

export const fetchCaptcha = () => api.get<CaptchaChallenge>('/api/captcha');

/** Resolves true when the position is accepted; a refusal (wrong position, expired) resolves false. */
export async function checkCaptcha(captchaKey: string, x: number, y: number): Promise<boolean> {
  try {
    await requestEnvelope<unknown>('POST', '/api/captcha/check', { body: { captcha_key: captchaKey, position: { x, y } } });
    return true;
  } catch {
    return false;
  }
}
