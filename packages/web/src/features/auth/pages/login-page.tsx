import { useEffect, useState } from 'react';
import { App, Card, Flex, Space, Typography } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StorageKey, readString, writeString } from '../../../lib/storage';
import { useSiteStatus } from '../../status/api/status.queries';
import { useLogin, usePhoneLogin, type LoginResult } from '../api/auth.queries';
import { LoginForm } from '../components/login-form';
import { LoginMessages } from '../components/login-messages';
import { LoginModeSwitch, type LoginMode } from '../components/login-mode-switch';
import { PhoneCodeForm } from '../components/phone-code-form';
import { useTurnstile } from '../hooks/use-turnstile';
import { redirectTargetOf } from '../redirect-target';
import { PasskeyLoginButton } from '../../two-factor/components/passkey-login-button';
import { TwoFactorLoginStep } from '../../two-factor/components/two-factor-login-step';
import { ThirdPartyLoginButtons } from '../../oauth';

/** /login (spec 1 §2.6): password and phone modes as the site allows them, plus third-party sign-in. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { message, modal } = App.useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { status } = useSiteStatus();
  const login = useLogin();
  const phoneLogin = usePhoneLogin();
  const turnstile = useTurnstile();
  const aff = params.get('aff');
  useEffect(() => {
    if (aff) writeString(StorageKey.aff, aff);
  }, [aff]);

  const passwordOn = status.enabled_password_login !== false;
  const phoneOn = status.enabled_phone_login === true;
  const [chosen, setMode] = useState<LoginMode>('password');
  /** Set when the password was right and a second factor is due (two-factor sign-in). */
  // A third-party sign-in that needs the second factor arrives here with its pending token.
  const arrivingToken = (location.state as { pendingToken?: string } | null)?.pendingToken ?? null;
  const [pendingToken, setPendingToken] = useState<string | null>(arrivingToken);
  // Telegram's widget and WeChat's frame sign in on this page and bring their token by navigating to it again.
  const [arrival, setArrival] = useState(location.key);
  if (arrival !== location.key) {
    setArrival(location.key);
    if (arrivingToken) setPendingToken(arrivingToken);
  }
  const mode: LoginMode = !passwordOn && phoneOn ? 'phone' : !phoneOn ? 'password' : chosen;

  const signedIn = (user: LoginResult) => {
    message.success(t('login.success'));
    if (user.default_password_warning) modal.warning({ title: t('login.defaultPasswordTitle'), content: t('login.defaultPassword') });
    void navigate(redirectTargetOf(params.get('next')), { replace: true });
  };
  const submitPassword = (body: { username: string; password: string }) => {
    const token = turnstile.take();
    if (token === null) return;
    login.mutate({ ...body, turnstile: token }, { onSuccess: (r) => ('require_2fa' in r ? setPendingToken(r.pending_token) : signedIn(r)), onSettled: turnstile.reset });
  };
  const submitPhone = (body: { phone_number: string; code: string }) =>
    phoneLogin.mutate({ ...body, aff: aff ?? readString(StorageKey.aff) ?? '' }, { onSuccess: (r) => ('require_2fa' in r ? setPendingToken(r.pending_token) : signedIn(r)) });

  const error = mode === 'password' ? login.error : phoneLogin.error;
  const failure = error ? error.message || t('login.failed') : null;
  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3}>{t('login.title', { name: status.system_name || '' })}</Typography.Title>
        <LoginMessages expired={params.get('expired') === 'true'} queryError={params.get('error')} failure={failure} />
        {pendingToken && <TwoFactorLoginStep pendingToken={pendingToken} onSignedIn={signedIn} onCancel={() => setPendingToken(null)} />}
        {!pendingToken && passwordOn && phoneOn && <LoginModeSwitch mode={mode} onChange={setMode} />}
        {!pendingToken && mode === 'phone' && <PhoneCodeForm submitting={phoneLogin.isPending} submitLabel={t('login.submit')} onSubmit={submitPhone} />}
        {!pendingToken && mode === 'password' &&
          (passwordOn ? (
            <LoginForm submitting={login.isPending} onSubmit={submitPassword} beforeSubmit={turnstile.widget} />
          ) : (
            <Typography.Paragraph type="secondary">{t('login.passwordDisabled')}</Typography.Paragraph>
          ))}
        {/* ── Third-party sign-in (issue 7, helper B): <ThirdPartyLoginButtons /> from features/oauth goes here. ── */}
        <ThirdPartyLoginButtons />
        {!pendingToken && <PasskeyLoginButton onSignedIn={signedIn} />}
        <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between' }}>
          {!status.self_use_mode_enabled && <Link to="/register">{t('login.toRegister')}</Link>}
          {mode === 'password' && <Link to="/reset">{t('login.forgotPassword')}</Link>}
        </Space>
      </Card>
    </Flex>
  );
}
