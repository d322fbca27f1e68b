import { Alert, Button, Form, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN, SetupBody, USERNAME_MAX } from '@gw/contracts';
import { issuesToFields } from '../../../lib/form-errors';

type SiteMode = 'external' | 'self' | 'demo';
interface SetupValues {
  username: string;
  password: string;
  confirmPassword: string;
  mode: SiteMode;
}

interface SetupFormProps {
  rootExists: boolean;
  submitting: boolean;
  onSubmit: (body: SetupBody) => void;
}

/** Root account and site mode (spec 3 §2.9). An existing root account is kept (the server skips creating one). */
export function SetupForm({ rootExists, submitting, onSubmit }: SetupFormProps) {
  const { t } = useTranslation('setup');
  const [form] = Form.useForm<SetupValues>();

  const finish = (v: SetupValues) => {
    const parsed = SetupBody.safeParse({
      username: v.username ?? '',
      password: v.password ?? '',
      confirmPassword: v.confirmPassword ?? '',
      SelfUseModeEnabled: v.mode === 'self',
      DemoSiteEnabled: v.mode === 'demo',
    });
    if (parsed.success) onSubmit(parsed.data);
    else form.setFields(issuesToFields<SetupValues>(parsed.error, 'username'));
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ mode: 'external' }} onFinish={finish}>
      {rootExists && <Alert type="info" showIcon title={t('form.rootExists')} style={{ marginBottom: 16 }} />}
      <Form.Item name="username" label={t('form.username')} rules={[{ required: true, message: t('form.usernameRequired') }, { max: USERNAME_MAX, message: t('form.usernameTooLong', { max: USERNAME_MAX }) }]}>
        <Input autoComplete="username" placeholder={t('form.usernamePlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('form.password')} rules={[{ required: true, message: t('form.passwordRequired') }, { min: PASSWORD_MIN, message: t('form.passwordTooShort', { min: PASSWORD_MIN }) }, { max: PASSWORD_MAX, message: t('form.passwordTooLong', { max: PASSWORD_MAX }) }]}>
        <Input.Password autoComplete="new-password" placeholder={t('form.passwordPlaceholder', { min: PASSWORD_MIN, max: PASSWORD_MAX })} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('form.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('form.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('form.passwordsDiffer')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="mode" label={t('form.mode')} extra={t('form.modeHelp')}>
        <Radio.Group>
          <Space orientation="vertical">
            <Radio value="external">{t('form.modes.external')}</Radio>
            <Radio value="self">{t('form.modes.self')}</Radio>
            <Radio value="demo">{t('form.modes.demo')}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('form.submit')}
      </Button>
    </Form>
  );
}
