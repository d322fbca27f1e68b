import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { useSendVerificationCode } from '../api/auth.queries';

const COUNTDOWN_SECONDS = 60;

/** Sends the e-mail verification code, then waits 60 s before another send (spec 1 §4). */
export function EmailCodeButton({ getEmail }: { getEmail: () => string }) {
  const { t } = useTranslation('auth');
  const send = useSendVerificationCode();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = () => {
    const email = getEmail().trim();
    if (!email) return notifyWarning(t('register.emailRequired'));
    send.mutate(email, {
      onSuccess: () => {
        notifySuccess(t('register.codeSent'));
        setLeft(COUNTDOWN_SECONDS);
      },
    });
  };
  return (
    <Button onClick={onClick} disabled={left > 0} loading={send.isPending}>
      {left > 0 ? t('register.resendIn', { seconds: left }) : t('register.sendCode')}
    </Button>
  );
}
