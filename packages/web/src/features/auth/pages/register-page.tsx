import { useState } from 'react';
import { Button, Card, Flex, Result, Tabs, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readString, StorageKey } from '../../../lib/storage';
import { notifySuccess } from '../../../lib/notify';
import { useSiteStatus } from '../../status/api/status.queries';
import { usePhoneRegister, useRegister } from '../api/auth.queries';
import { RegisterForm } from '../components/register-form';
import { PhoneCodeForm } from '../components/phone-code-form';
import { LegalConsent } from '../components/legal-consent';
import { useTurnstile } from '../hooks/use-turnstile';

type RegisterMode = 'password' | 'phone';

/** /register (spec 1 §2.7): password sign-up (with an e-mail code when required) and phone sign-up. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useSiteStatus();
  const register = useRegister();
  const phoneRegister = usePhoneRegister();
  const turnstile = useTurnstile();
  const [chosen, setMode] = useState<RegisterMode>('password');
  const passwordOn = status.password_register_enabled !== false;
  const phoneOn = status.enabled_phone_register === true;
  const closed = status.WebRegisterEnabled === false || status.register_enabled === false || (!passwordOn && !phoneOn);
  const mode: RegisterMode = passwordOn && (chosen === 'password' || !phoneOn) ? 'password' : 'phone';
  const affCode = params.get('aff') ?? readString(StorageKey.aff) ?? '';
  const consent = <LegalConsent userAgreement={status.user_agreement_enabled === true} privacyPolicy={status.privacy_policy_enabled === true} />;
  const done = () => {
    notifySuccess(t('register.success'));
    void navigate('/login');
  };

  if (closed) {
    return (
      <Result
        status="info"
        title={t('register.closed')}
        extra={<Link to="/login"><Button type="primary">{t('register.toLogin')}</Button></Link>}
      />
    );
  }
  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <Typography.Title level={3}>{t('register.title')}</Typography.Title>
        {passwordOn && phoneOn && (
          <Tabs
            activeKey={mode}
            onChange={(key) => setMode(key as RegisterMode)}
            items={[
              { key: 'password', label: t('register.passwordTab') },
              { key: 'phone', label: t('register.phoneTab') },
            ]}
          />
        )}
        {mode === 'password' ? (
          <RegisterForm
            emailVerification={Boolean(status.email_verification)}
            affCode={affCode}
            submitting={register.isPending}
            turnstile={turnstile}
            extra={consent}
            onSubmit={(body) => {
              const token = turnstile.take();
              if (token === null) return;
              register.mutate({ ...body, turnstile: token }, { onSuccess: done, onSettled: turnstile.reset });
            }}
          />
        ) : (
          <PhoneCodeForm
            submitting={phoneRegister.isPending}
            submitLabel={t('register.submit')}
            extra={consent}
            onSubmit={(v) => phoneRegister.mutate({ ...v, aff_code: affCode }, { onSuccess: done })}
          />
        )}
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
