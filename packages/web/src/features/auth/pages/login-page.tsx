import { useEffect } from 'react';
import { App, Card, Flex, Space, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StorageKey, writeString } from '../../../lib/storage';
import { useSiteStatus } from '../../status/api/status.queries';
import { useLogin } from '../api/auth.queries';
import { LoginForm } from '../components/login-form';
import { LoginMessages } from '../components/login-messages';
import { redirectTargetOf } from '../redirect-target';

/** /login (spec 1 §2.6), password mode. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { message, modal } = App.useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useSiteStatus();
  const login = useLogin();
  const aff = params.get('aff');
  useEffect(() => {
    if (aff) writeString(StorageKey.aff, aff);
  }, [aff]);

  const submit = (body: { username: string; password: string }) =>
    login.mutate(body, {
      onSuccess: (user) => {
        message.success(t('login.success'));
        if (user.default_password_warning) modal.warning({ title: t('login.defaultPasswordTitle'), content: t('login.defaultPassword') });
        void navigate(redirectTargetOf(params.get('next')), { replace: true });
      },
    });

  const failure = login.isError ? login.error.message || t('login.failed') : null;
  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3}>{t('login.title', { name: status.system_name || '' })}</Typography.Title>
        <LoginMessages expired={params.get('expired') === 'true'} queryError={params.get('error')} failure={failure} />
        {status.enabled_password_login === false ? (
          <Typography.Paragraph type="secondary">{t('login.passwordDisabled')}</Typography.Paragraph>
        ) : (
          <LoginForm submitting={login.isPending} onSubmit={submit} />
        )}
        <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between' }}>
          {!status.self_use_mode_enabled && <Link to="/register">{t('login.toRegister')}</Link>}
          <Link to="/reset">{t('login.forgotPassword')}</Link>
        </Space>
      </Card>
    </Flex>
  );
}
