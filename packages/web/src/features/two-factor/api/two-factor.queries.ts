import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { setStoredUser, type StoredUser } from '../../../lib/session';
import { statusKeys } from '../../status/api/status.queries';
import { twoFactorApi } from './two-factor.api';

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
};

export const twoFactorQueries = {
  status: () => queryOptions({ queryKey: twoFactorKeys.status(), queryFn: ({ signal }) => twoFactorApi.status(signal) }),
};

/** A mutation that refreshes the two-factor status when it succeeds. */
function useStatusMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }) });
}

export const useTotpSetup = () => useMutation({ mutationFn: () => twoFactorApi.setup() });
export const useTotpEnable = () => useStatusMutation((code: string) => twoFactorApi.enable(code));
export const useTotpDisable = () => useStatusMutation((code: string) => twoFactorApi.disable(code));
export const useRegenerateBackupCodes = () => useStatusMutation((code: string) => twoFactorApi.regenerateBackupCodes(code));
export const useRemovePasskey = () => useStatusMutation((id: number) => twoFactorApi.removePasskey(id));

/** Creates a passkey with the browser (WebAuthn) and registers it. */
export const useRegisterPasskey = () =>
  useStatusMutation(async (name: string) => {
    const ceremony = await twoFactorApi.registerBegin();
    const response = await startRegistration({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return twoFactorApi.registerFinish(ceremony.challenge_id, response, name);
  });

/** Stores the signed-in user like a password sign-in does (spec 1 §7). */
function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: StoredUser) => {
    setStoredUser(user);
    await queryClient.invalidateQueries({ queryKey: statusKeys.all });
  };
}

/** The second step of a password sign-in: a TOTP or backup code for the pending token. */
export function useTwoFactorLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ pendingToken, code }: { pendingToken: string; code: string }) => twoFactorApi.completeLogin(pendingToken, code),
    onSuccess: signedIn,
  });
}

/** Signs in with a passkey: no username, no password. */
export function usePasskeyLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      const ceremony = await twoFactorApi.loginBegin();
      const response = await startAuthentication({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON });
      return twoFactorApi.loginFinish(ceremony.challenge_id, response);
    },
    onSuccess: signedIn,
  });
}
