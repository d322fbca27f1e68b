import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS } from '@gw/contracts';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { useSendVerificationCode } from '../api/auth.queries';
import { useCountdown } from '../hooks/use-countdown';
import type { Turnstile } from '../hooks/use-turnstile';

interface EmailCodeButtonProps {
  getEmail: () => string;
  /** The form's Turnstile: GET /api/verification is guarded by it. */
  turnstile: Turnstile;
}

/** Sends the e-mail verification code, then waits 60 s before another send (spec 1 §4). */
export function EmailCodeButton({ getEmail, turnstile }: EmailCodeButtonProps) {
  const { t } = useTranslation('auth');
  const send = useSendVerificationCode();
  const [left, startCountdown] = useCountdown();

  const onClick = () => {
    const email = getEmail().trim();
    if (!email) return notifyWarning(t('register.emailRequired'));
    const token = turnstile.take();
    if (token === null) return;
    send.mutate(
      { email, turnstile: token },
      {
        onSuccess: () => {
          notifySuccess(t('register.codeSent'));
          startCountdown(CODE_RESEND_SECONDS);
        },
        onSettled: () => turnstile.reset(),
      },
    );
  };
  return (
    <Button onClick={onClick} disabled={left > 0} loading={send.isPending} data-testid="email-code-button">
      {left > 0 ? t('register.resendIn', { seconds: left }) : t('register.sendCode')}
    </Button>
  );
}
