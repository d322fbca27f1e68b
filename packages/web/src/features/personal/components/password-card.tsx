import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPassword, PASSWORD_MAX } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/personal.queries';

interface PasswordValues {
  original_password: string;
  password: string;
  confirm: string;
}

/** Change password (spec 3 §5): the current one, then 8-20 characters with a letter and a digit, twice. */
export function PasswordCard() {
  const { t } = useTranslation('personal');
  const change = useChangePassword();
  const [form] = Form.useForm<PasswordValues>();
  const submit = (v: PasswordValues) =>
    change.mutate(
      { password: v.password, original_password: v.original_password },
      {
        onSuccess: () => {
          notifySuccess(t('password.changed'));
          form.resetFields();
        },
      },
    );
  return (
    <Card title={t('password.title')}>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" style={{ maxWidth: 420 }}>
        <Form.Item name="original_password" label={t('password.current')} rules={[{ required: true, message: t('password.currentRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.new')}
          extra={t('password.rule')}
          rules={[
            { required: true, message: t('password.newRequired') },
            { validator: async (_r, value: string) => (!value || NewPassword.safeParse(value).success ? undefined : Promise.reject(new Error(t('password.rule')))) },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({ validator: async (_r, value: string) => (!value || value === getFieldValue('password') ? undefined : Promise.reject(new Error(t('password.mismatch')))) }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
