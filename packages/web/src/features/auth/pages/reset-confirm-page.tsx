import { Alert, Button, Card, Flex, Input, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { useConfirmPasswordReset } from '../api/auth.queries';

/**
 * /user/reset?email&token: the page the mailed link opens. Confirming uses the link once; the server sets
 * a new random password, which is shown here with a copy button (new-api behaviour).
 */
export function ResetConfirmPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const copy = useCopyText();
  const newPassword = confirm.data;

  const onConfirm = () => confirm.mutate({ email, token });

  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3}>{t('resetConfirm.title')}</Typography.Title>
        {!email || !token ? (
          <Alert type="error" showIcon title={t('resetConfirm.badLink')} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }} size="middle">
            <Input value={email} readOnly aria-label={t('reset.email')} size="large" />
            {newPassword ? (
              <>
                <Alert type="success" showIcon title={t('resetConfirm.done')} />
                <Space.Compact style={{ width: '100%' }}>
                  <Input value={newPassword} readOnly aria-label={t('resetConfirm.newPassword')} data-testid="new-password" size="large" />
                  <Button size="large" icon={<CopyOutlined />} onClick={() => void copy(newPassword, t('resetConfirm.copied'))}>
                    {t('resetConfirm.copy')}
                  </Button>
                </Space.Compact>
                <Typography.Text type="secondary">{t('resetConfirm.changeLater')}</Typography.Text>
              </>
            ) : (
              <Button type="primary" size="large" block loading={confirm.isPending} onClick={onConfirm}>
                {t('resetConfirm.submit')}
              </Button>
            )}
          </Space>
        )}
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to="/login">{t('register.toLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
