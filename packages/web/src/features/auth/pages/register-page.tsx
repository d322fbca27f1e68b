import { Button, Card, Flex, Result, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readString, StorageKey } from '../../../lib/storage';
import { notifySuccess } from '../../../lib/notify';
import { useSiteStatus } from '../../status/api/status.queries';
import { useRegister } from '../api/auth.queries';
import { RegisterForm } from '../components/register-form';

/** /register (spec 1 §2.7), password mode; closed when the site turns web registration off. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useSiteStatus();
  const register = useRegister();
  const closed =
    status.WebRegisterEnabled === false || status.register_enabled === false || status.password_register_enabled === false;

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
        <RegisterForm
          emailVerification={Boolean(status.email_verification)}
          affCode={params.get('aff') ?? readString(StorageKey.aff) ?? ''}
          submitting={register.isPending}
          onSubmit={(body) =>
            register.mutate(body, {
              onSuccess: () => {
                notifySuccess(t('register.success'));
                void navigate('/login');
              },
            })
          }
        />
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
