import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useRequestPasswordReset } from '../api/auth.queries';
import { useCountdown } from '../hooks/use-countdown';
import { useTurnstile } from '../hooks/use-turnstile';

/** Seconds the submit button waits after a reset mail was asked for (new-api's reset form). */
const RETRY_SECONDS = 30;

/** /reset: asks for a password-reset link by e-mail. */
export function ResetRequestPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<{ email: string }>();
  const request = useRequestPasswordReset();
  const turnstile = useTurnstile();
  const [left, startCountdown] = useCountdown();

  const submit = ({ email }: { email: string }) => {
    const token = turnstile.take();
    if (token === null) return;
    startCountdown(RETRY_SECONDS);
    request.mutate(
      { email: email.trim(), turnstile: token },
      {
        onSuccess: () => {
          notifySuccess(t('reset.sent'));
          form.resetFields();
        },
        onSettled: turnstile.reset,
      },
    );
  };
  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3}>{t('reset.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('reset.intro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" size="large" onFinish={submit}>
          <Form.Item name="email" label={t('reset.email')} rules={[{ required: true, whitespace: true, message: t('reset.emailRequired') }, { type: 'email', message: t('reset.emailInvalid') }]}>
            <Input prefix={<MailOutlined />} type="email" autoComplete="email" placeholder={t('reset.emailPlaceholder')} />
          </Form.Item>
          {turnstile.widget}
          <Button type="primary" htmlType="submit" block loading={request.isPending} disabled={left > 0}>
            {left > 0 ? t('reset.retryIn', { seconds: left }) : t('reset.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          {t('reset.remembered')} <Link to="/login">{t('register.toLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
