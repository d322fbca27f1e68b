import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useSendSmsCode } from '../api/auth.queries';
import { useCountdown } from '../hooks/use-countdown';
import { SliderCaptcha } from './slider-captcha';

interface SmsCodeButtonProps {
  /** Resolves the checked phone number, or rejects when the field is invalid (the form shows why). */
  getPhone: () => Promise<string>;
}

/** "Get code": the slider captcha first, then the SMS, then a 60 s countdown (spec 1 §4). */
export function SmsCodeButton({ getPhone }: SmsCodeButtonProps) {
  const { t } = useTranslation('auth');
  const send = useSendSmsCode();
  const [left, startCountdown] = useCountdown();
  const [phone, setPhone] = useState<string | null>(null);

  const onClick = async () => {
    try {
      setPhone(await getPhone());
    } catch {
      // the form already shows what is wrong with the number
    }
  };
  const onPassed = (captchaKey: string) => {
    const mobile = phone;
    setPhone(null);
    if (!mobile) return;
    send.mutate(
      { mobile, captcha_key: captchaKey },
      {
        onSuccess: () => {
          notifySuccess(t('phone.codeSent'));
          startCountdown(CODE_RESEND_SECONDS);
        },
      },
    );
  };
  return (
    <>
      <Button onClick={() => void onClick()} disabled={left > 0} loading={send.isPending} data-testid="sms-code-button">
        {left > 0 ? t('register.resendIn', { seconds: left }) : t('register.sendCode')}
      </Button>
      <SliderCaptcha open={phone !== null} onPassed={onPassed} onCancel={() => setPhone(null)} />
    </>
  );
}
