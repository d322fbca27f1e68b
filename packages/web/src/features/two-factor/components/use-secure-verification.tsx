import { useCallback, useState, type ReactNode } from 'react';
import { verificationNeededBy, type VerificationNeeded } from '../secure-verification';
import { SecureVerificationModal } from './secure-verification-modal';

interface Pending {
  need: VerificationNeeded;
  resume: (verified: boolean) => void;
  id: number;
}

let prompts = 0;

/**
 * Runs a call that may need a fresh second-factor check: when the server answers VERIFICATION_REQUIRED (or
 * EXPIRED), the prompt opens, and after a successful check the call runs again. Answers the call's result,
 * or null when the user cancelled. Mount `modal` somewhere in the component.
 */
export function useSecureVerification(): { withVerification: <T>(call: () => Promise<T>) => Promise<T | null>; modal: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);

  const withVerification = useCallback(async <T,>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (err) {
      const need = verificationNeededBy(err);
      if (!need) throw err;
      const verified = await new Promise<boolean>((resume) => setPending({ need, resume, id: ++prompts }));
      setPending(null);
      return verified ? call() : null;
    }
  }, []);

  const modal = pending && (
    <SecureVerificationModal key={pending.id} need={pending.need} onVerified={() => pending.resume(true)} onCancel={() => pending.resume(false)} />
  );
  return { withVerification, modal };
}
